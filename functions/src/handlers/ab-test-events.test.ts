import { describe, expect, it } from 'vitest';
import {
  AB_TEST_DAY_SHARDS,
  AB_TEST_DAYS,
  AB_TEST_EVENT_DAYS_KEPT,
  AB_TEST_EVENTS_PER_DAY,
  type StoredAbTestEvent,
} from '../../../src/domain/ab-test-events';
import { assignVariant } from '../../../src/domain/ab-tests';
import type { AppFeature } from '../../../src/domain/experiments';
import { testContext } from '../testing';
import { abTestLimiter, receiveAbTestEvent } from './ab-test-events';
import { startAbTestSession } from './ab-test-sessions';
import { reportLimiter } from './report-client-error';

async function withTest(options: { enabled?: boolean; isActive?: boolean } = {}) {
  const context = testContext();
  await context.store.runTransaction(async (tx) => {
    tx.set('appFeatures/landingHeroTest', {
      id: 'landingHeroTest',
      name: 'Landing hero',
      description: '',
      enabled: options.enabled ?? true,
      value: null,
      type: 'ab_test',
      abTestConfig: {
        variants: [
          { id: 'control', name: 'Control', trafficPercentage: 50 },
          { id: 'social_proof', name: 'Social proof', trafficPercentage: 50 },
        ],
        isActive: options.isActive ?? true,
        analyticsKey: 'landingHeroTest',
        startDate: null,
        endDate: null,
      },
      createdAt: new Date(),
      updatedAt: new Date(),
    });
  });
  const services = { store: context.store, clock: context.clock, limiter: abTestLimiter() };
  const visitor = { uid: null };
  const events = async () =>
    (await context.store.query<StoredAbTestEvent>('abTestEvents')).map((doc) => doc.data);
  /** A session the server started, and its assignment as the page posts it. */
  const session = async () => {
    const { sessionId } = await startAbTestSession.run({}, context.as(null));
    const feature = (await context.store.get<AppFeature>('appFeatures/landingHeroTest'))!;
    const variant = assignVariant(
      { ...feature, enabled: true, abTestConfig: { ...feature.abTestConfig!, isActive: true } },
      sessionId,
    )!;
    return {
      sessionId,
      variant,
      event: {
        testId: 'landingHeroTest',
        variantId: variant.id,
        variantName: variant.name,
        eventType: 'assignment',
        userId: null,
        sessionId,
      },
    };
  };
  const { event } = await session();
  return { context, services, visitor, events, session, event };
}

/** Fills the test's shards of today from `first` on; returns the day's key. */
async function fillDay(context: ReturnType<typeof testContext>, first = 0): Promise<string> {
  const today = context.clock.now().toISOString().slice(0, 10);
  await context.store.runTransaction(async (tx) => {
    for (let shard = first; shard < AB_TEST_DAY_SHARDS; shard++)
      tx.set(`${AB_TEST_DAYS}/landingHeroTest_${today}_${shard}`, {
        testId: 'landingHeroTest',
        events: AB_TEST_EVENTS_PER_DAY / AB_TEST_DAY_SHARDS,
      });
  });
  return today;
}

/** An event of the right shape, for what is refused before its session is looked at. */
const event = {
  testId: 'landingHeroTest',
  variantId: 'social_proof',
  variantName: 'Social proof',
  eventType: 'assignment',
  userId: null,
  sessionId: 'session-1234abcd',
};

describe('receiveAbTestEvent', () => {
  it("keeps a running test's event, with the stored variant name and no member from the body", async () => {
    const { services, visitor, events, event } = await withTest();
    const answer = await receiveAbTestEvent(
      JSON.stringify({ ...event, variantName: 'Whatever', userId: 'someone-else' }),
      visitor,
      services,
    );
    expect(answer.status).toBe(202);
    expect(await events()).toEqual([
      expect.objectContaining({
        testId: 'landingHeroTest',
        variantId: event.variantId,
        variantName: event.variantName,
        eventType: 'assignment',
        userId: null,
        sessionId: event.sessionId,
      }),
    ]);
  });

  it('records the member only when the host verified them', async () => {
    const { services, events, event } = await withTest();
    await receiveAbTestEvent(JSON.stringify(event), { uid: 'm1' }, services);
    expect((await events())[0]?.userId).toBe('m1');
  });

  it('keeps a conversion with a few short flat values, as sent', async () => {
    const { services, visitor, events, event } = await withTest();
    await receiveAbTestEvent(JSON.stringify(event), visitor, services);
    const eventData = { button: 'hero-cta', step: 2, returning: false, 'page.section': 'top' };
    const answer = await receiveAbTestEvent(
      JSON.stringify({ ...event, eventType: 'conversion', eventData }),
      visitor,
      services,
    );
    expect(answer).toEqual({ status: 202, body: { received: true } });
    expect((await events()).find(({ eventType }) => eventType === 'conversion')?.eventData).toEqual(
      eventData,
    );
  });

  it.each([
    ['not JSON', '{"testId":', 400],
    [
      'event data with a prototype key',
      `{"eventData":{"__proto__":"x"},${JSON.stringify(event).slice(1)}`,
      400,
    ],
    ['event data naming the constructor', JSON.stringify({ ...event, eventData: { constructor: 'x' } }), 400],
    ['nested event data', JSON.stringify({ ...event, eventData: { button: { id: 'x' } } }), 400],
    ['a list in event data', JSON.stringify({ ...event, eventData: { buttons: ['a'] } }), 400],
    ['event data that is a list', JSON.stringify({ ...event, eventData: ['a'] }), 400],
    ['event data that is text', JSON.stringify({ ...event, eventData: 'button' }), 400],
    ['null in event data', JSON.stringify({ ...event, eventData: { button: null } }), 400],
    ['a long value in event data', JSON.stringify({ ...event, eventData: { button: 'x'.repeat(201) } }), 400],
    ['a long name in event data', JSON.stringify({ ...event, eventData: { ['k'.repeat(51)]: 1 } }), 400],
    ['an empty name in event data', JSON.stringify({ ...event, eventData: { '': 1 } }), 400],
    ['huge event data', JSON.stringify({ ...event, eventData: { button: 'x'.repeat(3000) } }), 413],
    ['a list', '[]', 400],
    ['an unknown field', JSON.stringify({ ...event, isAdmin: true }), 400],
    ['a prototype key', `{"__proto__":{"x":1},${JSON.stringify(event).slice(1)}`, 400],
    ['an unknown event type', JSON.stringify({ ...event, eventType: 'purchase' }), 400],
    ['a bad session id', JSON.stringify({ ...event, sessionId: '../x' }), 400],
    ['a number for a name', JSON.stringify({ ...event, variantName: 5 }), 400],
    [
      'too much event data',
      JSON.stringify({
        ...event,
        eventData: Object.fromEntries(Array.from({ length: 11 }, (_, n) => [`k${n}`, n])),
      }),
      400,
    ],
    ['an unknown test', JSON.stringify({ ...event, testId: 'otherTest' }), 404],
    ['an unknown variant', JSON.stringify({ ...event, variantId: 'nope' }), 404],
    ['a huge body', JSON.stringify({ ...event, variantName: 'x'.repeat(5000) }), 413],
  ])('refuses %s, keeping nothing', async (_label, body, status) => {
    const { services, visitor, events } = await withTest();
    expect((await receiveAbTestEvent(body, visitor, services)).status).toBe(status);
    expect(await events()).toEqual([]);
  });

  it('keeps nothing for a stopped test or a disabled feature', async () => {
    for (const options of [{ isActive: false }, { enabled: false }]) {
      const { services, visitor, events, event } = await withTest(options);
      expect((await receiveAbTestEvent(JSON.stringify(event), visitor, services)).status).toBe(404);
      expect(await events()).toEqual([]);
    }
  });

  it('limits each session a minute', async () => {
    const { services, visitor, events, event, session } = await withTest();
    await receiveAbTestEvent(JSON.stringify(event), visitor, services);
    const limited = { ...services, limiter: reportLimiter(2) };
    const answers = [];
    const interaction = JSON.stringify({ ...event, eventType: 'interaction' });
    for (let n = 0; n < 3; n++)
      answers.push((await receiveAbTestEvent(interaction, visitor, limited)).status);
    expect(answers).toEqual([202, 202, 429]);
    const another = await session();
    expect(await receiveAbTestEvent(JSON.stringify(another.event), visitor, limited)).toMatchObject({
      status: 202,
    });
    expect(await events()).toHaveLength(4);
  });
});

describe('what keeps the events bounded', () => {
  it('keeps one assignment and one conversion a session and test, and its interactions', async () => {
    const { services, visitor, events, event, session } = await withTest();
    for (const eventType of [
      'assignment',
      'assignment',
      'conversion',
      'conversion',
      'interaction',
      'interaction',
    ])
      expect(
        (await receiveAbTestEvent(JSON.stringify({ ...event, eventType }), visitor, services)).status,
      ).toBe(202);
    expect((await events()).map(({ eventType }) => eventType).sort()).toEqual([
      'assignment',
      'conversion',
      'interaction',
      'interaction',
    ]);
    const another = await session();
    await receiveAbTestEvent(JSON.stringify(another.event), visitor, services);
    expect((await events()).filter(({ eventType }) => eventType === 'assignment')).toHaveLength(2);
  });

  it("gives each event an expiry date for the TTL policy, and the day's count one two days after the day began", async () => {
    const { context, services, visitor, events, event } = await withTest();
    await receiveAbTestEvent(JSON.stringify(event), visitor, services);
    const [stored] = await events();
    expect(stored!.expireAt.getTime() - context.clock.now().getTime()).toBe(
      AB_TEST_EVENT_DAYS_KEPT * 24 * 60 * 60 * 1000,
    );
    const today = context.clock.now().toISOString().slice(0, 10);
    const shards = await context.store.query<{ expireAt: Date; events: number }>(AB_TEST_DAYS);
    expect(shards.map((shard) => shard.data.events)).toEqual([1]);
    expect(shards[0]!.data.expireAt.getTime()).toBe(Date.parse(today) + 2 * 24 * 60 * 60 * 1000);
  });

  it("keeps no more of a test's events once its day is full, and says so", async () => {
    const { context, services, visitor, events, event } = await withTest();
    await fillDay(context);
    expect(await receiveAbTestEvent(JSON.stringify(event), visitor, services)).toEqual({
      status: 429,
      body: { error: 'This test keeps no more events today.' },
    });
    expect(await events()).toEqual([]);
  });

  it("keeps a test's events while its day has room, though the shard drawn is full", async () => {
    const { context, services, visitor, events, session } = await withTest();
    const today = await fillDay(context, 1);
    for (let n = 0; n < 10; n++) {
      const { event } = await session();
      expect((await receiveAbTestEvent(JSON.stringify(event), visitor, services)).status).toBe(202);
    }
    expect(await events()).toHaveLength(10);
    expect(
      (await context.store.get<{ events: number }>(`${AB_TEST_DAYS}/landingHeroTest_${today}_0`))?.events,
    ).toBe(10);
  });
});
