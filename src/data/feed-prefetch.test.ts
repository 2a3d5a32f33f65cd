import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEED_INITIAL_BATCH } from '@/domain/rating';
import { prefetchFeed, takePrefetched } from './feed-prefetch';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('./callables', () => callables);
const kept = vi.hoisted(() => ({ callWithKeptSession: vi.fn() }));
vi.mock('./kept-session', () => kept);

const page = { photos: [], next: null };

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'Image',
    class {
      src = '';
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

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
    expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH });
    expect(kept.callWithKeptSession).toHaveBeenCalledOnce();
    await takePrefetched('leo');
  });

  it('asks again through Auth when the kept token is refused', async () => {
    kept.callWithKeptSession.mockRejectedValue(new Error('getPhotos answered 401.'));
    callables.call.mockResolvedValue(page);
    prefetchFeed('ines', { uid: 'ines', email: null, idToken: 'revoked' });
    expect(await takePrefetched('ines')).toEqual(page);
    expect(callables.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH });
  });
});
