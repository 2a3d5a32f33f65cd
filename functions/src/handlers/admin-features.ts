/**
 * App features and A/B tests: anyone reads the enabled ones (`getFeatures`, which the landing page's
 * test needs); admins list, save, delete, start and stop them. Each admin write checks the claim,
 * validates with its tab's form schema and is logged in the same transaction.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import {
  APP_FEATURES,
  appFeaturePath,
  EXPERIMENT_MESSAGES,
  featureRefSchema,
  publicFeature,
  saveAbTestSchema,
  saveFeatureSchema,
  setAbTestActiveSchema,
  type AbTestConfig,
  type AdminFeatureRow,
  type AppFeature,
  type PublicFeature,
} from '../../../src/domain/experiments';
import { noInputSchema } from '../../../src/domain/schemas';
import type { QueryDocument, Transaction } from '../store/store';
import { logAdminWrite } from './admin-log';
import { requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';

/** As stored: the id is the document's. */
type StoredFeature = Omit<AppFeature, 'id'>;

const feature = ({ id, data }: QueryDocument<StoredFeature>): AppFeature => ({ ...data, id });

function adminRow(stored: AppFeature): AdminFeatureRow {
  const config = stored.abTestConfig;
  return {
    ...stored,
    abTestConfig: config
      ? {
          ...config,
          startDate: config.startDate ? config.startDate.toISOString() : null,
          endDate: config.endDate ? config.endDate.toISOString() : null,
        }
      : null,
    createdAt: stored.createdAt.toISOString(),
    updatedAt: stored.updatedAt.toISOString(),
  };
}

/** The stored feature, for a save that must (create) or must not (edit) find one. */
async function existing(tx: Transaction, id: string, create: boolean): Promise<StoredFeature | undefined> {
  const stored = await tx.get<StoredFeature>(appFeaturePath(id));
  if (create && stored) throw new HttpsError('already-exists', EXPERIMENT_MESSAGES.featureExists);
  if (!create && !stored) throw new HttpsError('not-found', EXPERIMENT_MESSAGES.notFound);
  return stored;
}

export const getFeatures: Handler<{ features: PublicFeature[] }> = {
  async run(data, context) {
    await validate(noInputSchema, data);
    const docs = await context.store.query<StoredFeature>(APP_FEATURES, {
      where: [{ field: 'enabled', equals: true }],
    });
    const features = docs.map((doc) => publicFeature(feature(doc)));
    return { features: features.filter((one): one is PublicFeature => one !== null) };
  },
};

export const adminListFeatures: Handler<{ features: AdminFeatureRow[] }> = {
  async run(data, context) {
    await requireAdmin(context);
    await validate(noInputSchema, data);
    const docs = await context.store.query<StoredFeature>(APP_FEATURES, {
      orderBy: { field: 'name', direction: 'asc' },
    });
    return { features: docs.map((doc) => adminRow(feature(doc))) };
  },
};

export const adminSaveFeature: Handler<Callables['adminSaveFeature']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { create, id, ...fields } = await validate(saveFeatureSchema, data);
    const path = appFeaturePath(id);
    const now = context.clock.now();
    await context.store.runTransaction(async (tx) => {
      const stored = await existing(tx, id, create);
      if (stored?.type === 'ab_test')
        throw new HttpsError('failed-precondition', EXPERIMENT_MESSAGES.testsInTheirTab);
      const saved: StoredFeature = {
        ...fields,
        value: fields.value ?? null,
        abTestConfig: null,
        createdAt: stored?.createdAt ?? now,
        updatedAt: now,
      };
      tx.set(path, saved);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'saveFeature',
        targetPath: path,
        at: now,
        before: stored ?? {},
        after: saved,
      });
    });
    return { id };
  },
};

export const adminSaveAbTest: Handler<Callables['adminSaveAbTest']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { create, id, variants, analyticsKey, ...fields } = await validate(saveAbTestSchema, data);
    const path = appFeaturePath(id);
    const now = context.clock.now();
    await context.store.runTransaction(async (tx) => {
      const stored = await existing(tx, id, create);
      if (stored && stored.type !== 'ab_test')
        throw new HttpsError('failed-precondition', EXPERIMENT_MESSAGES.notATest);
      const config: AbTestConfig = {
        variants: variants.map((variant) => ({ ...variant, value: variant.value ?? null })),
        analyticsKey,
        // Start and Stop, not a save, run the test.
        isActive: stored?.abTestConfig?.isActive ?? false,
        startDate: stored?.abTestConfig?.startDate ?? null,
        endDate: stored?.abTestConfig?.endDate ?? null,
      };
      const saved: StoredFeature = {
        ...fields,
        type: 'ab_test',
        value: stored?.value ?? null,
        abTestConfig: config,
        createdAt: stored?.createdAt ?? now,
        updatedAt: now,
      };
      tx.set(path, saved);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'saveAbTest',
        targetPath: path,
        at: now,
        before: stored ?? {},
        after: saved,
      });
    });
    return { id };
  },
};

export const adminDeleteFeature: Handler<Callables['adminDeleteFeature']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { id } = await validate(featureRefSchema, data);
    const path = appFeaturePath(id);
    await context.store.runTransaction(async (tx) => {
      const stored = await existing(tx, id, false);
      tx.delete(path);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'deleteFeature',
        targetPath: path,
        at: context.clock.now(),
        before: stored ?? {},
      });
    });
    return { deleted: true };
  },
};

/** Start and Stop: Start sets the start date when there is none (and clears an earlier end), Stop the end date. */
export const adminSetAbTestActive: Handler<Callables['adminSetAbTestActive']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { id, active } = await validate(setAbTestActiveSchema, data);
    const path = appFeaturePath(id);
    const now = context.clock.now();
    await context.store.runTransaction(async (tx) => {
      const stored = await existing(tx, id, false);
      const config = stored?.abTestConfig;
      if (stored?.type !== 'ab_test' || !config)
        throw new HttpsError('failed-precondition', EXPERIMENT_MESSAGES.notATest);
      const next: AbTestConfig = active
        ? { ...config, isActive: true, startDate: config.startDate ?? now, endDate: null }
        : { ...config, isActive: false, endDate: now };
      tx.update(path, { abTestConfig: next, updatedAt: now });
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: active ? 'startAbTest' : 'stopAbTest',
        targetPath: path,
        at: now,
        before: { abTestConfig: config },
        after: { abTestConfig: next },
      });
    });
    return { active };
  },
};
