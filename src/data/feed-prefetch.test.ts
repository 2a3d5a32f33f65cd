import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CAPTION, FEED_INITIAL_BATCH } from '@/domain/rating';
import { FIRST_PHOTO_ID, resetFirstPhoto } from '@/lib/first-photo';
import { FIRST_READ_GLOBAL } from './first-read-global';
import { prefetchFeed, takePrefetched } from './feed-prefetch';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('./callables', () => callables);
const kept = vi.hoisted(() => ({ callWithKeptSession: vi.fn() }));
vi.mock('./kept-session', () => kept);

const page = { photos: [], next: null };
/** What the feed fetched ahead through `new Image()`. */
let fetched: string[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  fetched = [];
  vi.stubGlobal(
    'Image',
    class {
      fetchPriority = '';
      set src(url: string) {
        fetched.push(url);
      }
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetFirstPhoto();
});

describe("the rating feed's first page asked for ahead", () => {
  it("goes with the kept token when it is the member's, through Auth otherwise", async () => {
    kept.callWithKeptSession.mockResolvedValue(page);
    callables.call.mockResolvedValue(page);
    prefetchFeed('maya', { uid: 'maya', email: null, idToken: 'kept' });
    expect(kept.callWithKeptSession).toHaveBeenCalledWith(
      'getPhotos',
      { limit: FEED_INITIAL_BATCH },
      { uid: 'maya', email: null, idToken: 'kept' },
    );
    expect(callables.call).not.toHaveBeenCalled();
    expect(await takePrefetched('maya')).toEqual(page);
    // A kept session of someone else is never used for this member.
    prefetchFeed('leo', { uid: 'maya', email: null, idToken: 'kept' });
    expect(await takePrefetched('leo')).toEqual(page);
    expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH });
    expect(kept.callWithKeptSession).toHaveBeenCalledOnce();
  });

  it('draws the first photo before the app on /rate, and only fetches it elsewhere', async () => {
    const first = { id: 'p1', imageUrl: 'https://images.test/p1.webp', caption: '' };
    kept.callWithKeptSession.mockResolvedValue({ photos: [first], next: null });
    window.history.replaceState(null, '', '/rate');
    prefetchFeed('maya', { uid: 'maya', email: null, idToken: 'kept' });
    await takePrefetched('maya');
    const layer = document.getElementById(FIRST_PHOTO_ID);
    expect(layer?.querySelector('img')?.getAttribute('src')).toBe(first.imageUrl);
    // The screen's own caption when the photo has none, so the layer's frame sits where the screen's will.
    expect(layer?.querySelector('p')?.textContent).toBe(DEFAULT_CAPTION);
    expect(fetched).toEqual([]);
    resetFirstPhoto();

    window.history.replaceState(null, '', '/profile');
    prefetchFeed('leo', { uid: 'leo', email: null, idToken: 'kept' });
    await takePrefetched('leo');
    expect(document.getElementById(FIRST_PHOTO_ID)).toBeNull();
    expect(fetched).toEqual([first.imageUrl]);
  });

  it("takes up the page the page's head asked for with the same kept session, and draws nothing itself", async () => {
    const first = { id: 'p1', imageUrl: 'https://images.test/p1.webp', caption: '' };
    const session = { uid: 'maya', email: null, idToken: 'kept' };
    const headPage = { photos: [first], next: null };
    window[FIRST_READ_GLOBAL] = {
      at: performance.now(),
      kept: Promise.resolve(session),
      feed: Promise.resolve(headPage),
      board: undefined,
      photoFirst: Promise.resolve(),
    };
    window.history.replaceState(null, '', '/rate');
    try {
      prefetchFeed('maya', session);
      expect(await takePrefetched('maya')).toBe(headPage);
      expect(kept.callWithKeptSession).not.toHaveBeenCalled();
      expect(callables.call).not.toHaveBeenCalled();
      // The head draws the photo; the app neither draws it again nor fetches it twice.
      expect(document.getElementById(FIRST_PHOTO_ID)).toBeNull();
      expect(fetched).toEqual([]);
      // Another member than the one the head read for asks for their own.
      callables.call.mockResolvedValue(page);
      prefetchFeed('leo');
      expect(await takePrefetched('leo')).toEqual(page);
    } finally {
      window[FIRST_READ_GLOBAL] = undefined;
    }
  });

  it('asks again through Auth when the kept token is refused', async () => {
    kept.callWithKeptSession.mockRejectedValue(new Error('getPhotos answered 401.'));
    callables.call.mockResolvedValue(page);
    prefetchFeed('ines', { uid: 'ines', email: null, idToken: 'revoked' });
    expect(await takePrefetched('ines')).toEqual(page);
    expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH });
  });
});
