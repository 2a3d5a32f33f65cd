/**
 * The local server's limits as a flooder meets them over HTTP: what the client writes in headers names
 * no sender, throwaway accounts share their address's day of Contact us and of A/B sessions, and an
 * A/B conversion counts only for a session the server started and assigned.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AB_TEST_MESSAGES, AB_TEST_SESSIONS_PER_SENDER_PER_DAY } from '../../../src/domain/ab-test-events';
import { CONTACT_MESSAGES, CONTACT_MESSAGES_PER_SENDER_PER_DAY } from '../../../src/domain/contact';
import { RateLimiter } from '../handlers/rate-limit';
import { seedMember } from '../testing';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

let test: TestServer | undefined;

afterEach(async () => {
  await test?.close();
  test = undefined;
});

const message = { data: { email: 'visitor@example.com', message: 'Hello there, a question for you.' } };

describe('Contact us on the local server, flooded', () => {
  it('gives five throwaway accounts on one address one share of the day between them', async () => {
    test = await startTestServer();
    const answers = [];
    for (let account = 1; account <= 5; account++) {
      await seedMember(test.context.store, `throwaway${account}`);
      for (let n = 0; n < 3; n++)
        answers.push(await test.post('sendContactMessage', message, `token-throwaway${account}`));
    }
    const sent = answers.filter((answer) => answer.status === 200);
    expect(sent).toHaveLength(CONTACT_MESSAGES_PER_SENDER_PER_DAY);
    expect(answers.at(-1)).toMatchObject({
      status: 429,
      body: { error: { message: CONTACT_MESSAGES.senderFull } },
    });
    expect(await test.context.store.query('contact')).toHaveLength(CONTACT_MESSAGES_PER_SENDER_PER_DAY);
  });

  it("names the sender by the connection, never by the client's X-Forwarded-For", async () => {
    test = await startTestServer();
    const statuses = [];
    for (let n = 1; n <= 6; n++) {
      const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/sendContactMessage`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${n}` },
        body: JSON.stringify(message),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });
});

const conversion = (sessionId: string) =>
  JSON.stringify({
    testId: 'landingHeroTest',
    variantId: 'control',
    variantName: 'Control',
    eventType: 'conversion',
    userId: null,
    sessionId,
  });

describe('A/B events on the local server, from anyone', () => {
  async function withRunningTest(): Promise<TestServer> {
    const server = await startTestServer();
    await server.context.store.runTransaction(async (tx) => {
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
    return server;
  }

  const postEvent = (server: TestServer, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.server.url}/api/analytics/ab-test`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body,
    });

  it('keeps no conversion for made-up sessions, from a visitor or from any account', async () => {
    test = await withRunningTest();
    const before = await test.context.store.contents();
    for (let n = 0; n < 6; n++) {
      const headers: Record<string, string> = n % 2 ? { Authorization: `Bearer token-throwaway${n}` } : {};
      const answer = await postEvent(test, conversion(`made-up-session-${n}000`), headers);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: AB_TEST_MESSAGES.noSession });
    }
    expect(await test.context.store.contents()).toEqual(before);
  });

  it('counts a conversion only after the assignment the server gave its session', async () => {
    test = await withRunningTest();
    const started = await test.post('startAbTestSession', { data: {} });
    const { sessionId } = started.body.result as { sessionId: string };
    expect((await postEvent(test, conversion(sessionId))).status).toBe(409);
    const assignment = conversion(sessionId).replace('"conversion"', '"assignment"');
    expect((await postEvent(test, assignment)).status).toBe(202);
    expect((await postEvent(test, conversion(sessionId))).status).toBe(202);
  });

  it('starts a share of sessions a day for one address, throwaway accounts on it included', async () => {
    test = await startTestServer({ limits: new RateLimiter(100) });
    const statuses = [];
    for (let n = 0; n < AB_TEST_SESSIONS_PER_SENDER_PER_DAY + 2; n++)
      statuses.push(
        (await test.post('startAbTestSession', { data: {} }, n % 3 ? `token-t${n}` : undefined)).status,
      );
    expect(statuses.filter((status) => status === 200)).toHaveLength(AB_TEST_SESSIONS_PER_SENDER_PER_DAY);
    expect(statuses.at(-1)).toBe(429);
  });
});
