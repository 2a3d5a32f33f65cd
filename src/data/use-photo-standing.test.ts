import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@/domain/photo';
import type { PhotoStanding } from '@/domain/photo-standing';
import { STANDING_REFRESH_MS, usePhotoStanding } from './use-photo-standing';

type Ask = (name: string, input: { photoId: string }) => Promise<PhotoStanding>;
const server = vi.hoisted(() => ({ call: vi.fn<Ask>() }));
vi.mock('./callables', () => ({ call: server.call }));

type Tally = Pick<Photo, 'id' | 'votesCount' | 'rate' | 'peerGroup'>;
const standing = (topPercent: number): PhotoStanding => ({ topPercent, peer: null, siteAverage: 3 });

/** Lets the answers already given arrive. */
const settle = () => act(async () => undefined);

beforeEach(() => {
  vi.useFakeTimers();
  server.call.mockReset();
});
afterEach(() => vi.useRealTimers());

describe("the photo's standing", () => {
  it('asks once when the photo shows, and again when its tally changes, not on every render', async () => {
    let top = 40;
    server.call.mockImplementation(async () => standing(top));
    const { result, rerender } = renderHook((photo: Tally) => usePhotoStanding(photo), {
      initialProps: { id: 'p1', votesCount: 3, rate: 3.5 },
    });
    expect(result.current).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(0));
    expect(server.call).toHaveBeenCalledExactlyOnceWith('getPhotoStanding', { photoId: 'p1' });
    expect(result.current).toEqual(standing(40));

    rerender({ id: 'p1', votesCount: 3, rate: 3.5 });
    rerender({ id: 'p1', votesCount: 3, rate: 3.5 });
    await act(async () => vi.advanceTimersByTime(STANDING_REFRESH_MS * 2));
    expect(server.call).toHaveBeenCalledTimes(1);

    // A new vote: asked again, the last answer shown until the new one arrives.
    top = 30;
    rerender({ id: 'p1', votesCount: 4, rate: 3.8 });
    await settle();
    expect(result.current).toEqual(standing(40));
    await act(async () => vi.advanceTimersByTime(0));
    expect(server.call).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual(standing(30));
  });

  it(`asks at most every ${STANDING_REFRESH_MS / 1000} s while votes pour in, the last tally included`, async () => {
    server.call.mockImplementation(async () => standing(20));
    const { rerender } = renderHook((photo: Tally) => usePhotoStanding(photo), {
      initialProps: { id: 'p1', votesCount: 10, rate: 4 },
    });
    await act(async () => vi.advanceTimersByTime(0));
    for (let votes = 11; votes <= 20; votes++) {
      rerender({ id: 'p1', votesCount: votes, rate: 4 });
      await act(async () => vi.advanceTimersByTime(500));
    }
    expect(server.call).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(STANDING_REFRESH_MS));
    expect(server.call).toHaveBeenCalledTimes(2);
  });

  it("shows nothing of one photo's standing for another, and keeps the last one when a call fails", async () => {
    server.call.mockImplementation(async (_name, { photoId }) => standing(photoId === 'p1' ? 10 : 50));
    const { result, rerender } = renderHook((photo: Tally) => usePhotoStanding(photo), {
      initialProps: { id: 'p1', votesCount: 5, rate: 4.5 },
    });
    await act(async () => vi.advanceTimersByTime(0));
    expect(result.current).toEqual(standing(10));

    rerender({ id: 'p2', votesCount: 5, rate: 3 });
    expect(result.current).toBeUndefined();
    await act(async () => vi.advanceTimersByTime(0));
    expect(result.current).toEqual(standing(50));

    server.call.mockRejectedValue(new Error('Service temporarily unavailable. Please try again.'));
    rerender({ id: 'p2', votesCount: 6, rate: 3.1 });
    await act(async () => vi.advanceTimersByTime(STANDING_REFRESH_MS));
    expect(server.call).toHaveBeenCalledTimes(3);
    expect(result.current).toEqual(standing(50));
  });

  it('asks nothing without a photo', async () => {
    renderHook(() => usePhotoStanding(undefined));
    await act(async () => vi.advanceTimersByTime(STANDING_REFRESH_MS));
    expect(server.call).not.toHaveBeenCalled();
  });
});
