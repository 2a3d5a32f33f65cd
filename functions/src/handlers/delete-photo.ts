/**
 * deletePhoto: the record, its votes and reports, its bucket in the site's and its peer group's
 * histograms, then its files. The votes go in batches, a transaction each, as a photo may have more
 * than Firestore commits at once.
 */
import type { Callables } from '../../../src/domain/callables';
import { photoFilePaths, photoPath, type Photo } from '../../../src/domain/photo';
import { photoIdSchema } from '../../../src/domain/schemas';
import { statsShardPath, type SiteStats } from '../../../src/domain/site-stats';
import type { Store, Transaction } from '../store/store';
import { requireCaller, validate, type Handler } from './handler';
import { readOwnerAndPhoto } from './photos';
import { readPeerRemoval } from './peer-stats';
import { shardWithoutPhoto } from './site-stats';

/**
 * Votes and reports deleted per transaction. Firestore commits at most 500 writes in one; the last
 * batch also deletes the photo and rewrites its shard, and the rest is room to spare.
 */
export const DELETIONS_PER_TRANSACTION = 400;

/**
 * Removes a photo's record with its votes and reports, a transaction per batch of them, and takes
 * its rate out of the histogram. The record goes last, with the last batch, so a removal cut short
 * leaves the photo in place to be removed again; votes that arrive meanwhile go with a later batch.
 * Returns the photo as it was removed, or undefined when it was already gone. `withRecord` adds its
 * reads and writes to the transaction that deletes the record (an admin's audit entry), so the two
 * commit together; it runs before that transaction's writes, as Firestore reads none after a write.
 */
export async function removePhoto(
  store: Store,
  ownerId: string,
  photoId: string,
  withRecord?: (tx: Transaction, photo: Photo) => Promise<void> | void,
): Promise<Photo | undefined> {
  const path = photoPath(ownerId, photoId);
  const shardPath = statsShardPath(photoId);
  for (;;) {
    const removal = await store.runTransaction(async (tx) => {
      const photo = await tx.get<Photo>(path);
      if (!photo) return { done: true as const, photo };
      // One more than a batch tells whether this batch is the last.
      const votes = await tx.query(`${path}/votes`, { limit: DELETIONS_PER_TRANSACTION + 1 });
      const reports =
        votes.length > DELETIONS_PER_TRANSACTION
          ? []
          : await tx.query(`${path}/reports`, { limit: DELETIONS_PER_TRANSACTION + 1 - votes.length });
      // What undoing its latest votes would need (vote-fold.ts): a few at most.
      const folded =
        votes.length + reports.length > DELETIONS_PER_TRANSACTION
          ? []
          : await tx.query(`${path}/foldedVotes`, {
              limit: DELETIONS_PER_TRANSACTION + 1 - votes.length - reports.length,
            });
      const found = [
        ...votes.map((vote) => `${path}/votes/${vote.id}`),
        ...reports.map((report) => `${path}/reports/${report.id}`),
        ...folded.map((entry) => `${path}/foldedVotes/${entry.id}`),
      ];
      const last = found.length <= DELETIONS_PER_TRANSACTION;
      // Only a rated photo is in the histogram; its shard only with the last batch, as votes on
      // other photos write it too.
      const shard =
        last && photo.votesCount > 0 ? shardWithoutPhoto(await tx.get<SiteStats>(shardPath), photo) : null;
      const leavePeers = last ? await readPeerRemoval(tx, photo) : null;
      if (last && withRecord) await withRecord(tx, photo);
      for (const each of found.slice(0, DELETIONS_PER_TRANSACTION)) tx.delete(each);
      if (!last) return { done: false as const };
      if (shard) tx.set(shardPath, { ...shard });
      leavePeers?.();
      tx.delete(path);
      return { done: true as const, photo };
    });
    if (removal.done) return removal.photo;
  }
}

/** Deletes every document of a collection, a transaction per batch. */
export async function deleteCollection(store: Store, collectionPath: string): Promise<void> {
  for (;;) {
    const deleted = await store.runTransaction(async (tx) => {
      const docs = await tx.query(collectionPath, { limit: DELETIONS_PER_TRANSACTION });
      for (const doc of docs) tx.delete(`${collectionPath}/${doc.id}`);
      return docs.length;
    });
    if (deleted < DELETIONS_PER_TRANSACTION) return;
  }
}

export const deletePhoto: Handler<Callables['deletePhoto']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId } = await validate(photoIdSchema, data);
    // Refuses a member who may not, or a photo that is not theirs, before anything goes.
    await context.store.runTransaction((tx) => readOwnerAndPhoto(tx, caller.uid, photoId));
    const photo = await removePhoto(context.store, caller.uid, photoId);
    // Files go once the record is gone: a failure here leaves an orphan file, never a broken photo.
    if (photo) {
      await Promise.all(photoFilePaths(caller.uid, photo).map((file) => context.files.delete(file)));
    }
    return { deleted: true as const };
  },
};
