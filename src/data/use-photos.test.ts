import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@/domain/photo';
import { photoRecord } from '@/testing/photo-record';
import { keepOfflineCopy } from './offline-copy';
import { usePhotos } from './use-photos';

type Watch = (
  uid: string,
  sort: string,
  onValue: (photos: Photo[]) => void,
  onError: (error: Error) => void,
) => () => void;
const backend = vi.hoisted(() => ({ watchPhotos: vi.fn<Watch>() }));
vi.mock('./backend', () => ({ getBackend: async () => ({ photos: { watchPhotos: backend.watchPhotos } }) }));

const photo = photoRecord('p1', 'alice', { caption: 'Beach', uploadedAt: new Date('2026-11-20T10:00:00Z') });

describe("the member's photos", () => {
  afterEach(() => Object.defineProperty(navigator, 'onLine', { value: true, configurable: true }));

  it('keeps a copy on the device and shows it when the server cannot be reached', async () => {
    backend.watchPhotos.mockImplementation((_uid, _sort, onValue) => {
      onValue([photo]);
      return () => undefined;
    });
    const online = renderHook(() => usePhotos('alice', 'uploadedAt'));
    await waitFor(() => expect(online.result.current.photos).toEqual([photo]));
    online.unmount();

    backend.watchPhotos.mockImplementation((_uid, _sort, _onValue, onError) => {
      onError(new Error('Network error. Please check your connection and try again.'));
      return () => undefined;
    });
    const offline = renderHook(() => usePhotos('alice', 'uploadedAt'));
    await waitFor(() => expect(offline.result.current).toEqual({ photos: [photo], error: null }));
  });

  it('offline, shows the copy before the live channel answers', () => {
    keepOfflineCopy('photos.alice.uploadedAt', [photo]);
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    backend.watchPhotos.mockImplementation(() => () => undefined);
    const { result } = renderHook(() => usePhotos('alice', 'uploadedAt'));
    expect(result.current.photos).toEqual([photo]);
  });

  it('without a copy, says what went wrong', async () => {
    backend.watchPhotos.mockImplementation((_uid, _sort, _onValue, onError) => {
      onError(new Error('Service temporarily unavailable. Please try again.'));
      return () => undefined;
    });
    const { result } = renderHook(() => usePhotos('alice', 'rate'));
    await waitFor(() =>
      expect(result.current.error?.message).toBe('Service temporarily unavailable. Please try again.'),
    );
    expect(result.current.photos).toBeUndefined();
  });
});
