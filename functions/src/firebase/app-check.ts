/**
 * App Check on the Cloud Functions host, enforced on what visitors reach: the callables of
 * VISITOR_CALLABLES (the callable SDK checks the token: `enforceAppCheck`) and the A/B endpoint (its
 * `X-Firebase-AppCheck` header, verified here). Members' callables are keyed on the verified uid and
 * need none. The Functions emulator of a `demo-` project is left open: App Check's service, which
 * exchanges even the debug provider's tokens, knows no such project.
 */
import type { Request } from 'firebase-functions/v2/https';
import type { ReportAnswer } from '../handlers/report-client-error';

export const APP_CHECK_REFUSED = 'This request did not come from the app.';

export function appCheckEnforced(env: NodeJS.ProcessEnv): boolean {
  const project = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? '';
  return !(env.FUNCTIONS_EMULATOR === 'true' && project.startsWith('demo-'));
}

/** Null for a request whose App Check token verifies; otherwise the 401 it is answered with. */
export async function appCheckRefusal(
  token: string | undefined,
  verify: VerifyAppCheck,
): Promise<ReportAnswer | null> {
  const refused = { status: 401, body: { error: APP_CHECK_REFUSED } };
  if (!token) return refused;
  try {
    await verify(token);
    return null;
  } catch {
    return refused;
  }
}

export type VerifyAppCheck = (token: string) => Promise<unknown>;

/** What an HTTPS function needs of its response: Express's, as the Functions runtime gives it. */
export interface JsonResponse {
  status(code: number): { json(body: unknown): unknown };
}

/**
 * An HTTPS function's work behind App Check, where the host enforces it: a request without a token that
 * verifies is answered 401 and goes no further.
 */
export function behindAppCheck(
  appCheck: { enforced: boolean },
  verify: VerifyAppCheck,
  answer: (request: Request) => Promise<ReportAnswer>,
) {
  return async (request: Request, response: JsonResponse): Promise<void> => {
    const refusal = appCheck.enforced
      ? await appCheckRefusal(request.get('x-firebase-appcheck'), verify)
      : null;
    const { status, body } = refusal ?? (await answer(request));
    response.status(status).json(body);
  };
}
