/**
 * Data written before a change to its shape, brought up to date once, on both backends: by the local
 * stack before its server takes calls, and on Firebase by the first hourly purge after a deploy. A
 * marker says each is done, so later runs read one document.
 *
 * - Photos rated before the fold kept their vote totals get them, counted from their votes (less any
 *   still pending, which their fold counts), and votes without `commented` get it, so the owner's
 *   detail can watch only its newest comments.
 * - Members deleted before the purge looked only for `purgePending` get the flag.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { votesPath } from '../../../src/domain/vote';
import { moveVoteTotals } from '../../../src/domain/vote-totals';
import type { Store } from '../store/store';
import { pendingVotesPath, type PendingVote } from './vote-fold';
import { readVoteKeys, voteIdOf, type StoredVote } from './vote-keys';

export const EARLIER_DATA_PATH = 'stats/backfills';

type Marker = Record<string, boolean>;

async function once(store: Store, name: string, work: () => Promise<number>): Promise<number> {
  if ((await store.get<Marker>(EARLIER_DATA_PATH))?.[name]) return 0;
  const done = await work();
  await store.runTransaction(async (tx) => {
    const marker = await tx.get<Marker>(EARLIER_DATA_PATH);
    tx.set(EARLIER_DATA_PATH, { ...marker, [name]: true });
  });
  return done;
}

/** Writes per transaction, below Firestore's 500. */
const WRITES_PER_TRANSACTION = 400;

const PHOTO_PATH = /^users\/([^/]+)\/photos\/([^/]+)$/;

/** Rated photos without vote totals get them, and their votes `commented`; how many photos. */
export function backfillVoteTotals(store: Store): Promise<number> {
  return once(store, 'voteTotals', async () => {
    const keys = await readVoteKeys(store);
    // No vote was ever given: nothing to count.
    if (!keys) return 0;
    const photos = await store.queryGroup<Pick<Photo, 'votesCount' | 'voteTotals'>>('photos');
    let counted = 0;
    for (const { path, data } of photos) {
      const [, ownerId, photoId] = PHOTO_PATH.exec(path) ?? [];
      if (!ownerId || !photoId || !data.votesCount) continue;
      const unmarked = (await store.query<StoredVote>(votesPath(ownerId, photoId))).filter(
        ({ data: vote }) => vote.commented === undefined,
      );
      for (let start = 0; start < unmarked.length; start += WRITES_PER_TRANSACTION) {
        await store.runTransaction(async (tx) => {
          for (const { id, data: vote } of unmarked.slice(start, start + WRITES_PER_TRANSACTION))
            tx.update(`${votesPath(ownerId, photoId)}/${id}`, {
              commented: (vote.comment ?? '').trim() !== '',
            });
        });
      }
      if (data.voteTotals) continue;
      // Read again in the transaction: a fold meanwhile moves the photo and its pending votes.
      const started = await store.runTransaction(async (tx) => {
        const [photo, votes, pending] = await Promise.all([
          tx.get<Photo>(photoPath(ownerId, photoId)),
          tx.query<StoredVote>(votesPath(ownerId, photoId)),
          tx.query<PendingVote>(pendingVotesPath(ownerId, photoId)),
        ]);
        if (!photo || photo.voteTotals) return false;
        // A pending vote's entry is named by its voter; the fold counts it into the totals made here.
        const stillPending = new Set(pending.map(({ id }) => voteIdOf(keys, id, ownerId, photoId)));
        const folded = votes.filter(({ id }) => !stillPending.has(id)).map(({ data: vote }) => vote);
        tx.update(photoPath(ownerId, photoId), { voteTotals: moveVoteTotals(undefined, folded) });
        return true;
      });
      if (started) counted++;
    }
    return counted;
  });
}

/** Deleted members not yet purged, from before the flag the purge looks for; how many. */
export function markPendingPurges(store: Store): Promise<number> {
  return once(store, 'pendingPurges', async () => {
    const deleted = await store.query<User & { purgedAt?: Date; purgePending?: boolean }>('users', {
      where: [{ field: 'deleted', equals: true }],
    });
    const unmarked = deleted.filter(({ data }) => !data.purgedAt && !data.purgePending);
    for (let start = 0; start < unmarked.length; start += WRITES_PER_TRANSACTION) {
      await store.runTransaction(async (tx) => {
        for (const { id } of unmarked.slice(start, start + WRITES_PER_TRANSACTION))
          tx.update(`users/${id}`, { purgePending: true });
      });
    }
    return unmarked.length;
  });
}
