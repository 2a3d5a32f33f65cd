/** One peer group's rate histogram, live: the photo detail's percentile among peers reads it. */
import type { PeerGroup } from '@/domain/peer-stats';
import type { RateHistogram } from '@/domain/site-stats';
import { useLive } from './use-live';

/** Nothing is watched for a photo counted in no group yet. */
export function usePeerStats(group: PeerGroup | undefined): RateHistogram | undefined {
  return useLive<RateHistogram>(`peers/${group ?? ''}`, (backend, onValue, onError) =>
    group ? backend.stats.watchPeerStats(group, onValue, onError) : () => undefined,
  ).value;
}
