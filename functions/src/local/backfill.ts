/**
 * What a data folder from an earlier version is given when the local backend starts, once: photos
 * stored before the feed and the leaderboard kept their ordering fields get them (a marker says it
 * is done, so later starts read one document, not every photo), rated photos their place by the
 * smoothed score and their peer group's histogram, and the site stats kept in one document move into
 * their shards.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import {
  PEER_GROUPS,
  peerGroupOf,
  peerShardPath,
  peerShardsPath,
  type PeerGroup,
  type PeerStats,
} from '../../../src/domain/peer-stats';
import { feedOrder, leaderboardScore } from '../../../src/domain/rating';
import { DEFAULT_SITE_AVERAGE } from '../../../src/domain/score-quality';
import { moveInHistogram } from '../../../src/domain/scores';
import { STATS_SHARDS, STATS_SHARDS_PATH, statsShard, type SiteStats } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import { readSiteAverage } from '../handlers/site-stats';
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
        leaderboardScore: leaderboardScore(
          { ...photo, rate: photo.rate ?? 0, votesCount },
          DEFAULT_SITE_AVERAGE,
        ),
      });
    });
  }
  await store.runTransaction(async (tx) => tx.set(MARKER_PATH, { rankings: true }));
  return missing.length;
}

/** Photo updates per transaction (Firestore commits at most 500 writes at once). */
const WRITES_PER_TRANSACTION = 400;

type StoredPhoto = Partial<Photo> & Pick<Photo, 'id' | 'userId'>;

/**
 * Rated photos from before the leaderboard ranked by the smoothed score and before the peer
 * histograms: each gets its leaderboard score again and, without a peer group, its owner's group of
 * today; the peer shards are counted again from the photos and written whole. Runs before the server
 * takes calls, so no vote comes between reading the photos and writing the shards.
 */
export async function backfillPeersAndScores(store: Store, at: Date): Promise<number> {
  if ((await store.get<{ peersAndScores?: boolean }>(MARKER_PATH))?.peersAndScores) return 0;
  const photos = await store.queryGroup<StoredPhoto>('photos');
  const rated = photos.map(({ data }) => data).filter((photo) => (photo.votesCount ?? 0) > 0);
  const average = await readSiteAverage(store);
  const owners = new Map<string, User | undefined>();
  const shards = new Map<string, PeerStats>();
  const updates: Array<{ photo: StoredPhoto; fields: Partial<Photo> }> = [];
  for (const photo of rated) {
    if (!owners.has(photo.userId)) owners.set(photo.userId, await store.get<User>(`users/${photo.userId}`));
    const owner = owners.get(photo.userId);
    const group: PeerGroup | null = photo.peerGroup ?? (owner ? peerGroupOf(owner, at) : null);
    const rate = photo.rate ?? 0;
    if (group) {
      const path = peerShardPath(group, photo.id);
      const shard = shards.get(path) ?? { histogram: {} };
      shards.set(path, { histogram: moveInHistogram(shard.histogram, null, rate) });
    }
    updates.push({
      photo,
      fields: {
        leaderboardScore: leaderboardScore({ ...photo, rate, votesCount: photo.votesCount ?? 0 }, average),
        ...(group ? { peerGroup: group } : {}),
      },
    });
  }
  for (let start = 0; start < updates.length; start += WRITES_PER_TRANSACTION) {
    await store.runTransaction(async (tx) => {
      for (const { photo, fields } of updates.slice(start, start + WRITES_PER_TRANSACTION))
        tx.update(photoPath(photo.userId, photo.id), fields);
    });
  }
  await store.runTransaction(async (tx) => {
    const marker = await tx.get<Record<string, boolean>>(MARKER_PATH);
    for (const group of PEER_GROUPS) {
      for (let n = 0; n < STATS_SHARDS; n++) {
        const path = `${peerShardsPath(group)}/${n}`;
        tx.set(path, { ...(shards.get(path) ?? { histogram: {} }) });
      }
    }
    tx.set(MARKER_PATH, { ...marker, peersAndScores: true });
  });
  return updates.length;
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
