/**
 * The site stats on the server. A fold of votes moves its photo's bucket in that photo's shard only,
 * so folds on different photos seldom write the same document; the site's average, which weighs each voter's
 * habit in the fair score, comes from that shard once it holds enough votes, and until then from the
 * shards added up, read beside the fold's transaction, not in it.
 */
import type { Photo } from '../../../src/domain/photo';
import { siteAverage } from '../../../src/domain/score-quality';
import { removeFromHistogram } from '../../../src/domain/scores';
import { STATS_SHARDS_PATH, sumSiteStats, type SiteStats } from '../../../src/domain/site-stats';
import type { Store } from '../store/store';

export async function readSiteStats(store: Store): Promise<SiteStats> {
  const shards = await store.query<Partial<SiteStats>>(STATS_SHARDS_PATH);
  return sumSiteStats(shards.map((shard) => shard.data));
}

/** The site's average vote as the shards hold it; votes being committed meanwhile are missed. */
export async function readSiteAverage(store: Store): Promise<number> {
  const shards = await store.query<Partial<SiteStats>>(STATS_SHARDS_PATH);
  // Only the totals: adding up the histograms too would cost every vote of a young site.
  return siteAverage({
    votes: shards.reduce((sum, shard) => sum + (shard.data.votes ?? 0), 0),
    votesSum: shards.reduce((sum, shard) => sum + (shard.data.votesSum ?? 0), 0),
  });
}

/**
 * A rated photo's shard once the photo is gone: its rate leaves the histogram. The votes cast on it
 * stay in the site's totals, as they stay in their voters' records: the fair score compares the two.
 */
export function shardWithoutPhoto(
  shard: Partial<SiteStats> | undefined,
  photo: Pick<Photo, 'rate'>,
): SiteStats {
  return {
    histogram: removeFromHistogram(shard?.histogram ?? {}, photo.rate),
    votes: shard?.votes ?? 0,
    votesSum: shard?.votesSum ?? 0,
  };
}
