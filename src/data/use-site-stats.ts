/** The site's rate histogram and vote totals, live: the percentile and the fair score read them. */
import type { SiteStats } from '@/domain/scores';
import { useLive } from './use-live';

export function useSiteStats(): SiteStats | undefined {
  return useLive<SiteStats>('stats', (backend, onValue, onError) =>
    backend.stats.watchSiteStats(onValue, onError),
  ).value;
}
