/**
 * AI comments on a photo (`generateGenComments`, spec 2 section 7): short, kind remarks a voter might
 * leave. Two writers behind one interface, as the insights have: an OpenAI-compatible chat API when
 * configured (AI_API_KEY, AI_BASE_URL, AI_MODEL), else offline templates fed by the face analysis.
 */
import * as yup from 'yup';
import type { FaceDetail } from '../../../src/domain/photo';

export interface CommentWriter {
  write(count: number, photo: { caption?: string; faceDetail?: FaceDetail }): Promise<string[]>;
}

const OPENINGS = ['Love', 'Really like', 'Great', 'Such', 'Nice', 'Beautiful', 'What', 'Lovely'];
const FEATURES_SMILING = ['smile', 'warm expression', 'happy vibe', 'friendly look', 'bright energy'];
const FEATURES_CALM = ['calm look', 'confident pose', 'steady gaze', 'relaxed vibe', 'natural look'];
const EXTRAS = [
  'the lighting works well here.',
  'the framing is spot on.',
  'feels genuine and approachable.',
  'it really stands out.',
  'this one would do great on a profile.',
  'the colours suit you.',
  'great choice of background.',
  'you look very natural.',
];
const CAPTION_NODS = [
  'Fits the caption perfectly',
  'The caption says it all',
  'Caption and photo match well',
];

/** Without an AI service: comments built from the face analysis and the caption, the same each time. */
export const offlineCommentWriter: CommentWriter = {
  async write(count, { caption, faceDetail }) {
    const features = faceDetail?.Smile.Value ? FEATURES_SMILING : FEATURES_CALM;
    const comments: string[] = [];
    for (let n = 0; n < count; n++) {
      if (caption && n % 7 === 3) {
        comments.push(`${CAPTION_NODS[n % CAPTION_NODS.length]}: “${caption}”.`);
        continue;
      }
      const opening = OPENINGS[n % OPENINGS.length]!;
      const feature = features[Math.floor(n / OPENINGS.length) % features.length]!;
      const extra = EXTRAS[(n * 3) % EXTRAS.length]!;
      comments.push(`${opening} ${feature}, ${extra}`);
    }
    return comments;
  },
};

export interface ChatCommentOptions {
  apiKey: string;
  baseUrl: string;
  model: string;
  fetch?: typeof fetch;
}

const answerSchema = yup.object({
  comments: yup.array(yup.string().trim().max(500).required()).min(1).required(),
});

/** An OpenAI-compatible chat completions client that asks for the comments as one JSON object. */
export function chatCommentWriter(options: ChatCommentOptions): CommentWriter {
  const send = options.fetch ?? fetch;
  return {
    async write(count, { caption, faceDetail }) {
      const response = await send(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({
          model: options.model,
          response_format: { type: 'json_object' },
          messages: [
            {
              role: 'system',
              content: `You write ${count} short, kind, varied comments that people rating a profile photo might leave, each under 150 characters, never about the body. Answer with one JSON object {"comments": [..]}.`,
            },
            {
              role: 'user',
              content: JSON.stringify({ faceAnalysis: faceDetail ?? null, caption: caption ?? null }),
            },
          ],
        }),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`The AI text service answered ${response.status}.`);
      const body = (await response.json()) as { choices?: Array<{ message?: { content?: string } }> };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error('The AI text service sent no comments.');
      const { comments } = await answerSchema.validate(JSON.parse(content), { stripUnknown: true });
      return comments.filter((comment) => comment.length > 0).slice(0, count);
    },
  };
}

/** The configured writer: the chat API when a key is set, else the offline one. */
export function commentWriterFromEnv(env: NodeJS.ProcessEnv = process.env): CommentWriter {
  if (!env.AI_API_KEY) return offlineCommentWriter;
  return chatCommentWriter({
    apiKey: env.AI_API_KEY,
    baseUrl: env.AI_BASE_URL ?? 'https://api.openai.com/v1',
    model: env.AI_MODEL ?? 'gpt-4o-mini',
  });
}
