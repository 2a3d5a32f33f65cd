/**
 * The AI text service: an OpenAI-compatible chat completions API, asked for one JSON object. The
 * insights, the admin's AI comments and the article drafts all go through it; each checks the
 * object with its own schema.
 */
export interface ChatOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  fetch?: typeof fetch;
}

/**
 * The service's settings from the environment, or none without a key (the offline writers then). A blank
 * key is none: on Firebase it is a secret, which must exist, so a service left off has a blank one.
 */
export function chatOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ChatOptions | undefined {
  const apiKey = env.AI_API_KEY?.trim();
  if (!apiKey) return undefined;
  return {
    apiKey,
    baseUrl: env.AI_BASE_URL ?? 'https://api.openai.com/v1',
    model: env.AI_MODEL ?? 'gpt-4o-mini',
  };
}

export interface JsonRequest {
  /** What the service is to write and the object's keys. */
  system: string;
  user: string;
  timeoutMs: number;
  /** What is asked for, for the error when nothing comes back ('insights', 'comments'). */
  what: string;
}

export async function askForJson(options: ChatOptions, request: JsonRequest): Promise<unknown> {
  const send = options.fetch ?? fetch;
  const response = await send(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.apiKey}` },
    body: JSON.stringify({
      model: options.model,
      response_format: { type: 'json_object' },
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
    }),
    signal: AbortSignal.timeout(request.timeoutMs),
  });
  if (!response.ok) throw new Error(`The AI text service answered ${response.status}.`);
  const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
  const content = body.choices?.[0]?.message?.content;
  if (!content) throw new Error(`The AI text service sent no ${request.what}.`);
  return JSON.parse(content) as unknown;
}
