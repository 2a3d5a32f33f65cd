import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheFeed, checkedFeedDatabase, deleteFeedCache, FEED_DB_NAME, readCachedFeed } from './feed-cache';

vi.mock('@/lib/report-error', () => ({ logFailure: vi.fn() }));

const photo = { id: 'p1', userId: 'u1', imageUrl: 'https://img/p1', originalUrl: null, caption: null };

/** A database of the same name left by something else: a later version with other stores. */
function leaveForeignDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(FEED_DB_NAME, 1000);
    request.onupgradeneeded = () => request.result.createObjectStore('somethingElse');
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('PhotoraterDB', () => {
  afterEach(async () => {
    await deleteFeedCache();
  });

  it('keeps the feed as loaded', async () => {
    await cacheFeed([photo]);
    expect(await readCachedFeed()).toEqual([photo]);
  });

  it('is made anew when its health check fails: a database it cannot open is replaced', async () => {
    await leaveForeignDatabase();
    const db = await checkedFeedDatabase();
    expect(db.verno).toBe(3);
    expect(await db.photos.count()).toBe(0);
    await db.votes.put({ id: 'p1', ownerId: 'u1', rate: 4, ratedAt: new Date() });
    expect(await db.votes.count()).toBe(1);
    db.close();
  });

  it('is made anew when a store does not answer', async () => {
    let made = 0;
    const { default: Dexie } = await import('dexie');
    const create = () => {
      made += 1;
      const db = new Dexie(FEED_DB_NAME) as Awaited<ReturnType<typeof checkedFeedDatabase>>;
      db.version(3).stores({ photos: 'id, order', votes: 'id' });
      if (made === 1) vi.spyOn(db, 'open').mockRejectedValueOnce(new Error('QuotaExceededError'));
      return db;
    };
    const db = await checkedFeedDatabase(create);
    expect(made).toBe(2);
    expect(await db.photos.count()).toBe(0);
    db.close();
  });
});
