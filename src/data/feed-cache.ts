/**
 * The rating feed's cache on the device (spec 1, section 7): the IndexedDB database PhotoraterDB,
 * version 3, with the stores `photos` (the feed as loaded) and `votes` (light copies of the votes
 * given). Reopening /rate starts from it; a photo voted on elsewhere is left out by the votes.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { FeedPhoto } from '@/domain/rating';
import type { GivenVote } from '@/domain/vote';
import { DATABASE_DELETION_BLOCKED } from '@/domain/errors';
import { logFailure } from '@/lib/report-error';

export const FEED_DB_NAME = 'PhotoraterDB';

interface CachedPhoto extends FeedPhoto {
  /** Position in the feed as it was loaded. */
  order: number;
}

export type FeedDatabase = Dexie & {
  photos: EntityTable<CachedPhoto, 'id'>;
  votes: EntityTable<GivenVote, 'id'>;
};

let database: Promise<FeedDatabase> | undefined;

function define(): FeedDatabase {
  const db = new Dexie(FEED_DB_NAME) as FeedDatabase;
  db.version(3).stores({ photos: 'id, order', votes: 'id' });
  return db;
}

/**
 * The health check (spec 2 section 4): the database must open at version 3 and both stores answer a
 * read. One that fails (left broken, of another version or layout, or refused by the browser) is
 * deleted and made anew: it only holds copies of what the server keeps.
 */
export async function checkedFeedDatabase(create: () => FeedDatabase = define): Promise<FeedDatabase> {
  const db = create();
  try {
    await db.open();
    await Promise.all([db.photos.count(), db.votes.count()]);
    return db;
  } catch (error) {
    logFailure(error, { feature: 'feed cache', action: 'health check' });
    db.close();
    await Dexie.delete(FEED_DB_NAME);
    const fresh = create();
    await fresh.open();
    return fresh;
  }
}

function open(): Promise<FeedDatabase> {
  database ??= checkedFeedDatabase();
  // A database that could not be made even anew is tried again at the next use.
  database.catch(() => (database = undefined));
  return database;
}

/** The cached feed in its order, without photos already voted on. */
export async function readCachedFeed(): Promise<FeedPhoto[]> {
  const db = await open();
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
  const db = await open();
  await db.transaction('rw', db.photos, async () => {
    await db.photos.clear();
    await db.photos.bulkPut(photos.map((photo, order) => ({ ...photo, order })));
  });
}

/** A rated, reported or broken photo leaves the cache. */
export async function forgetPhoto(photoId: string): Promise<void> {
  await (await open()).photos.delete(photoId);
}

export async function rememberVote(vote: GivenVote): Promise<void> {
  await (await open()).votes.put(vote);
}

/** An undone vote: its photo may be rated again. */
export async function forgetVote(photoId: string): Promise<void> {
  await (await open()).votes.delete(photoId);
}

/** The ids of photos voted on: the cache, or when it is empty, the member's light votes from the backend. */
export async function votedPhotoIds(readGivenVotes: () => Promise<GivenVote[]>): Promise<Set<string>> {
  const db = await open();
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
  const opened = database;
  database = undefined;
  await opened?.then(
    (db) => db.close(),
    () => undefined,
  );
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(FEED_DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('Could not delete the local database.'));
    request.onblocked = () => reject(new Error(DATABASE_DELETION_BLOCKED));
  });
}
