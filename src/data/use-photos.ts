/** The signed-in member's photos, live, in the chosen order. */
import type { Photo, PhotoSort } from '@/domain/photo';
import { getBackend } from './backend';
import { useLive } from './use-live';

export function usePhotos(
  uid: string,
  sort: PhotoSort,
): { photos: Photo[] | undefined; error: Error | null } {
  const { value, error } = useLive<Photo[]>(`${uid}:${sort}`, (backend, onValue, onError) =>
    backend.photos.watchPhotos(uid, sort, onValue, onError),
  );
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
