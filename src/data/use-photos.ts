/** The signed-in member's photos, live, in the chosen order; offline, the last copy this device saw. */
import { useEffect } from 'react';
import type { Photo, PhotoSort } from '@/domain/photo';
import { getBackend } from './backend';
import { isOffline, keepOfflineCopy, readOfflineCopy } from './offline-copy';
import { useLive } from './use-live';

export function usePhotos(
  uid: string,
  sort: PhotoSort,
): { photos: Photo[] | undefined; error: Error | null } {
  const copyName = `photos.${uid}.${sort}`;
  const { value, error } = useLive<Photo[]>(`${uid}:${sort}`, (backend, onValue, onError) =>
    backend.photos.watchPhotos(uid, sort, onValue, onError),
  );
  useEffect(() => {
    if (value) keepOfflineCopy(copyName, value);
  }, [copyName, value]);
  if (value === undefined && (error || isOffline())) {
    const copy = readOfflineCopy<Photo[]>(copyName);
    if (copy) return { photos: copy, error: null };
  }
  return { photos: value, error };
}

export async function uploadImage(
  uid: string,
  fileName: string,
  image: Blob,
  onProgress: (fraction: number) => void,
) {
  const backend = await getBackend();
  await backend.images.uploadImage(uid, fileName, image, onProgress);
}
