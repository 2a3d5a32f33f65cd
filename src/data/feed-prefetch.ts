/**
 * The first page of the rating feed asked for ahead: as soon as a member is signed in on /rate, beside
 * the start of their record rather than after it, so the first photo's request does not wait for the
 * record, the page's code or the device cache. `useFeed` takes the answer once.
 */
import type { Callables } from '@/domain/callables';
import { captionOf, FEED_INITIAL_BATCH } from '@/domain/rating';
import { showFirstPhoto } from '@/lib/first-photo';
import type { KeptSession } from './first-read';
import { firstRead } from './first-read-global';
import { callWithKeptSession } from './kept-session';

type FeedPage = Callables['getPhotos']['result'];

/** A page asked for ahead is used only this soon after: later the server's answer may have moved on. */
export const FEED_PREFETCH_FRESH_MS = 30_000;

const prefetched = new Map<string, { page: Promise<FeedPage>; at: number }>();

// Loaded when used: a static import would make this module, loaded at boot, wait for the app's chunk.
const firstPage = () =>
  import('./callables').then(({ call }) => call('getPhotos', { limit: FEED_INITIAL_BATCH }));

/**
 * Asks for the member's first feed page now, and draws its first photo before the app does
 * (src/lib/first-photo.ts), or else fetches it at high priority: with the token Auth kept on this
 * device when there is one (src/data/kept-session.ts), else through Auth. Where the page's head has
 * asked for it already with that token (src/data/first-read.ts), its answer is taken up instead.
 */
export function prefetchFeed(uid: string, kept?: KeptSession): void {
  const earlier = prefetched.get(uid);
  if (earlier && performance.now() - earlier.at < FEED_PREFETCH_FRESH_MS) return;
  // Asked for by the page's head with the same kept session, which also draws its first photo; fresh
  // from when the head asked.
  const head = kept?.uid === uid ? firstRead() : undefined;
  const started = head?.feed as Promise<FeedPage> | undefined;
  const page =
    started ??
    (kept?.uid === uid ? callWithKeptSession('getPhotos', { limit: FEED_INITIAL_BATCH }, kept) : firstPage());
  prefetched.set(uid, { page, at: started && head ? head.at : performance.now() });
  if (started) return;
  page.then(
    ({ photos }) => {
      const first = photos[0];
      if (!first) return;
      // Drawn where the screen will show it, when the page is still /rate; else only fetched.
      if (showFirstPhoto({ id: first.id, imageUrl: first.imageUrl, caption: captionOf(first) })) return;
      const image = new Image();
      image.fetchPriority = 'high';
      image.src = first.imageUrl;
    },
    // The screen asks again, and logs what fails then.
    () => undefined,
  );
}

/**
 * The page asked for ahead, once and while fresh. One refused (say, the record was not made yet on a
 * first sign-in) is asked for again; one that got no answer is not, the call having tried three times.
 */
export function takePrefetched(uid: string): Promise<FeedPage> | undefined {
  const ahead = prefetched.get(uid);
  prefetched.delete(uid);
  if (!ahead || performance.now() - ahead.at >= FEED_PREFETCH_FRESH_MS) return undefined;
  return ahead.page.catch((failure: unknown) => {
    if ((failure as { network?: unknown }).network === true) throw failure;
    return firstPage();
  });
}
