import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { FIRST_READ_GLOBAL } from '@/data/first-read-global';
import { keepOfflineCopy } from '@/data/offline-copy';
import { prefetchLeaderboard, takePrefetchedLeaderboard } from './leaderboard-prefetch';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the leaderboard asked for ahead', () => {
  it("asks for the board of the member's last show-me choice on this device, taken once", async () => {
    keepOfflineCopy('user.maya', { uid: 'maya', showGender: 'female' });
    callables.call.mockResolvedValue({ photos: [] });
    prefetchLeaderboard('maya');
    expect(callables.call).toHaveBeenCalledWith('getLeaderboard', { gender: 'female' });
    await expect(takePrefetchedLeaderboard('maya', 'female')).resolves.toEqual({ photos: [] });
    expect(takePrefetchedLeaderboard('maya', 'female')).toBeUndefined();
  });

  it('asks nothing without a record on this device, and gives nothing to another member or choice', () => {
    prefetchLeaderboard('maya');
    expect(callables.call).not.toHaveBeenCalled();
    keepOfflineCopy('user.maya', { uid: 'maya', showGender: 'both' });
    callables.call.mockResolvedValue({ photos: [] });
    prefetchLeaderboard('maya');
    expect(callables.call).toHaveBeenCalledWith('getLeaderboard', {});
    expect(takePrefetchedLeaderboard('maya', 'male')).toBeUndefined();
    prefetchLeaderboard('maya');
    expect(takePrefetchedLeaderboard('leo', 'both')).toBeUndefined();
  });

  it('asks again when the early call was refused, not when it got no answer', async () => {
    keepOfflineCopy('user.maya', { uid: 'maya', showGender: 'both' });
    callables.call.mockRejectedValueOnce(new CallError('failed-precondition', 'Not yet', {}));
    prefetchLeaderboard('maya');
    callables.call.mockResolvedValueOnce({ photos: [] });
    await expect(takePrefetchedLeaderboard('maya', 'both')).resolves.toEqual({ photos: [] });
    expect(callables.call).toHaveBeenCalledTimes(2);
    const offline = new CallError('unavailable', 'Network error', {}, undefined, true);
    callables.call.mockRejectedValueOnce(offline);
    prefetchLeaderboard('maya');
    await expect(takePrefetchedLeaderboard('maya', 'both')).rejects.toBe(offline);
    expect(callables.call).toHaveBeenCalledTimes(3);
  });

  it("takes up the board the page's head asked for with the same kept session, for the same choice only", async () => {
    keepOfflineCopy('user.maya', { uid: 'maya', showGender: 'female' });
    const kept = { uid: 'maya', email: null, idToken: 'kept' };
    const headBoard = { photos: [] };
    // What the page's head left: the board it asked for, for `gender`.
    const headAsked = (gender: string) => {
      window[FIRST_READ_GLOBAL] = {
        at: performance.now(),
        kept: Promise.resolve(kept),
        feed: undefined,
        board: Promise.resolve({ uid: 'maya', gender, answer: Promise.resolve(headBoard) }),
        photoFirst: undefined,
      };
    };
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ result: { photos: ['own'] } }))));
    vi.stubGlobal('fetch', fetch);
    try {
      headAsked('female');
      prefetchLeaderboard('maya', kept);
      expect(await takePrefetchedLeaderboard('maya', 'female')).toBe(headBoard);
      expect(fetch).not.toHaveBeenCalled();
      expect(callables.call).not.toHaveBeenCalled();

      // The head asked for another choice (the record changed since): asked again, with the kept token.
      headAsked('both');
      prefetchLeaderboard('maya', kept);
      expect(await takePrefetchedLeaderboard('maya', 'female')).toEqual({ photos: ['own'] });
      expect(fetch).toHaveBeenCalledOnce();
      expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
        data: { gender: 'female' },
      });
    } finally {
      window[FIRST_READ_GLOBAL] = undefined;
      vi.unstubAllGlobals();
    }
  });
});
