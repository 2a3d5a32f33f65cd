import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_MESSAGES } from '@/domain/errors';
import { useFeed } from './use-feed';

const calls = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('./callables', () => calls);
vi.mock('./backend', () => ({ getBackend: async () => ({ votes: { readGivenVotes: async () => [] } }) }));
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
    expect(reports.logFailure).toHaveBeenCalledWith(expect.any(Error), { feature: 'rating', action: 'getPhotos' });
  });

  it('says it is offline when it is, and nothing is saved on the device', async () => {
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    calls.call.mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useFeed('alice'));
    await waitFor(() => expect(result.current.error?.message).toBe(OFFLINE_MESSAGES.feed));
  });
});
