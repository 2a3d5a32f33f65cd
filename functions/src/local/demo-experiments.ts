/**
 * The landing page's A/B test, running in a fresh local backend so the variants and their events can
 * be seen at once (the admin stops it in the AB Tests tab): 'landingHeroTest', control, original and
 * social_proof.
 */
import { appFeaturePath, type AppFeature } from '../../../src/domain/experiments';
import type { Store } from '../store/store';

export async function seedDemoExperiments(store: Store, now: Date): Promise<void> {
  const feature: AppFeature = {
    id: 'landingHeroTest',
    name: 'Landing page hero',
    description: 'The words of the landing page’s first screen.',
    enabled: true,
    value: null,
    type: 'ab_test',
    abTestConfig: {
      variants: [
        { id: 'control', name: 'Control', trafficPercentage: 34 },
        { id: 'original', name: 'Original', trafficPercentage: 33 },
        { id: 'social_proof', name: 'Social proof', trafficPercentage: 33 },
      ],
      isActive: true,
      analyticsKey: 'landingHeroTest',
      startDate: now,
      endDate: null,
    },
    createdAt: now,
    updatedAt: now,
  };
  await store.runTransaction(async (tx) => {
    tx.set(appFeaturePath(feature.id), { ...feature });
  });
}
