import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorReport } from '../../../src/domain/error-report';
import { caller, seedMember } from '../testing';
import { ANALYTICS_LOG, ERROR_LOG, summarize } from './event-logs';
import { startTestServer, type TestServer } from './test-server';

const APP = 'http://localhost:5173';
let dir: string;
let test: TestServer;
const abEvents: Array<{ testId: string; variantId: string; variantName: string; eventType: string }> = [];

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'event-logs-'));
  abEvents.length = 0;
  test = await startTestServer({
    eventLogDir: dir,
    readAbEvents: async () => abEvents,
    verifyIdToken: async (token) => {
      // A former admin's token still carries the claim it was minted with.
      if (token === 'token-admin' || token === 'token-former')
        return caller(token.slice(6), { isAdmin: true });
      if (token.startsWith('token-')) return caller(token.slice('token-'.length));
      throw new Error('bad token');
    },
  });
});

beforeEach(async () => {
  await seedMember(test.context.store, 'admin', { isAdmin: true });
  await seedMember(test.context.store, 'former', { isAdmin: false });
});

afterEach(async () => {
  await test.close();
  rmSync(dir, { recursive: true, force: true });
});

async function send(route: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${test.server.url}${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: APP, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const lines = (file: string) =>
  existsSync(path.join(dir, file))
    ? readFileSync(path.join(dir, file), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

const appOpened = { name: 'app opened', params: {}, sentAt: '2026-11-22T10:00:00.000Z' };
const asAlice = { Authorization: 'Bearer token-alice' };

describe('the analytics events route', () => {
  it("appends each of the product's events to the data folder's log", async () => {
    expect((await send('/api/analytics/events', appOpened)).status).toBe(202);
    const purchase = {
      name: 'points purchased',
      params: { value: 2, amount: 100, currency: 'USD' },
      sentAt: '2026-11-22T10:00:01.000Z',
    };
    expect((await send('/api/analytics/events', purchase, asAlice)).status).toBe(202);
    expect(lines(ANALYTICS_LOG)).toEqual([
      expect.objectContaining({ ...appOpened, userId: null }),
      expect.objectContaining({ ...purchase, userId: 'alice', receivedAt: expect.any(String) }),
    ]);
  });

  it('takes the member from the verified token only: a userId in the body is refused, a bad token is a visitor', async () => {
    const forged = await send('/api/analytics/events', { ...appOpened, userId: 'bob' }, asAlice);
    expect(forged).toEqual({ status: 400, body: { error: 'Unknown field: userId.' } });
    expect(lines(ANALYTICS_LOG)).toEqual([]);
    const stale = await send('/api/analytics/events', appOpened, { Authorization: 'Bearer forged' });
    expect(stale.status).toBe(202);
    expect(lines(ANALYTICS_LOG)).toEqual([expect.objectContaining({ name: 'app opened', userId: null })]);
  });

  it('refuses what is not an event of the product, with a clear message and nothing written', async () => {
    for (const bad of [
      'not json',
      '[]',
      'null',
      { ...appOpened, name: 'made up' },
      { ...appOpened, extra: 1 },
      { ...appOpened, userId: null },
      { ...appOpened, sentAt: 'yesterday' },
      { ...appOpened, params: { nested: { a: 1 } } },
      { ...appOpened, params: [] },
      { ...appOpened, params: { text: 'x'.repeat(501) } },
      '{"name":"login","params":{"__proto__":{"admin":true}},"sentAt":"2026-11-22T10:00:00Z"}',
      '{"name":"login","__proto__":{"admin":true},"sentAt":"2026-11-22T10:00:00Z"}',
    ]) {
      const answer = await send('/api/analytics/events', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error, JSON.stringify(bad)).toEqual(expect.any(String));
    }
    expect(lines(ANALYTICS_LOG)).toEqual([]);
  });

  it('refuses a huge body unread, another site, and more than a page would send', async () => {
    const huge = await send('/api/analytics/events', { ...appOpened, params: { text: 'x'.repeat(10_000) } });
    expect(huge.status).toBe(413);
    const foreign = await fetch(`${test.server.url}/api/analytics/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify(appOpened),
    });
    expect(foreign.status).toBe(403);
    const answers = [];
    for (let sent = 0; sent < 125; sent++)
      answers.push((await send('/api/analytics/events', appOpened)).status);
    expect(answers.filter((status) => status === 202)).toHaveLength(120);
    expect(answers.at(-1)).toBe(429);
    expect(lines(ANALYTICS_LOG)).toHaveLength(120);
  });
});

describe('the analytics summary', () => {
  it("counts per event and per A/B variant, for admins only: a former admin's token is refused", async () => {
    await send('/api/analytics/events', appOpened);
    await send('/api/analytics/events', { ...appOpened, name: 'login' });
    await send('/api/analytics/events', appOpened);
    const variant = { testId: 'landingHeroTest', variantId: 'social_proof', variantName: 'Social proof' };
    for (const name of ['ab_test_assignment', 'ab_test_assignment', 'ab_test_conversion'])
      await send('/api/analytics/events', { ...appOpened, name, params: variant });
    const stored = ['assignment', 'assignment', 'assignment', 'conversion'].map((eventType) => ({
      ...variant,
      eventType,
    }));
    abEvents.push(...stored);
    const read = (token?: string) =>
      fetch(`${test.server.url}/api/analytics/summary`, {
        headers: { Origin: APP, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
    expect((await read()).status).toBe(401);
    expect((await read('nonsense')).status).toBe(401);
    expect((await read('token-alice')).status).toBe(403);
    expect((await read('token-former')).status).toBe(403);
    const answer = await read('token-admin');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      events: [
        { name: 'ab_test_assignment', count: 2 },
        { name: 'app opened', count: 2 },
        { name: 'ab_test_conversion', count: 1 },
        { name: 'login', count: 1 },
      ],
      // Per variant from the A/B endpoint's records, not the analytics copies of its events.
      variants: [{ ...variant, assignments: 3, conversions: 1, interactions: 0 }],
    });
  });

  it('counts the variants from the A/B events kept by their endpoint', () => {
    expect(
      summarize(
        [{ name: 'login', params: {} }],
        [{ testId: 't', variantId: 'a', variantName: 'A', eventType: 'assignment' }],
      ),
    ).toEqual({
      events: [{ name: 'login', count: 1 }],
      variants: [
        { testId: 't', variantId: 'a', variantName: 'A', assignments: 1, conversions: 0, interactions: 0 },
      ],
    });
  });
});

describe('the error reports route', () => {
  const report = errorReport(
    {
      type: 'firebase',
      severity: 'medium',
      message: 'Service temporarily unavailable. Please try again.',
      code: 'internal',
      context: {
        component: 'RatePage',
        feature: 'rating',
        action: 'submitRating',
        userId: 'alice',
        photoId: 'p1',
      },
    },
    {
      stack: 'Error: boom\n    at submit (app.js:1:2)',
      path: '/rate?session_id=cs_1',
      now: new Date('2026-11-22T10:00:00Z'),
    },
  );

  it('appends a report with its context to the error log', async () => {
    expect((await send('/api/errors', report, asAlice)).status).toBe(202);
    expect(lines(ERROR_LOG)).toEqual([{ ...report, receivedAt: expect.any(String) }]);
    expect(lines(ERROR_LOG)[0]!.path).toBe('/rate');
  });

  it("names the member by the request's token only, and scrubs the path's query, the metadata and the code", async () => {
    const leaky = {
      ...report,
      code: 'auth/x oobCode=code-secret',
      path: '/__/auth/action?mode=resetPassword&oobCode=path-secret',
      context: { ...report.context, userId: 'mallory', metadata: { idToken: 'eyJa.eyJb.c2ln', attempt: 1 } },
    };
    expect((await send('/api/errors', leaky, asAlice)).status).toBe(202);
    expect((await send('/api/errors', leaky)).status).toBe(202);
    expect((await send('/api/errors', leaky, { Authorization: 'Bearer forged' })).status).toBe(202);
    const kept = lines(ERROR_LOG);
    expect(kept.map((line) => (line.context as { userId: unknown }).userId)).toEqual(['alice', null, null]);
    expect(JSON.stringify(kept)).not.toMatch(/mallory|code-secret|path-secret|eyJ/);
    expect(kept[0]).toMatchObject({ path: '/__/auth/action', context: { metadata: { attempt: 1 } } });
  });

  it('scrubs a token that reached the route, and refuses bad shapes and huge bodies', async () => {
    const leaky = { ...report, message: 'failed with Bearer eyJhbGciOi.eyJzdWIiOi.c2ln' };
    expect((await send('/api/errors', leaky)).status).toBe(202);
    expect(JSON.stringify(lines(ERROR_LOG))).not.toContain('eyJ');
    for (const bad of [
      { ...report, type: 'made up' },
      { ...report, extra: true },
      { ...report, context: { ...report.context, password: 'hunter2' } },
      { ...report, context: { ...report.context, metadata: { nested: { a: 1 } } } },
      '{"type":"general","__proto__":{}}',
      'nope',
    ]) {
      expect((await send('/api/errors', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await send('/api/errors', { ...report, message: 'x'.repeat(20_000) })).status).toBe(413);
    expect(lines(ERROR_LOG)).toHaveLength(1);
  });
});

describe('the per-variant counts on the local server', () => {
  it("come from the A/B endpoint's records in the store", async () => {
    const own = await startTestServer({
      eventLogDir: dir,
      verifyIdToken: async () => caller('admin', { isAdmin: true }),
    });
    await seedMember(own.context.store, 'admin', { isAdmin: true });
    try {
      const stored = {
        testId: 'landingHeroTest',
        variantId: 'control',
        variantName: 'Control',
        sessionId: 's1',
      };
      await own.context.store.runTransaction(async (tx) => {
        tx.set('abTestEvents/e1', {
          ...stored,
          eventType: 'assignment',
          userId: null,
          receivedAt: new Date(),
        });
        tx.set('abTestEvents/e2', {
          ...stored,
          eventType: 'conversion',
          userId: null,
          receivedAt: new Date(),
        });
      });
      const answer = await fetch(`${own.server.url}/api/analytics/summary`, {
        headers: { Origin: APP, Authorization: 'Bearer token-admin' },
      });
      expect(((await answer.json()) as { variants: unknown[] }).variants).toEqual([
        {
          testId: 'landingHeroTest',
          variantId: 'control',
          variantName: 'Control',
          assignments: 1,
          conversions: 1,
          interactions: 0,
        },
      ]);
    } finally {
      await own.close();
    }
  });
});
