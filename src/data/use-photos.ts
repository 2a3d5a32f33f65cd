/** The signed-in member's photos, live, in the chosen order. */
import { useEffect, useState } from 'react';
import type { Photo, PhotoSort } from '@/domain/photo';
import { getBackend } from './backend';

export interface PhotosState {
  photos: Photo[] | undefined;
  error: Error | null;
}

export function usePhotos(uid: string, sort: PhotoSort): PhotosState {
  const [state, setState] = useState<PhotosState & { key: string }>({
    key: '',
    photos: undefined,
    error: null,
  });
  const key = `${uid}:${sort}`;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    getBackend().then(
      (backend) => {
        if (!active) return;
        stop = backend.photos.watchPhotos(
          uid,
          sort,
          (photos) => setState({ key, photos, error: null }),
          (error) => setState({ key, photos: undefined, error }),
        );
      },
      (error: unknown) =>
        setState({
          key,
          photos: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [uid, sort, key]);
  return state.key === key ? state : { photos: undefined, error: null };
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
