/**
 * The rating feed's cache on the device (spec 1, section 7): the IndexedDB database PhotoraterDB,
 * version 3, with the stores `photos` (the feed as loaded) and `votes` (light copies of the votes
 * given). Reopening /rate starts from it; a photo voted on elsewhere is left out by the votes.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { FeedPhoto } from '@/domain/rating';
import type { GivenVote } from '@/domain/vote';
import { DATABASE_DELETION_BLOCKED } from '@/domain/errors';

export const FEED_DB_NAME = 'PhotoraterDB';

interface CachedPhoto extends FeedPhoto {
  /** Position in the feed as it was loaded. */
  order: number;
}

type FeedDatabase = Dexie & {
  photos: EntityTable<CachedPhoto, 'id'>;
  votes: EntityTable<GivenVote, 'id'>;
};

let database: FeedDatabase | undefined;

function open(): FeedDatabase {
  if (!database) {
    database = new Dexie(FEED_DB_NAME) as FeedDatabase;
    database.version(3).stores({ photos: 'id, order', votes: 'id' });
  }
  return database;
}

/** The cached feed in its order, without photos already voted on. */
export async function readCachedFeed(): Promise<FeedPhoto[]> {
  const db = open();
  const [photos, votes] = await Promise.all([db.photos.orderBy('order').toArray(), db.votes.toArray()]);
  const voted = new Set(votes.map((vote) => vote.id));
  return (
    photos
      .filter((photo) => !voted.has(photo.id))
      // Rows cached before the original's URL was kept have none.
      .map(({ id, userId, imageUrl, originalUrl, caption }) => ({
        id,
        userId,
        imageUrl,
        originalUrl: originalUrl ?? null,
        caption,
      }))
  );
}

export async function cacheFeed(photos: FeedPhoto[]): Promise<void> {
  await open().transaction('rw', open().photos, async () => {
    await open().photos.clear();
    await open().photos.bulkPut(photos.map((photo, order) => ({ ...photo, order })));
  });
}

/** A rated, reported or broken photo leaves the cache. */
export async function forgetPhoto(photoId: string): Promise<void> {
  await open().photos.delete(photoId);
}

export async function rememberVote(vote: GivenVote): Promise<void> {
  await open().votes.put(vote);
}

/** The ids of photos voted on: the cache, or when it is empty, the member's light votes from the backend. */
export async function votedPhotoIds(readGivenVotes: () => Promise<GivenVote[]>): Promise<Set<string>> {
  const db = open();
  let votes = await db.votes.toArray();
  if (votes.length === 0) {
    votes = await readGivenVotes();
    await db.votes.bulkPut(votes);
  }
  return new Set(votes.map((vote) => vote.id));
}

export { DATABASE_DELETION_BLOCKED };

/** Sign-out removes the cache, which belongs to the member who signed out. */
export async function deleteFeedCache(): Promise<void> {
  database?.close();
  database = undefined;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(FEED_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('Could not delete the local database.'));
    request.onblocked = () => reject(new Error(DATABASE_DELETION_BLOCKED));
  });
}
