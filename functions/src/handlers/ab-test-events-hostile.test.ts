/**
 * The A/B endpoint as anyone on the internet calls it: ids the store itself refuses are refused as
 * not valid before anything is read (Firestore answers a read of `__…__` with INVALID_ARGUMENT, which
 * the function would turn into a 500).
 */
import { describe, expect, it } from 'vitest';
import { testContext } from '../testing';
import { abTestLimiter, receiveAbTestEvent } from './ab-test-events';

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
