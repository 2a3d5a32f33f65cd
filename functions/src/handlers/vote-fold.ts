/**
 * Folding votes into their photo. A vote's own transaction writes only the vote, the voter's record
 * and the owner's (the token it costs them), plus a pending entry beside the vote; the photo's
 * average, count, fair-score tally, feed and leaderboard order and the site's and peers' histograms
 * are moved by a fold, which takes every vote pending on the photo at once. So a popular photo's and
 * the site's shared documents are written once per fold, not once per vote: a burst of votes on one
 * photo queues behind at most one fold at a time, and no voter waits on, or fails with, another's.
 *
 * Who folds: the vote's handler, right after its transaction, so a member sees the new score at once
 * (the local backend has nothing else); on Firebase also the trigger on a new pending entry, which
 * Cloud Functions retries, so a fold lost to contention between instances still lands within seconds.
 *
 * An undo (`undo-vote.ts`) takes one vote out again: `readUnfold` is the fold's mirror, and each vote
 * the fold counts leaves, for as long as it may be undone, what it added to the fair score's tally
 * (`foldedVotes/{voterId}`), which depends on the site's average at the fold, so the undo takes out
 * exactly that. Whatever the fold adds to the photo, the unfold takes out.
 *
 * NOTE: within one process, a fold holds its owner's lock (the one votes on that owner take) and its
 * shard's, so no two transactions of the process read and write the same document at once
 * (`process-locks.ts` says why); folds of photos in different shards run side by side.
 */
import { feedOrder, leaderboardScore, UNDO_WINDOW_MS } from '../../../src/domain/rating';
import { photoPath, type Photo } from '../../../src/domain/photo';
import {
  moveTally,
  shardSiteAverage,
  voteWeight,
  type QualityTally,
  type VoterRecord,
} from '../../../src/domain/score-quality';
import { moveInHistogram, removeFromHistogram } from '../../../src/domain/scores';
import { statsShard, statsShardPath, type SiteStats } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import { moveVoteTotals, type CountedVote } from '../../../src/domain/vote-totals';
import type { Clock } from './handler';
import { withLocks } from './process-locks';
import { readPeerMove, readPeerRemoval, writePeerMove } from './peer-stats';
import { readSiteAverage } from './site-stats';
import { userPath } from './users';
import type { Store, Transaction } from '../store/store';

/** What the fold needs of a vote: the server's alone (no rule lets a member read it). */
export interface PendingVote {
  rate: number;
  /** The tags chosen, for the photo's totals. */
  chips: string[];
  viewingTimeSeconds: number;
  /** The voter's record before this vote, for the fair score's leniency. */
  voter: VoterRecord;
  ratedAt: Date;
}

export const pendingVotesPath = (ownerId: string, photoId: string) =>
  `${photoPath(ownerId, photoId)}/pendingVotes`;

/** Pending votes one fold takes: with their folded records, one transaction stays below Firestore's 500 writes. */
export const FOLD_BATCH = 200;

/** What the fold added to the fair score's tally for one vote (null: nothing, a junk vote). */
export interface FoldedVote {
  ratedAt: Date;
  weight: number | null;
}

export const foldedVotesPath = (ownerId: string, photoId: string) =>
  `${photoPath(ownerId, photoId)}/foldedVotes`;

/**
 * How long after its vote a fold keeps a vote's folded record: the undo's window, twice over for
 * the clocks of different instances. A vote folded later (a trigger's retry) is past undoing, and
 * the voter's next vote removes the record of the one before.
 */
const FOLDED_KEPT_MS = 2 * UNDO_WINDOW_MS;

/** The locks a fold of the photo holds: the owner's record, which the votes write, and the photo's site and peer shards (one number names both). */
export const foldLocks = (ownerId: string, photoId: string) => [
  userPath(ownerId),
  `stats/shard/${statsShard(photoId)}`,
];

/**
 * The photo's vote totals with these votes in; none for a photo rated before it kept them, whose
 * totals are counted from all its votes at once (`earlier-data.ts`), rather than begun from these.
 */
export function keptTotals(
  photo: Pick<Photo, 'votesCount' | 'voteTotals'>,
  votes: readonly CountedVote[],
): Pick<Photo, 'voteTotals'> {
  return photo.voteTotals || photo.votesCount === 0
    ? { voteTotals: moveVoteTotals(photo.voteTotals, votes) }
    : {};
}

/** Folds one batch of the photo's pending votes; how many it counted. */
async function foldBatch(store: Store, ownerId: string, photoId: string, now: Date): Promise<number> {
  const path = photoPath(ownerId, photoId);
  // Found outside the transaction and read in it by path: a query in it would hold the collection
  // against the votes being added to it.
  const pending = await store.query<PendingVote>(pendingVotesPath(ownerId, photoId), { limit: FOLD_BATCH });
  if (pending.length === 0) return 0;
  // The owner's profile only places the photo in a peer group and the feed; read beside the
  // transaction, since every vote on the owner's photos writes the owner's record.
  const owner = await store.get<User>(userPath(ownerId));
  const shardPath = statsShardPath(photoId);
  const counted = await store.runTransaction(async (tx) => {
    const [photo, shard, ...still] = await Promise.all([
      tx.get<Photo>(path),
      tx.get<SiteStats>(shardPath),
      ...pending.map((entry) => tx.get<PendingVote>(`${pendingVotesPath(ownerId, photoId)}/${entry.id}`)),
    ]);
    const votes = pending.flatMap((entry, index) => {
      const vote = still[index];
      return vote ? [{ id: entry.id, vote }] : [];
    });
    // A photo deleted since: its votes went with it, and nothing is left to count them in.
    if (!photo || !owner) {
      for (const { id } of votes) tx.delete(`${pendingVotesPath(ownerId, photoId)}/${id}`);
      return 0;
    }
    if (votes.length === 0) return 0;
    const average = shardSiteAverage(shard, photo) ?? (await readSiteAverage(store));
    const peers = await readPeerMove(tx, photo, owner, now);

    const votesCount = photo.votesCount + votes.length;
    const hearts = votes.reduce((sum, { vote }) => sum + vote.rate, 0);
    const rate = (photo.rate * photo.votesCount + hearts) / votesCount;
    const totalViewingTimeSeconds =
      photo.totalViewingTimeSeconds + votes.reduce((sum, { vote }) => sum + vote.viewingTimeSeconds, 0);
    const weights = votes.map(({ vote }) => voteWeight(vote, vote.voter, average));
    const tally = weights.reduce<QualityTally>((sum, weight) => moveTally(sum, weight), tallyOf(photo));
    const previousRate = photo.votesCount > 0 ? photo.rate : null;
    tx.update(path, {
      rate,
      votesCount,
      totalViewingTimeSeconds,
      averageViewingTimeSeconds: totalViewingTimeSeconds / votesCount,
      ...keptTotals(
        photo,
        // A vote pending from before votes carried their tags counts by its hearts alone.
        votes.map(({ vote }) => ({ rate: vote.rate, chips: vote.chips ?? [] })),
      ),
      ...tally,
      // A photo being compared moves by its range, which these votes narrow.
      feedOrder: feedOrder({ ...photo, votesCount, ...tally }, owner.subscribed),
      leaderboardScore: leaderboardScore({ rate, votesCount, ...tally }, average),
      ...writePeerMove(tx, peers, previousRate, rate),
    });
    tx.set(shardPath, {
      histogram: moveInHistogram(shard?.histogram ?? {}, previousRate, rate),
      votes: (shard?.votes ?? 0) + votes.length,
      votesSum: (shard?.votesSum ?? 0) + hearts,
    } satisfies SiteStats);
    for (const [index, { id, vote }] of votes.entries()) {
      tx.delete(`${pendingVotesPath(ownerId, photoId)}/${id}`);
      if (now.getTime() - vote.ratedAt.getTime() <= FOLDED_KEPT_MS)
        tx.set(`${foldedVotesPath(ownerId, photoId)}/${id}`, {
          ratedAt: vote.ratedAt,
          weight: weights[index] ?? null,
        } satisfies FoldedVote);
    }
    return votes.length;
  });
  // A full batch may have left more behind it.
  return pending.length === FOLD_BATCH ? counted + (await foldBatch(store, ownerId, photoId, now)) : counted;
}

const tallyOf = (photo: Photo): QualityTally => ({
  qualityVotes: photo.qualityVotes ?? 0,
  qualitySum: photo.qualitySum ?? 0,
  qualitySquares: photo.qualitySquares ?? 0,
});

/** Hearts are half steps, so their sum is a multiple of 0.5: kept exact however the average rounded. */
const heartsOf = (photo: Photo) => Math.round(photo.rate * photo.votesCount * 2) / 2;

/**
 * Takes one vote the fold counted out of its photo again (an undo), the fold's mirror: count,
 * average, viewing time, vote totals, tally (by what the fold added, `folded`), feed and leaderboard
 * order, and the site's and peers' histograms. The reads happen now, in the transaction; the writes
 * when the returned function is called, after the caller's other reads. The caller holds `foldLocks`.
 */
export async function readUnfold(
  tx: Transaction,
  store: Store,
  photo: Photo,
  owner: User,
  vote: Pick<PendingVote, 'rate' | 'chips' | 'viewingTimeSeconds'>,
  folded: FoldedVote,
  now: Date,
): Promise<() => void> {
  const path = photoPath(photo.userId, photo.id);
  const shardPath = statsShardPath(photo.id);
  const shard = await tx.get<SiteStats>(shardPath);
  const votesCount = Math.max(0, photo.votesCount - 1);
  const leavesPeers = votesCount === 0 ? await readPeerRemoval(tx, photo) : null;
  const peers = votesCount === 0 ? null : await readPeerMove(tx, photo, owner, now);
  const average = shardSiteAverage(shard, photo) ?? (await readSiteAverage(store));
  const hearts = Math.max(0, heartsOf(photo) - vote.rate);
  const rate = votesCount === 0 ? 0 : hearts / votesCount;
  const totalViewingTimeSeconds = Math.max(0, photo.totalViewingTimeSeconds - vote.viewingTimeSeconds);
  const tally = moveTally(tallyOf(photo), folded.weight, -1);
  return () => {
    tx.update(path, {
      rate,
      votesCount,
      totalViewingTimeSeconds,
      averageViewingTimeSeconds: votesCount === 0 ? 0 : totalViewingTimeSeconds / votesCount,
      ...(photo.voteTotals
        ? { voteTotals: moveVoteTotals(photo.voteTotals, [{ rate: vote.rate, chips: vote.chips }], -1) }
        : {}),
      ...tally,
      feedOrder: feedOrder({ ...photo, votesCount, ...tally }, owner.subscribed),
      leaderboardScore: leaderboardScore({ rate, votesCount, ...tally }, average),
      ...(peers ? writePeerMove(tx, peers, photo.rate, rate) : {}),
    });
    leavesPeers?.();
    tx.set(shardPath, {
      histogram:
        votesCount === 0
          ? removeFromHistogram(shard?.histogram ?? {}, photo.rate)
          : moveInHistogram(shard?.histogram ?? {}, photo.rate, rate),
      votes: Math.max(0, (shard?.votes ?? 0) - 1),
      votesSum: Math.max(0, (shard?.votesSum ?? 0) - vote.rate),
    } satisfies SiteStats);
  };
}

const queuedFolds = new WeakMap<Store, Map<string, Promise<number>>>();

/**
 * Folds every vote pending on the photo (those pending when it is asked, and any added meanwhile);
 * resolves with how many this fold counted, once it has. A request while a fold of the photo waits
 * to start joins it; folds of photos in different shards run side by side.
 */
export function foldVotes(store: Store, clock: Clock, ownerId: string, photoId: string): Promise<number> {
  let waiting = queuedFolds.get(store);
  if (!waiting) {
    waiting = new Map();
    queuedFolds.set(store, waiting);
  }
  const key = photoPath(ownerId, photoId);
  const queued = waiting.get(key);
  if (queued) return queued;
  const fold = withLocks(foldLocks(ownerId, photoId), () => {
    // Started: a vote from now on asks for the next fold.
    waiting.delete(key);
    return foldBatch(store, ownerId, photoId, clock.now());
  });
  waiting.set(key, fold);
  return fold;
}
