import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { FEED_INITIAL_BATCH } from '@/domain/rating';
import { cacheFeed, deleteFeedCache } from './feed-cache';
import { prefetchFeed } from './feed-prefetch';
import { useFeed } from './use-feed';

const calls = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('./callables', () => calls);
const backend = vi.hoisted(() => ({ readGivenVotes: vi.fn(async () => []) }));
vi.mock('./backend', () => ({ getBackend: async () => ({ votes: backend }) }));
const reports = vi.hoisted(() => ({ logFailure: vi.fn() }));
vi.mock('@/lib/report-error', () => reports);

describe('the rating feed', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => Object.defineProperty(navigator, 'onLine', { value: true, configurable: true }));

  it('only logs a failed photo query: the feed ends empty, with no error to show', async () => {
    calls.call.mockRejectedValue(new Error('INTERNAL: the query needs an index'));
    const { result } = renderHook(() => useFeed('alice'));
    await waitFor(() => expect(result.current.photos).toEqual([]));
    expect(result.current.error).toBeNull();
    expect(result.current.hasMore).toBe(false);
    expect(reports.logFailure).toHaveBeenCalledWith(expect.any(Error), {
      feature: 'rating',
      action: 'getPhotos',
    });
  });

  it('says it is offline when it is, and nothing is saved on the device', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    calls.call.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useFeed('alice'));
    await waitFor(() => expect(result.current.error?.message).toBe(OFFLINE_MESSAGES.feed));
  });

  it('offline, shows the saved feed to a member who never voted, without waiting on the server', async () => {
    const saved = {
      id: 'p1',
      userId: 'bob',
      imageUrl: 'https://img/p1',
      originalUrl: null,
      caption: 'Sunday hike',
    };
    await cacheFeed([saved]);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    // The live channel never answers offline: asking it would keep the feed waiting for good.
    backend.readGivenVotes.mockImplementation(() => new Promise(() => undefined));
    calls.call.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useFeed('alice'));
    await waitFor(() => expect(result.current.photos).toEqual([saved]));
    expect(backend.readGivenVotes).not.toHaveBeenCalled();
    await deleteFeedCache();
  });

  describe('with the first page asked for ahead', () => {
    const page = {
      photos: [{ id: 'p1', userId: 'bob', imageUrl: 'https://img/p1', originalUrl: null, caption: null }],
      next: null,
    };

    it('shows that page without asking the server again, nor waiting for the device cache', async () => {
      calls.call.mockResolvedValue(page);
      prefetchFeed('erin');
      const { result } = renderHook(() => useFeed('erin'));
      await waitFor(() => expect(result.current.photos).toEqual(page.photos));
      expect(calls.call).toHaveBeenCalledTimes(1);
      expect(calls.call).toHaveBeenCalledWith('getPhotos', { limit: FEED_INITIAL_BATCH });
      // The votes given are read for the device only once the first page is in, when the browser is idle.
      expect(backend.readGivenVotes).not.toHaveBeenCalled();
      await waitFor(() => expect(backend.readGivenVotes).toHaveBeenCalledWith('erin'));
    });

    it('asks again when the page asked for ahead was refused (the record was not made yet)', async () => {
      calls.call
        .mockRejectedValueOnce(Object.assign(new Error('Please complete your profile'), { network: false }))
        .mockResolvedValue(page);
      prefetchFeed('frank');
      const { result } = renderHook(() => useFeed('frank'));
      await waitFor(() => expect(result.current.photos).toEqual(page.photos));
      expect(calls.call).toHaveBeenCalledTimes(2);
    });

    it('does not ask a third time when the page asked for ahead got no answer after its retries', async () => {
      calls.call.mockRejectedValue(Object.assign(new Error('Network error'), { network: true }));
      backend.readGivenVotes.mockResolvedValue([]);
      prefetchFeed('grace');
      const { result } = renderHook(() => useFeed('grace'));
      await waitFor(() => expect(result.current).toMatchObject({ loading: false, hasMore: false }));
      expect(calls.call).toHaveBeenCalledTimes(1);
    });
  });
});
