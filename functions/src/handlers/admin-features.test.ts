import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import { assignVariant, EXPERIMENT_MESSAGES, type AppFeature } from '../../../src/domain/experiments';
import { caller, seedMember, testContext } from '../testing';
import {
  adminDeleteFeature,
  adminListFeatures,
  adminSaveAbTest,
  adminSaveFeature,
  adminSetAbTestActive,
  getFeatures,
} from './admin-features';

const admin = caller('ada', { isAdmin: true });

const flag = {
  create: true,
  id: 'newUploader',
  name: 'New uploader',
  type: 'boolean',
  value: true,
  enabled: true,
};
const heroTest = {
  create: true,
  id: 'landingHeroTest',
  name: 'Landing hero',
  variants: [
    { id: 'control', name: 'Control', trafficPercentage: 34 },
    { id: 'original', name: 'Original', trafficPercentage: 33 },
    { id: 'social_proof', name: 'Social proof', trafficPercentage: 33 },
  ],
};

async function withAdmin() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'dana');
  return context;
}

async function log(context: ReturnType<typeof testContext>) {
  const entries = await context.store.query<AdminLogEntry>('adminLog', {
    orderBy: { field: 'at', direction: 'asc' },
  });
  return entries.map((entry) => entry.data);
}

describe('the admin writes of features and A/B tests', () => {
  const writes = [
    ['adminSaveFeature', adminSaveFeature, flag],
    ['adminSaveAbTest', adminSaveAbTest, heroTest],
    ['adminDeleteFeature', adminDeleteFeature, { id: 'landingHeroTest' }],
    ['adminSetAbTestActive', adminSetAbTestActive, { id: 'landingHeroTest', active: true }],
    ['adminListFeatures', adminListFeatures, {}],
  ] as const;

  it.each(writes)(
    '%s refuses a member, a visitor and an admin by record only, and writes nothing',
    async (_name, handler, input) => {
      const context = await withAdmin();
      await adminSaveAbTest.run(heroTest, context.as(admin));
      const before = await context.store.contents();
      for (const who of [caller('dana'), caller('ada'), null]) {
        const refusal = handler.run(input, context.as(who));
        await expect(refusal).rejects.toMatchObject({ code: who ? 'permission-denied' : 'unauthenticated' });
        if (who) await expect(handler.run(input, context.as(who))).rejects.toThrow(ADMIN_MESSAGES.adminOnly);
      }
      expect(await context.store.contents()).toEqual(before);
    },
  );

  it.each([
    [adminSaveFeature, { ...flag, id: '' }, EXPERIMENT_MESSAGES.featureIdAndName],
    [adminSaveFeature, { ...flag, name: '  ' }, EXPERIMENT_MESSAGES.featureIdAndName],
    [adminSaveFeature, { ...flag, type: 'number', value: 'ten' }, EXPERIMENT_MESSAGES.valueNumeric],
    [adminSaveFeature, { ...flag, type: 'ab_test' }, 'Type must be boolean, number or string'],
    [adminSaveFeature, { ...flag, id: '../users/dana' }, EXPERIMENT_MESSAGES.idFormat],
    [adminSaveFeature, { ...flag, value: { nested: true } }, 'value must be a single value'],
    [adminSaveFeature, { ...flag, extra: 1 }, 'Unknown field: extra'],
    [adminSaveAbTest, { ...heroTest, id: '' }, EXPERIMENT_MESSAGES.testIdAndName],
    [
      adminSaveAbTest,
      { ...heroTest, variants: heroTest.variants.slice(0, 2) },
      'Traffic percentages must sum to 100%',
    ],
    [
      adminSaveAbTest,
      { ...heroTest, variants: [{ id: 'a', name: 'A', trafficPercentage: 101 }] },
      EXPERIMENT_MESSAGES.trafficRange,
    ],
    [adminSaveAbTest, { ...heroTest, variants: [] }, EXPERIMENT_MESSAGES.lastVariant],
    [adminSaveAbTest, { ...heroTest, variants: 'control' }, 'variants must be a list'],
    [adminSetAbTestActive, { id: 'landingHeroTest', active: 'yes' }, 'active must be true or false'],
    [adminDeleteFeature, { id: 'nothingHere' }, EXPERIMENT_MESSAGES.notFound],
    [adminSetAbTestActive, { id: 'nothingHere', active: true }, EXPERIMENT_MESSAGES.notFound],
    [adminSaveFeature, { ...flag, create: false, id: 'nothingHere' }, EXPERIMENT_MESSAGES.notFound],
  ] as const)(
    'refuses bad input with its message and writes nothing (%#)',
    async (handler, input, message) => {
      const context = await withAdmin();
      const before = await context.store.contents();
      await expect(handler.run(input, context.as(admin))).rejects.toThrow(message);
      expect(await context.store.contents()).toEqual(before);
    },
  );

  it('creates a feature once: its ID is fixed, a second create is refused, an edit keeps when it was made', async () => {
    const context = await withAdmin();
    await adminSaveFeature.run(flag, context.as(admin));
    context.clock.advanceMinutes(1);
    await expect(adminSaveFeature.run({ ...flag, name: 'Again' }, context.as(admin))).rejects.toThrow(
      EXPERIMENT_MESSAGES.featureExists,
    );
    context.clock.advanceDays(1);
    await adminSaveFeature.run({ ...flag, create: false, enabled: false }, context.as(admin));
    const stored = await context.store.get<AppFeature>('appFeatures/newUploader');
    expect(stored).toMatchObject({
      name: 'New uploader',
      enabled: false,
      value: true,
      type: 'boolean',
      abTestConfig: null,
    });
    expect(stored!.updatedAt.getTime() - stored!.createdAt.getTime()).toBe(86_460_000);
    expect((await log(context)).map((entry) => entry.action)).toEqual(['saveFeature', 'saveFeature']);
  });

  it('keeps A/B tests to their tab and features to theirs', async () => {
    const context = await withAdmin();
    await adminSaveAbTest.run(heroTest, context.as(admin));
    await adminSaveFeature.run(flag, context.as(admin));
    await expect(
      adminSaveFeature.run({ ...flag, create: false, id: 'landingHeroTest' }, context.as(admin)),
    ).rejects.toThrow(EXPERIMENT_MESSAGES.testsInTheirTab);
    await expect(
      adminSaveAbTest.run({ ...heroTest, create: false, id: 'newUploader' }, context.as(admin)),
    ).rejects.toThrow(EXPERIMENT_MESSAGES.notATest);
    await expect(
      adminSetAbTestActive.run({ id: 'newUploader', active: true }, context.as(admin)),
    ).rejects.toThrow(EXPERIMENT_MESSAGES.notATest);
  });

  it('starts a test (setting the start date once), stops it, and logs both', async () => {
    const context = await withAdmin();
    await adminSaveAbTest.run(heroTest, context.as(admin));
    const saved = await context.store.get<AppFeature>('appFeatures/landingHeroTest');
    expect(saved?.abTestConfig).toMatchObject({ isActive: false, startDate: null, endDate: null });
    context.clock.advanceMinutes(1);
    const started = context.clock.now();
    await adminSetAbTestActive.run({ id: 'landingHeroTest', active: true }, context.as(admin));
    context.clock.advanceDays(2);
    await adminSetAbTestActive.run({ id: 'landingHeroTest', active: false }, context.as(admin));
    expect((await context.store.get<AppFeature>('appFeatures/landingHeroTest'))?.abTestConfig).toMatchObject({
      isActive: false,
      startDate: started,
      endDate: context.clock.now(),
    });
    context.clock.advanceDays(1);
    await adminSetAbTestActive.run({ id: 'landingHeroTest', active: true }, context.as(admin));
    expect((await context.store.get<AppFeature>('appFeatures/landingHeroTest'))?.abTestConfig).toMatchObject({
      isActive: true,
      startDate: started,
      endDate: null,
    });
    // Saving the variants again does not stop it.
    context.clock.advanceMinutes(1);
    await adminSaveAbTest.run({ ...heroTest, create: false, name: 'Hero' }, context.as(admin));
    expect((await context.store.get<AppFeature>('appFeatures/landingHeroTest'))?.abTestConfig?.isActive).toBe(
      true,
    );
    const entries = await log(context);
    expect(entries.map((entry) => entry.action)).toEqual([
      'saveAbTest',
      'startAbTest',
      'stopAbTest',
      'startAbTest',
      'saveAbTest',
    ]);
    expect(entries[1]).toMatchObject({
      adminId: 'ada',
      targetPath: 'appFeatures/landingHeroTest',
      before: { abTestConfig: { isActive: false } },
      after: { abTestConfig: { isActive: true, startDate: started } },
    });
  });

  it('deletes a feature and logs what it was', async () => {
    const context = await withAdmin();
    await adminSaveFeature.run(flag, context.as(admin));
    context.clock.advanceMinutes(1);
    await adminDeleteFeature.run({ id: 'newUploader' }, context.as(admin));
    expect(await context.store.get('appFeatures/newUploader')).toBeUndefined();
    expect((await log(context)).at(-1)).toMatchObject({
      action: 'deleteFeature',
      before: { name: 'New uploader' },
    });
  });

  it('lists every feature by name for the admin, dates as text', async () => {
    const context = await withAdmin();
    await adminSaveAbTest.run(heroTest, context.as(admin));
    await adminSaveFeature.run({ ...flag, enabled: false }, context.as(admin));
    const { features } = await adminListFeatures.run({}, context.as(admin));
    expect(features.map((one) => one.name)).toEqual(['Landing hero', 'New uploader']);
    expect(features[0]).toMatchObject({
      createdAt: context.clock.now().toISOString(),
      abTestConfig: { startDate: null },
    });
  });
});

describe('getFeatures, for anyone', () => {
  it('gives visitors and members the enabled features and running tests only, and assigns from them', async () => {
    const context = await withAdmin();
    await adminSaveAbTest.run(heroTest, context.as(admin));
    await adminSaveFeature.run({ ...flag, enabled: false }, context.as(admin));
    await adminSaveFeature.run(
      { ...flag, id: 'priceBanner', name: 'Price banner', type: 'string', value: 'Half off' },
      context.as(admin),
    );

    let { features } = await getFeatures.run({}, context.as(null));
    expect(features.map((one) => one.id).sort()).toEqual(['landingHeroTest', 'priceBanner']);
    const hero = features.find((one) => one.id === 'landingHeroTest');
    expect(hero?.abTestConfig).toBeNull();
    expect(assignVariant(hero, 'session-1')).toBeNull();

    await adminSetAbTestActive.run({ id: 'landingHeroTest', active: true }, context.as(admin));
    ({ features } = await getFeatures.run({}, context.as(caller('dana'))));
    const running = features.find((one) => one.id === 'landingHeroTest');
    expect(running).not.toHaveProperty('description');
    expect(['control', 'original', 'social_proof']).toContain(assignVariant(running, 'session-1')?.id);
  });

  it('takes no input', async () => {
    const context = await withAdmin();
    await expect(getFeatures.run({ all: true }, context.as(null))).rejects.toThrow('Unknown field: all');
  });
});
