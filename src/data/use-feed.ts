/**
 * The rating feed as a list the screen walks through: pages from `getPhotos` (the server decides
 * what is shown and in what order, so a photo that left the feed, say of a deleted member, is never
 * shown from an old copy), kept in the device cache, which stands in when the server cannot be
 * reached; photos rated, reported or failing to load are forgotten. A photo leaves the list as soon
 * as its vote is sent, and comes back at the end if the vote fails for a reason that may pass.
 *
 * The first page is what /rate paints, so nothing waits in front of it: it may have been asked for as
 * soon as the member was signed in (`feed-prefetch.ts`), and the device cache (Dexie) loads only behind
 * it, to keep the feed and, only when the server fails, to stand in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { FEED_INITIAL_BATCH, type FeedPhoto } from '@/domain/rating';
import type { GivenVote } from '@/domain/vote';
import { nextPaint } from '@/lib/after-paint';
import { whenIdle } from '@/lib/idle';
import { logFailure } from '@/lib/report-error';
import { getBackend } from './backend';
import { call } from './callables';
import type * as FeedCache from './feed-cache';
import { takePrefetched } from './feed-prefetch';
import { isOffline } from './offline-copy';

const feedCache = () => import('./feed-cache');

export interface Feed {
  /** undefined until the first page (or the cache) is in. */
  photos: FeedPhoto[] | undefined;
  /** More may come from the server. */
  hasMore: boolean;
  loading: boolean;
  /** Set only while offline without a saved feed; other failures are logged, and the feed ends empty. */
  error: Error | null;
  loadMore(): void;
  /** Takes a photo out of the feed and the cache, also from pages still to come; with a vote, remembers it. */
  remove(photoId: string, vote?: GivenVote): void;
  /** Puts a removed photo back at the end of the feed, unless it was voted on meanwhile. */
  restore(photo: FeedPhoto): void;
  /** Puts a photo whose vote was undone back at `position`, to be rated again. */
  putBack(photo: FeedPhoto, position: number): void;
}

function appendNew(
  list: FeedPhoto[],
  page: FeedPhoto[],
  excluded: (photoId: string) => boolean,
): FeedPhoto[] {
  const present = new Set(list.map((photo) => photo.id));
  return [...list, ...page.filter((photo) => !present.has(photo.id) && !excluded(photo.id))];
}

/** Where the cache stands in: the saved feed without the photos voted on (here, or on the server's list). */
async function savedFeed(uid: string): Promise<{ photos: FeedPhoto[]; voted: Set<string> }> {
  const [cache, backend] = await Promise.all([feedCache(), getBackend()]);
  // Offline the live channel would never answer: the votes cached on the device are all there are.
  const voted = await cache.votedPhotoIds(() =>
    isOffline() ? Promise.resolve([]) : backend.votes.readGivenVotes(uid),
  );
  const photos = (await cache.readCachedFeed()).filter((photo) => !voted.has(photo.id));
  return { photos, voted };
}

let cacheOpened: Promise<typeof FeedCache> | undefined;

/**
 * Writes to the device cache wait for the browser's first idle moment, so Dexie never competes with the
 * first photo, and each for the paint after it was asked for, so a vote's never delays the next photo;
 * they run in the order they were asked for.
 */
function keepInCache(write: (cache: typeof FeedCache) => Promise<unknown>): void {
  if (!cacheOpened) {
    cacheOpened = new Promise<void>((resolve) => whenIdle(resolve)).then(feedCache);
    // A chunk that failed to load is asked for again at the next write.
    cacheOpened.catch(() => (cacheOpened = undefined));
  }
  const written = cacheOpened
    .then(async (cache) => {
      await nextPaint();
      return write(cache);
    })
    .catch((failure: unknown) => logFailure(failure, { feature: 'feed-cache' }))
    .finally(() => writing.delete(written));
  writing.add(written);
}

/** The device cache's writes still to finish. */
const writing = new Set<Promise<unknown>>();

/** Resolves once every write asked for so far, and any they led to, has finished. */
export async function feedCacheWritten(): Promise<void> {
  while (writing.size > 0) await Promise.all(writing);
}

export function useFeed(uid: string): Feed {
  const [photos, setPhotos] = useState<FeedPhoto[] | undefined>(undefined);
  const [hasMore, setHasMore] = useState(true);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const cursor = useRef<string | undefined>(undefined);
  const voted = useRef<Set<string>>(new Set());
  /** Removed this visit: a page asked for while a vote is on its way may still hold the photo. */
  const removed = useRef<Set<string>>(new Set());
  const excluded = useCallback(
    (photoId: string) => voted.current.has(photoId) || removed.current.has(photoId),
    [],
  );
  const inFlight = useRef(false);
  const mounted = useRef(true);
  const fetchedOnce = useRef(false);

  const fetchPage = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // The first batch is small, so the first photo shows sooner; the next pages are full.
      const page = await (cursor.current === undefined
        ? (takePrefetched(uid) ?? call('getPhotos', { limit: FEED_INITIAL_BATCH }))
        : call('getPhotos', { startAfter: cursor.current }));
      if (!mounted.current) return;
      if (!fetchedOnce.current)
        // The votes given, kept on the device for a visit without a connection (read once, when missing).
        keepInCache((cache) =>
          cache.votedPhotoIds(() => getBackend().then((b) => b.votes.readGivenVotes(uid))),
        );
      fetchedOnce.current = true;
      cursor.current = page.next ?? undefined;
      setHasMore(page.next !== null);
      setError(null);
      setPhotos((list) => {
        const next = appendNew(list ?? [], page.photos, excluded);
        keepInCache((cache) => cache.cacheFeed(next));
        return next;
      });
    } catch (failure) {
      logFailure(failure, { feature: 'rating', action: 'getPhotos' });
      // The saved feed stands in only for the first page.
      const saved = fetchedOnce.current
        ? undefined
        : await savedFeed(uid).catch((cacheFailure: unknown) => {
            logFailure(cacheFailure, { feature: 'feed-cache' });
            return undefined;
          });
      if (mounted.current) {
        setHasMore(false);
        if (saved && saved.photos.length > 0) {
          for (const photoId of saved.voted) voted.current.add(photoId);
          setPhotos(saved.photos);
        } else {
          // A failed photo query is only logged (spec 1 section 8): the screen shows its empty state.
          // Offline is no failure of the product, and the member is told so.
          setError(isOffline() ? new Error(OFFLINE_MESSAGES.feed) : null);
          setPhotos((list) => list ?? []);
        }
      }
    } finally {
      inFlight.current = false;
      if (mounted.current) setLoading(false);
    }
  }, [uid, excluded]);

  useEffect(() => {
    mounted.current = true;
    void fetchPage();
    return () => {
      mounted.current = false;
    };
  }, [fetchPage]);

  const remove = useCallback((photoId: string, vote?: GivenVote) => {
    removed.current.add(photoId);
    if (vote) {
      voted.current.add(photoId);
      keepInCache((cache) => cache.rememberVote(vote));
    }
    keepInCache((cache) => cache.forgetPhoto(photoId));
    setPhotos((list) => list?.filter((photo) => photo.id !== photoId));
  }, []);

  const restore = useCallback(
    (photo: FeedPhoto) => {
      removed.current.delete(photo.id);
      setPhotos((list) => {
        const next = appendNew(list ?? [], [photo], excluded);
        keepInCache((cache) => cache.cacheFeed(next));
        return next;
      });
    },
    [excluded],
  );

  const putBack = useCallback((photo: FeedPhoto, position: number) => {
    voted.current.delete(photo.id);
    removed.current.delete(photo.id);
    keepInCache((cache) => cache.forgetVote(photo.id));
    setPhotos((list = []) => {
      if (list.some((shown) => shown.id === photo.id)) return list;
      const next = [...list.slice(0, position), photo, ...list.slice(position)];
      keepInCache((cache) => cache.cacheFeed(next));
      return next;
    });
  }, []);

  const loadMore = useCallback(() => void fetchPage(), [fetchPage]);

  return { photos, hasMore, loading, error, loadMore, remove, restore, putBack };
}
