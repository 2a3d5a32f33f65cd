/**
 * What a visitor's page needs of A/B tests (spec 2 section 4): the rule that gives a session a test's
 * variant, and the address its events are posted to. Apart from the admin's forms and the events'
 * schemas (experiments.ts, ab-test-events.ts, which re-export these), so the landing page's test
 * loads without Yup.
 */
import type { AbTestVariant, FeatureForAssignment } from './experiments';

/** Where the app posts a test's assignments and conversions (the local server's route, an HTTPS function on Firebase). */
export const AB_TEST_ROUTE = '/api/analytics/ab-test';

/** Buckets a session falls into for a test: 0 to 99 (spec 2 section 9). */
export const AB_BUCKETS = 100;

/**
 * The session's bucket for a test, 0 to 99: the session id and the test id hashed together (FNV-1a,
 * 32 bits), so one session always sees the same variant of a test and different tests split apart.
 */
export function abTestBucket(sessionId: string, testId: string): number {
  const text = `${sessionId}:${testId}`;
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % AB_BUCKETS;
}

/**
 * The variant a session gets (spec 2 section 4): its bucket matched against the variants' cumulative
 * traffic percentages, in their order. None when the feature is missing, disabled, not an A/B test,
 * or its test is not active; none either for a bucket past a total short of 100 (a test saved by
 * hand outside the admin area).
 */
export function assignVariant(
  feature: FeatureForAssignment | null | undefined,
  sessionId: string,
): AbTestVariant | null {
  if (!feature || feature.enabled === false || feature.type !== 'ab_test') return null;
  const config = feature.abTestConfig;
  if (!config?.isActive) return null;
  const bucket = abTestBucket(sessionId, feature.id);
  let cumulative = 0;
  for (const variant of config.variants) {
    cumulative += variant.trafficPercentage;
    if (bucket < cumulative) return variant;
  }
  return null;
}
