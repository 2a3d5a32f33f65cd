/**
 * App features and A/B tests (spec 2 sections 3, 4 and 5): what an admin sets in the Features and AB
 * Tests tabs, how they are stored (`appFeatures/{id}`), the rule that gives a visitor a test's variant,
 * and the schemas the admin's forms and the handlers share.
 */
import * as yup from 'yup';
import { FIELD_MAX } from './constants';

export const APP_FEATURES = 'appFeatures';
export const appFeaturePath = (id: string) => `${APP_FEATURES}/${id}`;

/** How a feature's value reads; an `ab_test` feature carries its variants instead. */
export const FEATURE_TYPES = ['boolean', 'number', 'string', 'ab_test'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];
/** The types the Features tab sets; A/B tests are made in the AB Tests tab. */
export const PLAIN_FEATURE_TYPES = ['boolean', 'number', 'string'] as const;
export type PlainFeatureType = (typeof PLAIN_FEATURE_TYPES)[number];

export type FeatureValue = string | number | boolean | null;

export interface AbTestVariant {
  id: string;
  name: string;
  /** The share of sessions that get this variant, 0 to 100; a test's variants add up to 100. */
  trafficPercentage: number;
  value?: FeatureValue;
}

export interface AbTestConfig {
  variants: AbTestVariant[];
  isActive: boolean;
  /** The name the test's events go by in analytics; the test's id when not set. */
  analyticsKey: string;
  startDate: Date | null;
  endDate: Date | null;
}

/** A stored feature, `appFeatures/{id}`. */
export interface AppFeature {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  value: FeatureValue;
  type: FeatureType;
  abTestConfig: AbTestConfig | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A feature as anyone may read it (`getFeatures`): only enabled ones, without the admin's dates. */
export interface PublicFeature {
  id: string;
  name: string;
  value: FeatureValue;
  type: FeatureType;
  /** Present for an `ab_test` feature whose test is running; a stopped test gives no variant. */
  abTestConfig: { variants: AbTestVariant[]; isActive: true; analyticsKey: string } | null;
}

/** What the variant rule needs of a feature: stored, public and admin shapes all have it. */
export interface FeatureForAssignment {
  id: string;
  enabled?: boolean;
  type: FeatureType;
  abTestConfig: { variants: readonly AbTestVariant[]; isActive: boolean } | null;
}

// The rule itself lives apart from the admin's schemas, so a visitor's page loads it without Yup.
export { AB_BUCKETS, abTestBucket, assignVariant } from './ab-tests';

/** An event of a test for analytics (spec 2 section 3, "A/B assignment event"). */
export interface AbTestEvent {
  testId: string;
  variantId: string;
  variantName: string;
  eventType: 'assignment' | 'conversion' | 'interaction';
  eventData?: Record<string, string | number | boolean>;
  userId: string | null;
  sessionId: string;
}

export const EXPERIMENT_MESSAGES = {
  featureIdAndName: 'Feature ID and Name are required for new features.',
  testIdAndName: 'Test ID and Name are required',
  trafficSum: 'Traffic percentages must sum to 100%',
  trafficRange: 'Traffic percentage must be between 0 and 100',
  trafficNumeric: 'Traffic percentage must be a number',
  lastVariant: 'A test needs at least one variant.',
  variantIdAndName: 'Each variant needs an ID and a name',
  variantIdsUnique: 'Variant IDs must be unique',
  idFormat: 'IDs may use letters, digits, - and _ only',
  valueNumeric: 'Value must be a number',
  valueBoolean: 'Value must be true or false',
  featureExists: 'A feature with this ID already exists.',
  notFound: 'This feature no longer exists.',
  notATest: 'This feature is not an A/B test.',
  testsInTheirTab: 'A/B tests are edited in the AB Tests tab.',
  noFeatures: 'No features configured yet.',
  createTestFailed: 'Failed to create AB test...',
} as const;

/** Document ids: Firestore's rules, narrowed to what reads well in a URL and an analytics key. */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const FEATURE_ID_MAX = 100;
export const VARIANTS_MAX = 10;

const id = (required: string) =>
  yup
    .string()
    .trim()
    .max(FEATURE_ID_MAX, `IDs must be at most ${FEATURE_ID_MAX} characters`)
    .matches(ID_PATTERN, { message: EXPERIMENT_MESSAGES.idFormat, excludeEmptyString: true })
    .required(required);

const name = (required: string) =>
  yup.string().trim().max(FIELD_MAX, `Name must be at most ${FIELD_MAX} characters`).required(required);

const description = yup.string().trim().max(1000, 'Description must be at most 1000 characters').default('');

const featureValue = yup
  .mixed<NonNullable<FeatureValue>>()
  .test('feature-value', 'Value must be text, a number or true or false', (value) => {
    if (value === undefined || value === null) return true;
    if (typeof value === 'string') return value.length <= FIELD_MAX;
    return typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
  })
  .nullable()
  .default(null);

/** A feature of the Features tab: ID and name required, the value of its type. */
export const featureFormSchema = yup.object({
  id: id(EXPERIMENT_MESSAGES.featureIdAndName),
  name: name(EXPERIMENT_MESSAGES.featureIdAndName),
  description,
  enabled: yup.boolean().default(false),
  type: yup
    .mixed<PlainFeatureType>()
    .oneOf(PLAIN_FEATURE_TYPES, 'Type must be boolean, number or string')
    .required('Type is required'),
  value: featureValue.test('value-of-type', function check(value) {
    const type = (this.parent as { type?: PlainFeatureType }).type;
    if (value === null || value === undefined) return true;
    if (type === 'number' && typeof value !== 'number')
      return this.createError({ message: EXPERIMENT_MESSAGES.valueNumeric });
    if (type === 'boolean' && typeof value !== 'boolean')
      return this.createError({ message: EXPERIMENT_MESSAGES.valueBoolean });
    return true;
  }),
});
export type FeatureFormValues = yup.InferType<typeof featureFormSchema>;

export const abTestVariantSchema = yup.object({
  id: id(EXPERIMENT_MESSAGES.variantIdAndName),
  name: name(EXPERIMENT_MESSAGES.variantIdAndName),
  trafficPercentage: yup
    .number()
    .typeError(EXPERIMENT_MESSAGES.trafficNumeric)
    .min(0, EXPERIMENT_MESSAGES.trafficRange)
    .max(100, EXPERIMENT_MESSAGES.trafficRange)
    .required(EXPERIMENT_MESSAGES.trafficNumeric),
  value: featureValue,
});

/** The variants' traffic, added up to a hundredth so 33.33 + 33.33 + 33.34 is 100. */
export function trafficTotal(variants: ReadonlyArray<{ trafficPercentage?: number }>): number {
  const hundredths = variants.reduce(
    (sum, variant) => sum + Math.round((Number(variant.trafficPercentage) || 0) * 100),
    0,
  );
  return hundredths / 100;
}

/** An A/B test of the AB Tests tab: ID and name required, at least one variant, traffic adding up to 100. */
export const abTestFormSchema = yup.object({
  id: id(EXPERIMENT_MESSAGES.testIdAndName),
  name: name(EXPERIMENT_MESSAGES.testIdAndName),
  description,
  enabled: yup.boolean().default(true),
  analyticsKey: yup
    .string()
    .trim()
    .max(FEATURE_ID_MAX, `Analytics key must be at most ${FEATURE_ID_MAX} characters`)
    .matches(ID_PATTERN, { message: EXPERIMENT_MESSAGES.idFormat, excludeEmptyString: true })
    .default(''),
  variants: yup
    .array(abTestVariantSchema.required())
    .min(1, EXPERIMENT_MESSAGES.lastVariant)
    .max(VARIANTS_MAX, `A test has at most ${VARIANTS_MAX} variants`)
    .required(EXPERIMENT_MESSAGES.lastVariant)
    .test('variant-ids-unique', EXPERIMENT_MESSAGES.variantIdsUnique, (variants) => {
      const ids = (variants ?? []).map((variant) => variant.id);
      return new Set(ids).size === ids.length;
    })
    .test('traffic-sum', EXPERIMENT_MESSAGES.trafficSum, (variants) => trafficTotal(variants ?? []) === 100),
});
export type AbTestFormValues = yup.InferType<typeof abTestFormSchema>;

/** Saving from either tab: the form's fields, and whether it makes a new one (its ID is fixed after that). */
export const saveFeatureSchema = featureFormSchema.shape({
  create: yup.boolean().required(),
});
export type SaveFeatureInput = yup.InferType<typeof saveFeatureSchema>;

export const saveAbTestSchema = abTestFormSchema.shape({
  create: yup.boolean().required(),
});
export type SaveAbTestInput = yup.InferType<typeof saveAbTestSchema>;

export const featureRefSchema = yup.object({
  id: id('Feature ID is required'),
});
export type FeatureRefInput = yup.InferType<typeof featureRefSchema>;

/** Start (true) or Stop (false) a test. */
export const setAbTestActiveSchema = featureRefSchema.shape({
  active: yup.boolean().required('Say whether to start or stop the test'),
});
export type SetAbTestActiveInput = yup.InferType<typeof setAbTestActiveSchema>;

/** The public view of a stored feature, or null when it is not for visitors to see. */
export function publicFeature(feature: AppFeature): PublicFeature | null {
  if (!feature.enabled) return null;
  const config = feature.abTestConfig;
  return {
    id: feature.id,
    name: feature.name,
    value: feature.value,
    type: feature.type,
    abTestConfig:
      feature.type === 'ab_test' && config?.isActive
        ? { variants: config.variants, isActive: true, analyticsKey: config.analyticsKey || feature.id }
        : null,
  };
}

/** A stored feature as the admin's tabs show it: dates as ISO text, as a callable answer carries them. */
export interface AdminFeatureRow extends Omit<AppFeature, 'abTestConfig' | 'createdAt' | 'updatedAt'> {
  abTestConfig:
    | (Omit<AbTestConfig, 'startDate' | 'endDate'> & { startDate: string | null; endDate: string | null })
    | null;
  createdAt: string;
  updatedAt: string;
}
