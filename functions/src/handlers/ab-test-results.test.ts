import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/domain/admin';
import type { StoredAbTestEvent } from '../../../src/domain/ab-test-events';
import { caller, countingReads, seedMember, testContext } from '../testing';
import { adminAbTestResults } from './ab-test-results';

const admin = caller('ada', { isAdmin: true });

/** A store whose admin is one on record too, as every admin call asks. */
async function adminContext() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  return context;
}

function abTest(id: string, variants: Array<[string, string]>) {
  return {
    id,
    name: id,
    description: '',
    enabled: true,
    value: null,
    type: 'ab_test',
    abTestConfig: {
      variants: variants.map(([variantId, name]) => ({
        id: variantId,
        name,
        trafficPercentage: 100 / variants.length,
      })),
      isActive: true,
      analyticsKey: id,
      startDate: null,
      endDate: null,
    },
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

/** The events as the A/B endpoint keeps them: one assignment and one conversion a session, interactions many. */
async function withEvents(
  context: ReturnType<typeof testContext>,
  sessions: Array<[string, string, string[]]>,
) {
  await context.store.runTransaction(async (tx) => {
    tx.set(
      'appFeatures/heroTest',
      abTest('heroTest', [
        ['control', 'Control'],
        ['social', 'Social proof'],
        ['quiet', 'Quiet'],
      ]),
    );
    tx.set('appFeatures/darkMode', {
      id: 'darkMode',
      name: 'Dark mode',
      type: 'boolean',
      value: true,
      enabled: true,
    });
    tx.set('appFeatures/otherTest', abTest('otherTest', [['control', 'Control']]));
    sessions.forEach(([testId, variantId, types], n) => {
      for (const eventType of types) {
        const receivedAt = new Date();
        const stored: StoredAbTestEvent = {
          testId,
          variantId,
          variantName: variantId,
          eventType: eventType as StoredAbTestEvent['eventType'],
          userId: null,
          sessionId: `session-${n}-abcdefgh`,
          receivedAt,
          expireAt: new Date(receivedAt.getTime() + 86_400_000),
        };
        const id =
          eventType === 'interaction' ? `i-${n}-${Math.random()}` : `${testId}_session-${n}_${eventType}`;
        tx.set(`abTestEvents/${id}`, { ...stored });
      }
    });
  });
}

describe('adminAbTestResults', () => {
  it("shows each variant of each test its exposures and conversions, leaving out interactions and other tests' events", async () => {
    const context = await adminContext();
    await withEvents(context, [
      ['heroTest', 'control', ['assignment', 'conversion', 'interaction']],
      ['heroTest', 'control', ['assignment', 'interaction', 'interaction']],
      ['heroTest', 'control', ['assignment']],
      ['heroTest', 'social', ['assignment', 'conversion']],
      ['heroTest', 'social', ['assignment', 'conversion']],
      ['otherTest', 'control', ['assignment', 'conversion']],
    ]);
    const { variants } = await adminAbTestResults.run({}, context.as(admin));
    const row = (testId: string, variantId: string) =>
      variants.find((one) => one.testId === testId && one.variantId === variantId);
    expect(variants).toHaveLength(4);
    expect(row('heroTest', 'control')).toEqual({
      testId: 'heroTest',
      variantId: 'control',
      variantName: 'Control',
      exposures: 3,
      conversions: 1,
    });
    expect(row('heroTest', 'social')).toMatchObject({
      variantName: 'Social proof',
      exposures: 2,
      conversions: 2,
    });
    expect(row('heroTest', 'quiet')).toMatchObject({ exposures: 0, conversions: 0 });
    expect(row('otherTest', 'control')).toMatchObject({ exposures: 1, conversions: 1 });
  });

  it("counts the events without reading them: the call's reads do not grow with a test's traffic", async () => {
    const context = await adminContext();
    await withEvents(
      context,
      Array.from({ length: 300 }, (_, n): [string, string, string[]] => [
        'heroTest',
        n % 2 ? 'control' : 'social',
        ['assignment', 'conversion'],
      ]),
    );
    const counted = countingReads(context.store);
    const { variants } = await adminAbTestResults.run({}, { ...context.as(admin), store: counted.store });
    expect(variants.find((one) => one.variantId === 'social')).toMatchObject({
      exposures: 150,
      conversions: 150,
    });
    // The admin's record, two tests found, and two counts for each of their four variants.
    expect(counted.reads.documents).toBeLessThanOrEqual(1 + 2 + 2 * 4);
  });

  it('answers admins only, refuses input it does not take, and writes nothing', async () => {
    const context = await adminContext();
    await withEvents(context, [['heroTest', 'control', ['assignment']]]);
    const before = await context.store.contents();
    await expect(adminAbTestResults.run({}, context.as(caller('mallory')))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
    await expect(adminAbTestResults.run({}, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await expect(adminAbTestResults.run({ testId: 'heroTest' }, context.as(admin))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(await context.store.contents()).toEqual(before);
  });
});
