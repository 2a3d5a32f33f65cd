import type { Request } from 'firebase-functions/v2/https';
import { describe, expect, it } from 'vitest';
import { APP_CHECK_REFUSED, appCheckEnforced, appCheckRefusal, behindAppCheck } from './app-check';

const refused = { status: 401, body: { error: APP_CHECK_REFUSED } };

describe('appCheckRefusal, for the A/B endpoint', () => {
  it('refuses a request without a token, or with one that does not verify, without trying more', async () => {
    const verified: string[] = [];
    const verify = async (token: string) => {
      verified.push(token);
      if (token !== 'good') throw new Error('App Check token is invalid');
    };
    expect(await appCheckRefusal(undefined, verify)).toEqual(refused);
    expect(await appCheckRefusal('', verify)).toEqual(refused);
    expect(await appCheckRefusal('forged', verify)).toEqual(refused);
    expect(await appCheckRefusal('good', verify)).toBeNull();
    expect(verified).toEqual(['forged', 'good']);
  });
});

describe('appCheckEnforced', () => {
  it('is on when deployed and in the emulator of a real project, off in the emulator of a demo one', () => {
    expect(appCheckEnforced({ GCLOUD_PROJECT: 'photorater-prod' })).toBe(true);
    expect(appCheckEnforced({ GCLOUD_PROJECT: 'demo-photorater' })).toBe(true);
    expect(appCheckEnforced({ FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'photorater-dev' })).toBe(true);
    expect(appCheckEnforced({ FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'demo-photorater' })).toBe(false);
  });
});

describe('behindAppCheck, the A/B endpoint on Cloud Functions', () => {
  const request = (headers: Record<string, string>) =>
    ({ get: (name: string) => headers[name.toLowerCase()] }) as unknown as Request;
  const verify = async (token: string) => {
    if (token !== 'good') throw new Error('App Check token is invalid');
  };

  async function answerOf(enforced: boolean, headers: Record<string, string>) {
    let reached = false;
    const endpoint = behindAppCheck({ enforced }, verify, async () => {
      reached = true;
      return { status: 202, body: { received: true } };
    });
    let answered: { status: number; body: unknown } | undefined;
    await endpoint(request(headers), {
      status: (status) => ({ json: (body) => (answered = { status, body }) }),
    });
    return { reached, answered };
  }

  it("keeps no event from a client without the app's token", async () => {
    expect(await answerOf(true, {})).toEqual({ reached: false, answered: refused });
    expect(await answerOf(true, { 'x-firebase-appcheck': 'forged' })).toEqual({
      reached: false,
      answered: refused,
    });
  });

  it("receives the app's events, and everyone's where App Check is left open", async () => {
    const received = { reached: true, answered: { status: 202, body: { received: true } } };
    expect(await answerOf(true, { 'x-firebase-appcheck': 'good' })).toEqual(received);
    expect(await answerOf(false, {})).toEqual(received);
  });
});
