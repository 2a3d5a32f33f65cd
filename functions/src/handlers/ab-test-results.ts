/**
 * The AB Tests tab's figures, on both backends: each variant's exposures (sessions assigned to it)
 * and conversions, counted where the A/B endpoint keeps them (`abTestEvents`, one assignment and one
 * conversion a session). Counted, not read: a test's events grow with its traffic, the call does not.
 */
import type { AbTestVariantResult } from '../../../src/domain/ab-test-events';
import { AB_TEST_EVENTS } from '../../../src/domain/ab-test-events';
import { APP_FEATURES, type AppFeature } from '../../../src/domain/experiments';
import { noInputSchema } from '../../../src/domain/schemas';
import { requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';

export const adminAbTestResults: Handler<{ variants: AbTestVariantResult[] }> = {
  async run(data, context) {
    await requireAdmin(context);
    await validate(noInputSchema, data);
    const { store } = context;
    const tests = await store.query<Omit<AppFeature, 'id'>>(APP_FEATURES, {
      where: [{ field: 'type', equals: 'ab_test' }],
    });
    const variants = tests.flatMap(({ id: testId, data: test }) =>
      (test.abTestConfig?.variants ?? []).map(async (variant): Promise<AbTestVariantResult> => {
        const events = (eventType: 'assignment' | 'conversion') =>
          store.count(AB_TEST_EVENTS, [
            { field: 'testId', equals: testId },
            { field: 'variantId', equals: variant.id },
            { field: 'eventType', equals: eventType },
          ]);
        const [exposures, conversions] = await Promise.all([events('assignment'), events('conversion')]);
        return { testId, variantId: variant.id, variantName: variant.name, exposures, conversions };
      }),
    );
    return { variants: await Promise.all(variants) };
  },
};
