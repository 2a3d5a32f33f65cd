/**
 * The rating feed as a list the screen walks through: pages from `getPhotos` (the server decides
 * what is shown and in what order, so a photo that left the feed, say of a deleted member, is never
 * shown from an old copy), kept in the device cache, which stands in when the server cannot be
 * reached; photos rated, reported or failing to load are forgotten. A photo leaves the list as soon
 * as its vote is sent, and comes back at the end if the vote fails for a reason that may pass.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { FEED_INITIAL_BATCH, type FeedPhoto } from '@/domain/rating';
import type { GivenVote } from '@/domain/vote';
import { logFailure } from '@/lib/report-error';
import { getBackend } from './backend';
import { call } from './callables';
import { cacheFeed, forgetPhoto, readCachedFeed, rememberVote, votedPhotoIds } from './feed-cache';
import { isOffline } from './offline-copy';

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
}

function appendNew(
  list: FeedPhoto[],
  page: FeedPhoto[],
  excluded: (photoId: string) => boolean,
): FeedPhoto[] {
  const present = new Set(list.map((photo) => photo.id));
  return [...list, ...page.filter((photo) => !present.has(photo.id) && !excluded(photo.id))];
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
  /** The cached feed, shown only if the first page cannot be fetched. */
  const fallback = useRef<FeedPhoto[]>([]);
  const fetchedOnce = useRef(false);

  const fetchPage = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setLoading(true);
    try {
      // The first batch is small, so the first photo shows sooner; the next pages are full.
      const page = await call(
        'getPhotos',
        cursor.current === undefined ? { limit: FEED_INITIAL_BATCH } : { startAfter: cursor.current },
      );
      if (!mounted.current) return;
      fetchedOnce.current = true;
      cursor.current = page.next ?? undefined;
      setHasMore(page.next !== null);
      setError(null);
      setPhotos((list) => {
        const next = appendNew(list ?? [], page.photos, excluded);
        void cacheFeed(next).catch((failure: unknown) => logFailure(failure, { feature: 'feed-cache' }));
        return next;
      });
    } catch (failure) {
      logFailure(failure, { feature: 'rating', action: 'getPhotos' });
      if (mounted.current) {
        setHasMore(false);
        if (!fetchedOnce.current && fallback.current.length > 0) setPhotos(fallback.current);
        else {
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
  }, [excluded]);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    void (async () => {
      try {
        const backend = await getBackend();
        // Offline the live channel would never answer: the votes cached on the device are all there are.
        voted.current = await votedPhotoIds(() =>
          isOffline() ? Promise.resolve([]) : backend.votes.readGivenVotes(uid),
        );
        fallback.current = (await readCachedFeed()).filter((photo) => !voted.current.has(photo.id));
      } catch (failure) {
        // Without the cache the feed still works from the server.
        logFailure(failure, { feature: 'feed-cache' });
      }
      if (!cancelled) await fetchPage();
    })();
    return () => {
      cancelled = true;
      mounted.current = false;
    };
  }, [uid, fetchPage]);

  const remove = useCallback((photoId: string, vote?: GivenVote) => {
    removed.current.add(photoId);
    if (vote) {
      voted.current.add(photoId);
      void rememberVote(vote).catch((failure: unknown) => logFailure(failure, { feature: 'feed-cache' }));
    }
    void forgetPhoto(photoId).catch((failure: unknown) => logFailure(failure, { feature: 'feed-cache' }));
    setPhotos((list) => list?.filter((photo) => photo.id !== photoId));
  }, []);

  const restore = useCallback(
    (photo: FeedPhoto) => {
      removed.current.delete(photo.id);
      setPhotos((list) => {
        const next = appendNew(list ?? [], [photo], excluded);
        void cacheFeed(next).catch((failure: unknown) => logFailure(failure, { feature: 'feed-cache' }));
        return next;
      });
    },
    [excluded],
  );

  const loadMore = useCallback(() => void fetchPage(), [fetchPage]);

  return { photos, hasMore, loading, error, loadMore, remove, restore };
}
