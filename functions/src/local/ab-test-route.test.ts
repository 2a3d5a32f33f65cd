import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server';

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  await test.context.store.runTransaction(async (tx) => {
    tx.set('appFeatures/landingHeroTest', {
      id: 'landingHeroTest',
      name: 'Landing hero',
      enabled: true,
      type: 'ab_test',
      abTestConfig: {
        variants: [{ id: 'control', name: 'Control', trafficPercentage: 100 }],
        isActive: true,
      },
    });
  });
});

afterAll(() => test.close());

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${test.server.url}/api/analytics/ab-test`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
  });

/** The page's assignment event for a session the server started (the test has one variant). */
async function assignment(token?: string) {
  const started = await test.post('startAbTestSession', { data: {} }, token);
  const { sessionId } = started.body.result as { sessionId: string };
  return {
    testId: 'landingHeroTest',
    variantId: 'control',
    variantName: 'Control',
    eventType: 'assignment',
    userId: null,
    sessionId,
  };
}

describe('POST /api/analytics/ab-test on the local server', () => {
  it("keeps a visitor's event, and a member's with their verified uid", async () => {
    expect((await post(JSON.stringify(await assignment()))).status).toBe(202);
    const members = JSON.stringify(await assignment('token-m1'));
    expect((await post(members, { Authorization: 'Bearer token-m1' })).status).toBe(202);
    const kept = (await test.context.store.query<{ userId: string | null }>('abTestEvents')).map(
      (doc) => doc.data.userId,
    );
    expect(kept.sort()).toEqual(['m1', null].sort());
  });

  it('answers a body over 1 MiB with 413 and a bad one with 400, never a 500', async () => {
    const event = await assignment();
    expect((await post(JSON.stringify({ ...event, variantName: 'x'.repeat(1_100_000) }))).status).toBe(413);
    expect((await post('nonsense')).status).toBe(400);
  });

  it('refuses a body over 2 KiB while reading it, even when its length is not declared', async () => {
    let ended = false;
    const answer = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/analytics/ab-test', test.server.url);
      const request = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST' },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      // Chunked, no Content-Length: 3 KiB, then a pause the server must not wait out.
      request.write(`{"variantName":"${'x'.repeat(3 * 1024)}`);
      setTimeout(() => {
        ended = true;
        request.end('"}');
      }, 3_000).unref();
    });
    expect(answer).toBe(413);
    expect(ended).toBe(false);
  });

  it('keeps a conversion carrying a few values', async () => {
    const event = await assignment();
    expect((await post(JSON.stringify(event))).status).toBe(202);
    const answer = await post(
      JSON.stringify({ ...event, eventType: 'conversion', eventData: { button: 'hero-cta' } }),
    );
    expect(answer.status).toBe(202);
  });
});
