import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { cacheFeed, deleteFeedCache } from './feed-cache';
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
});
