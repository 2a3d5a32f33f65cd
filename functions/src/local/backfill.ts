/**
 * What a data folder from an earlier version is given when the local backend starts, once: photos
 * stored before the feed and the leaderboard kept their ordering fields get them (a marker says it
 * is done, so later starts read one document, not every photo), and the site stats kept in one
 * document move into their shards.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import { feedOrder, leaderboardScore } from '../../../src/domain/rating';
import { moveInHistogram } from '../../../src/domain/scores';
import { STATS_SHARDS, STATS_SHARDS_PATH, statsShard, type SiteStats } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import type { Store } from '../store/store';

const MARKER_PATH = 'stats/backfills';

export async function backfillRankings(store: Store): Promise<number> {
  if ((await store.get<{ rankings?: boolean }>(MARKER_PATH))?.rankings) return 0;
  const photos = await store.queryGroup<Partial<Photo> & Pick<Photo, 'id' | 'userId'>>('photos');
  const missing = photos.filter(({ data }) => !data.feedOrder && data.userId && data.uploadedAt);
  for (const { data: photo } of missing) {
    await store.runTransaction(async (tx) => {
      const owner = await tx.get<User>(`users/${photo.userId}`);
      const votesCount = photo.votesCount ?? 0;
      tx.update(photoPath(photo.userId, photo.id), {
        feedOrder: feedOrder(
          { id: photo.id, votesCount, uploadedAt: photo.uploadedAt! },
          owner?.subscribed ?? false,
        ),
        leaderboardScore: leaderboardScore({ rate: photo.rate ?? 0, votesCount }),
      });
    });
  }
  await store.runTransaction(async (tx) => tx.set(MARKER_PATH, { rankings: true }));
  return missing.length;
}

/** Where earlier versions kept the whole histogram and the site's vote totals. */
export const SINGLE_STATS_PATH = 'stats/stats';

/**
 * Moves `stats/stats` into the shards, all written afresh in one transaction; later starts find it
 * gone and read nothing more. Each photo's bucket and votes go to its own shard, where votes and
 * deletions look for them (the histogram is counted again from the photos, which drops the buckets
 * of photos deleted before deletions took them out); the votes on photos since deleted go to the
 * first shard, so the site's totals stay what they were. Runs before the server takes calls, so no
 * vote comes between reading the photos and writing the shards.
 */
export async function shardSiteStats(store: Store): Promise<boolean> {
  if (!(await store.get(SINGLE_STATS_PATH))) return false;
  const photos = await store.queryGroup<Pick<Photo, 'id' | 'rate' | 'votesCount'>>('photos');
  return store.runTransaction(async (tx) => {
    const single = await tx.get<Partial<SiteStats>>(SINGLE_STATS_PATH);
    if (!single) return false;
    const shards = Array.from({ length: STATS_SHARDS }, (): SiteStats => ({
      histogram: {},
      votes: 0,
      votesSum: 0,
    }));
    let votes = 0;
    let votesSum = 0;
    for (const { data: photo } of photos) {
      if (!photo.votesCount) continue;
      const shard = shards[statsShard(photo.id)]!;
      shard.histogram = moveInHistogram(shard.histogram, null, photo.rate);
      shard.votes += photo.votesCount;
      shard.votesSum += photo.rate * photo.votesCount;
      votes += photo.votesCount;
      votesSum += photo.rate * photo.votesCount;
    }
    // Never below what the photos hold: data written without the single document had none to carry.
    if ((single.votes ?? 0) > votes) {
      shards[0]!.votes += (single.votes ?? 0) - votes;
      shards[0]!.votesSum += (single.votesSum ?? 0) - votesSum;
    }
    shards.forEach((shard, n) => tx.set(`${STATS_SHARDS_PATH}/${n}`, { ...shard }));
    tx.delete(SINGLE_STATS_PATH);
    return true;
  });
}
