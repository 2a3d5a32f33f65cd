import { describe, expect, it } from 'vitest';
import {
  abTestBucket,
  abTestFormSchema,
  assignVariant,
  EXPERIMENT_MESSAGES,
  featureFormSchema,
  publicFeature,
  trafficTotal,
  type AppFeature,
  type FeatureForAssignment,
} from './experiments';

const variants = [
  { id: 'control', name: 'Control', trafficPercentage: 34 },
  { id: 'original', name: 'Original', trafficPercentage: 33 },
  { id: 'social_proof', name: 'Social proof', trafficPercentage: 33 },
];

const test: FeatureForAssignment = {
  id: 'landingHeroTest',
  enabled: true,
  type: 'ab_test',
  abTestConfig: { variants, isActive: true },
};

const sessions = Array.from({ length: 3000 }, (_, n) => `session-${n}`);

async function messageOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the A/B bucket', () => {
  it('is 0 to 99, the same for a session and test every time, and spread evenly', () => {
    const buckets = sessions.map((session) => abTestBucket(session, 'landingHeroTest'));
    expect(buckets.every((bucket) => Number.isInteger(bucket) && bucket >= 0 && bucket <= 99)).toBe(true);
    expect(sessions.map((session) => abTestBucket(session, 'landingHeroTest'))).toEqual(buckets);
    const perBucket = Array.from({ length: 100 }, (_, b) => buckets.filter((x) => x === b).length);
    expect(Math.min(...perBucket)).toBeGreaterThan(10);
    expect(Math.max(...perBucket)).toBeLessThan(55);
  });

  it('differs between tests for the same session', () => {
    const same = sessions.filter((s) => abTestBucket(s, 'a') === abTestBucket(s, 'b')).length;
    expect(same).toBeLessThan(sessions.length / 20);
  });
});

describe('the variant a session gets', () => {
  it('follows the cumulative traffic in the variants order', () => {
    for (const session of sessions.slice(0, 300)) {
      const bucket = abTestBucket(session, test.id);
      const expected = bucket < 34 ? 'control' : bucket < 67 ? 'original' : 'social_proof';
      expect(assignVariant(test, session)?.id).toBe(expected);
    }
  });

  it('splits sessions by the percentages', () => {
    const counts = new Map<string, number>();
    for (const session of sessions) {
      const id = assignVariant(test, session)!.id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get('control')! / sessions.length).toBeCloseTo(0.34, 1);
    expect(counts.get('social_proof')! / sessions.length).toBeCloseTo(0.33, 1);
  });

  it('gives everyone the variant with all the traffic, and nobody one with none', () => {
    const all = {
      ...test,
      abTestConfig: {
        isActive: true,
        variants: [
          { id: 'a', name: 'A', trafficPercentage: 0 },
          { id: 'b', name: 'B', trafficPercentage: 100 },
        ],
      },
    };
    expect(new Set(sessions.map((s) => assignVariant(all, s)?.id))).toEqual(new Set(['b']));
  });

  it('gives no variant when the feature is missing, disabled, not a test, or the test is stopped', () => {
    expect(assignVariant(undefined, 's')).toBeNull();
    expect(assignVariant(null, 's')).toBeNull();
    expect(assignVariant({ ...test, enabled: false }, 's')).toBeNull();
    expect(assignVariant({ ...test, type: 'boolean' }, 's')).toBeNull();
    expect(assignVariant({ ...test, abTestConfig: null }, 's')).toBeNull();
    expect(assignVariant({ ...test, abTestConfig: { variants, isActive: false } }, 's')).toBeNull();
  });

  it('gives none past a total short of 100', () => {
    const short = {
      ...test,
      abTestConfig: { isActive: true, variants: [{ id: 'a', name: 'A', trafficPercentage: 10 }] },
    };
    const given = sessions.map((s) => assignVariant(short, s));
    expect(given.filter((v) => v === null).length).toBeGreaterThan(sessions.length * 0.8);
  });
});

describe('the A/B test form', () => {
  const valid = { id: 'landingHeroTest', name: 'Landing hero', variants };

  it('takes variants whose traffic adds up to 100, to the hundredth', async () => {
    await expect(abTestFormSchema.validate(valid)).resolves.toMatchObject({ id: 'landingHeroTest' });
    expect(
      trafficTotal([
        { trafficPercentage: 33.33 },
        { trafficPercentage: 33.33 },
        { trafficPercentage: 33.34 },
      ]),
    ).toBe(100);
  });

  it('refuses a total other than 100 with the spec message', async () => {
    const off = { ...valid, variants: [{ ...variants[0]!, trafficPercentage: 50 }, variants[1]!] };
    expect(await messageOf(abTestFormSchema.validate(off))).toBe('Traffic percentages must sum to 100%');
    expect(EXPERIMENT_MESSAGES.trafficSum).toBe('Traffic percentages must sum to 100%');
  });

  it('keeps each variant within 0 to 100', async () => {
    const over = {
      ...valid,
      variants: [
        { id: 'a', name: 'A', trafficPercentage: 150 },
        { id: 'b', name: 'B', trafficPercentage: -50 },
      ],
    };
    expect(await messageOf(abTestFormSchema.validate(over))).toBe(
      'Traffic percentage must be between 0 and 100',
    );
  });

  it('needs an ID and a name, and at least one variant', async () => {
    expect(await messageOf(abTestFormSchema.validate({ ...valid, id: '' }))).toBe(
      'Test ID and Name are required',
    );
    expect(await messageOf(abTestFormSchema.validate({ ...valid, name: '  ' }))).toBe(
      'Test ID and Name are required',
    );
    expect(await messageOf(abTestFormSchema.validate({ ...valid, variants: [] }))).toBe(
      EXPERIMENT_MESSAGES.lastVariant,
    );
  });

  it('refuses repeated variant ids and ids that are not plain words', async () => {
    const twice = {
      ...valid,
      variants: [
        { id: 'a', name: 'A', trafficPercentage: 50 },
        { id: 'a', name: 'B', trafficPercentage: 50 },
      ],
    };
    expect(await messageOf(abTestFormSchema.validate(twice))).toBe(EXPERIMENT_MESSAGES.variantIdsUnique);
    expect(await messageOf(abTestFormSchema.validate({ ...valid, id: 'a/b' }))).toBe(
      EXPERIMENT_MESSAGES.idFormat,
    );
  });
});

describe('the feature form', () => {
  it('needs an ID and a name with the spec message', async () => {
    const message = 'Feature ID and Name are required for new features.';
    expect(await messageOf(featureFormSchema.validate({ id: '', name: 'x', type: 'boolean' }))).toBe(message);
    expect(await messageOf(featureFormSchema.validate({ id: 'x', name: '', type: 'boolean' }))).toBe(message);
  });

  it('wants a value of the feature type', async () => {
    expect(
      await messageOf(featureFormSchema.validate({ id: 'x', name: 'X', type: 'number', value: 'ten' })),
    ).toBe(EXPERIMENT_MESSAGES.valueNumeric);
    expect(
      await messageOf(featureFormSchema.validate({ id: 'x', name: 'X', type: 'boolean', value: 1 })),
    ).toBe(EXPERIMENT_MESSAGES.valueBoolean);
    await expect(
      featureFormSchema.validate({ id: 'x', name: 'X', type: 'number', value: 10 }),
    ).resolves.toMatchObject({ value: 10 });
  });
});

describe('what visitors see of a feature', () => {
  const stored: AppFeature = {
    id: 'landingHeroTest',
    name: 'Landing hero',
    description: 'secret notes',
    enabled: true,
    value: null,
    type: 'ab_test',
    abTestConfig: { variants, isActive: true, analyticsKey: '', startDate: new Date(), endDate: null },
    createdAt: new Date(),
    updatedAt: new Date(),
  };

  it('is nothing for a disabled feature', () => {
    expect(publicFeature({ ...stored, enabled: false })).toBeNull();
  });

  it('is the running test without the admin notes and dates, its analytics key the id by default', () => {
    expect(publicFeature(stored)).toEqual({
      id: 'landingHeroTest',
      name: 'Landing hero',
      value: null,
      type: 'ab_test',
      abTestConfig: { variants, isActive: true, analyticsKey: 'landingHeroTest' },
    });
  });

  it('has no test config while the test is stopped, so it assigns nothing', () => {
    const stopped = publicFeature({ ...stored, abTestConfig: { ...stored.abTestConfig!, isActive: false } });
    expect(stopped?.abTestConfig).toBeNull();
    expect(assignVariant(stopped, 's')).toBeNull();
  });
});
