/**
 * The A/B endpoint as anyone on the internet calls it: ids the store itself refuses are refused as
 * not valid before anything is read (Firestore answers a read of `__…__` with INVALID_ARGUMENT, which
 * the function would turn into a 500); conversions for sessions the server never started, or for a
 * variant it did not give, count for nothing; one sender's share of a day is small.
 */
import { describe, expect, it } from 'vitest';
import {
  AB_TEST_EVENTS,
  AB_TEST_EVENTS_PER_DAY,
  AB_TEST_INTERACTIONS_PER_SESSION,
  AB_TEST_MESSAGES,
  AB_TEST_SESSION_DAYS_KEPT,
  AB_TEST_SESSIONS_PER_SENDER_PER_DAY,
  type StoredAbTestEvent,
} from '../../../src/domain/ab-test-events';
import { assignVariant } from '../../../src/domain/ab-tests';
import { caller, seedMember, testContext } from '../testing';
import { abTestLimiter, receiveAbTestEvent } from './ab-test-events';
import { startAbTestSession } from './ab-test-sessions';
import type { Caller } from './handler';

const event = {
  testId: 'landingHeroTest',
  variantId: 'control',
  variantName: 'Control',
  eventType: 'assignment',
  sessionId: 'session-1234abcd',
};

describe('receiveAbTestEvent, attacked', () => {
  it("refuses the store's reserved ids with a 400 naming the field, and reads and writes nothing", async () => {
    const context = testContext();
    const reads: string[] = [];
    const store = new Proxy(context.store, {
      get(target, key, receiver) {
        if (key === 'get')
          return (path: string) => {
            reads.push(path);
            return target.get(path);
          };
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const services = { store, clock: context.clock, limiter: abTestLimiter() };
    const visitor = { address: '203.0.113.9', uid: null };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...event, testId: '__name__' }, 'Test is not valid'],
      [{ ...event, testId: '__proto__' }, 'Test is not valid'],
    ];
    for (const [body, error] of cases) {
      const before = await context.store.contents();
      const answer = await receiveAbTestEvent(JSON.stringify(body), visitor, services);
      expect(answer, JSON.stringify(body)).toEqual({ status: 400, body: { error } });
      expect(await context.store.contents()).toEqual(before);
    }
    expect(reads).toEqual([]);
  });
});

const runningTest = {
  id: 'landingHeroTest',
  name: 'Landing hero',
  description: '',
  enabled: true,
  value: null,
  type: 'ab_test' as const,
  abTestConfig: {
    variants: [
      { id: 'control', name: 'Control', trafficPercentage: 50 },
      { id: 'social_proof', name: 'Social proof', trafficPercentage: 50 },
    ],
    isActive: true,
    analyticsKey: 'landingHeroTest',
    startDate: null,
    endDate: null,
  },
  createdAt: new Date('2026-11-01T00:00:00Z'),
  updatedAt: new Date('2026-11-01T00:00:00Z'),
};

async function site() {
  const context = testContext();
  await context.store.runTransaction(async (tx) => {
    tx.set('appFeatures/landingHeroTest', runningTest);
  });
  const services = { store: context.store, clock: context.clock, limiter: abTestLimiter() };
  // The hosts name no address to the endpoint; an older one named it beside the uid.
  const visitor = { uid: null, address: '203.0.113.9' };
  /** A session the server started for a sender at `address`. */
  const start = async (address = '203.0.113.9', who: Caller | null = null) =>
    (await startAbTestSession.run({}, { ...context.as(who), senderAddress: address })).sessionId;
  const post = async (sessionId: string, eventType: string, variantId?: string) =>
    receiveAbTestEvent(
      JSON.stringify({
        ...event,
        sessionId,
        eventType,
        variantId: variantId ?? assignVariant(runningTest, sessionId)!.id,
      }),
      visitor,
      services,
    );
  const events = async () =>
    (await context.store.query<StoredAbTestEvent>(AB_TEST_EVENTS)).map(({ data }) => data);
  return { context, start, post, events };
}

const other = (variantId: string) => (variantId === 'control' ? 'social_proof' : 'control');

describe('A/B conversions from anyone', () => {
  it('keeps no event for a session the server never started', async () => {
    const { context, post } = await site();
    const before = await context.store.contents();
    for (const eventType of ['assignment', 'conversion', 'interaction'])
      expect(await post('made-up-session-0001', eventType)).toEqual({
        status: 404,
        body: { error: AB_TEST_MESSAGES.noSession },
      });
    expect(await context.store.contents()).toEqual(before);
  });

  it("refuses an assignment to a variant the server's rule did not give the session", async () => {
    const { context, start, post } = await site();
    const sessionId = await start();
    const assigned = assignVariant(runningTest, sessionId)!.id;
    const before = await context.store.contents();
    expect(await post(sessionId, 'assignment', other(assigned))).toEqual({
      status: 409,
      body: { error: AB_TEST_MESSAGES.notAssigned },
    });
    expect(await context.store.contents()).toEqual(before);
  });

  it("counts a conversion or interaction only after the session's assignment, and only for its variant", async () => {
    const { context, start, post, events } = await site();
    const sessionId = await start();
    const assigned = assignVariant(runningTest, sessionId)!.id;
    const before = await context.store.contents();
    for (const eventType of ['conversion', 'interaction'])
      expect((await post(sessionId, eventType)).status).toBe(409);
    expect(await context.store.contents()).toEqual(before);
    expect((await post(sessionId, 'assignment')).status).toBe(202);
    for (const eventType of ['conversion', 'interaction'])
      expect((await post(sessionId, eventType, other(assigned))).status).toBe(409);
    expect((await post(sessionId, 'conversion')).status).toBe(202);
    expect((await events()).map(({ eventType, variantId }) => [eventType, variantId]).sort()).toEqual([
      ['assignment', assigned],
      ['conversion', assigned],
    ]);
  });

  it(`keeps ${AB_TEST_INTERACTIONS_PER_SESSION} interactions a session, however many are posted`, async () => {
    const { start, post, events } = await site();
    const sessionId = await start();
    await post(sessionId, 'assignment');
    const answers = [];
    for (let n = 0; n < AB_TEST_INTERACTIONS_PER_SESSION + 3; n++)
      answers.push((await post(sessionId, 'interaction')).status);
    expect(answers).toEqual([...Array<number>(AB_TEST_INTERACTIONS_PER_SESSION).fill(202), 429, 429, 429]);
    expect((await events()).filter(({ eventType }) => eventType === 'interaction')).toHaveLength(
      AB_TEST_INTERACTIONS_PER_SESSION,
    );
  });

  it('keeps no event for a session whose time is over, though its record is not yet removed', async () => {
    const { context, start, post } = await site();
    const sessionId = await start();
    context.clock.advanceDays(AB_TEST_SESSION_DAYS_KEPT);
    expect((await post(sessionId, 'assignment')).status).toBe(404);
  });

  it('gives one address its share of sessions a day, throwaway accounts on it included, and turns no one else away', async () => {
    const { context, start } = await site();
    await seedMember(context.store, 'throwaway');
    const answers = [];
    for (let n = 0; n < AB_TEST_SESSIONS_PER_SENDER_PER_DAY + 2; n++)
      answers.push(
        await start('198.51.100.20', n % 2 ? caller('throwaway') : null).then(
          () => 'started',
          (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
        ),
      );
    expect(answers.filter((answer) => answer === 'started')).toHaveLength(
      AB_TEST_SESSIONS_PER_SENDER_PER_DAY,
    );
    expect(answers.at(-1)).toBe(`resource-exhausted: ${AB_TEST_MESSAGES.sessionsFull}`);
    await expect(start('198.51.100.21')).resolves.toEqual(expect.any(String));
    context.clock.advanceDays(1);
    await expect(start('198.51.100.20')).resolves.toEqual(expect.any(String));
  });

  it("leaves what one sender can post a small share of a test's day: only many addresses at once fill it", () => {
    const perSender = AB_TEST_SESSIONS_PER_SENDER_PER_DAY * (2 + AB_TEST_INTERACTIONS_PER_SESSION);
    expect(AB_TEST_EVENTS_PER_DAY / perSender).toBeGreaterThan(250);
  });
});
