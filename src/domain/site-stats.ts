/**
 * The site stats: the histogram of rated photos' rates (0.01-wide buckets, so it stays small at any
 * number of photos) and the site's vote count and sum of hearts. Firestore sustains about one write a
 * second on one document, so they are kept in shards: a photo's bucket and the votes on it are
 * counted in the shard its id falls to, votes on different photos seldom write the same shard, and
 * the server adds the shards up. Only the server reads them: a shard holds a few photos' tallies, so
 * the owner's screens get what they need from `getPhotoStanding` (see `photo-standing.ts`).
 */
export type RateHistogram = Record<string, number>;

export interface SiteStats {
  histogram: RateHistogram;
  votes: number;
  votesSum: number;
}

export const STATS_SHARDS = 20;
/** `stats/rates/shards/{0..19}`, each a `SiteStats` of its photos. */
export const STATS_SHARDS_PATH = 'stats/rates/shards';

/** The shard a photo's bucket and votes are counted in: FNV-1a of its id, so every host agrees. */
export function statsShard(photoId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < photoId.length; index++) {
    hash ^= photoId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % STATS_SHARDS;
}

export const statsShardPath = (photoId: string) => `${STATS_SHARDS_PATH}/${statsShard(photoId)}`;

/** The site's figures: the shards added up (a missing field counts as nothing). */
export function sumSiteStats(shards: Iterable<Partial<SiteStats> | undefined>): SiteStats {
  const histogram: RateHistogram = {};
  let votes = 0;
  let votesSum = 0;
  for (const shard of shards) {
    for (const [bucket, count] of Object.entries(shard?.histogram ?? {})) {
      histogram[bucket] = (histogram[bucket] ?? 0) + count;
    }
    votes += shard?.votes ?? 0;
    votesSum += shard?.votesSum ?? 0;
  }
  return { histogram, votes, votesSum };
}
