/**
 * The admin's counts of analytics events and A/B variants. Locally they come from the local server's
 * event log (admins only, by the claim); on Firebase the events are in Google Analytics, so none here.
 */
import { env } from '@/config/env';
import type { AnalyticsSummary } from '@/domain/analytics-summary';
import { CATEGORY_DEFAULTS } from '@/domain/errors';
import { observeRead } from './debug-instrumentation';

export const ANALYTICS_SUMMARY_ROUTE = '/api/analytics/summary';

/** The counts, or null where they live in Google Analytics. */
export async function readAnalyticsSummary(): Promise<AnalyticsSummary | null> {
  if (env.backend !== 'local') return null;
  const { currentIdToken } = await import('./auth');
  const token = await currentIdToken();
  return observeRead(
    'get',
    ANALYTICS_SUMMARY_ROUTE,
    async () => {
      const response = await fetch(`${env.localServerUrl}${ANALYTICS_SUMMARY_ROUTE}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await response.json().catch(() => ({}))) as AnalyticsSummary & { error?: string };
      if (!response.ok) throw new Error(body.error ?? CATEGORY_DEFAULTS.firebase.message);
      return body;
    },
    (summary) => summary.events.length + summary.variants.length,
  );
}
