/** Uploads to Cloud Storage with progress; loaded on the first upload. */
import type { FirebaseApp } from 'firebase/app';
import { connectStorageEmulator, getStorage, ref, uploadBytesResumable } from 'firebase/storage';
import { env } from '@/config/env';
import { hostAndPort } from '@/config/read-env';

let connected = false;

export function uploadToStorage(
  app: FirebaseApp,
  path: string,
  image: Blob,
  onProgress: (fraction: number) => void,
) {
  const storage = getStorage(app);
  if (env.useEmulators && !connected) {
    const { host, port } = hostAndPort(env.emulatorHosts.storage);
    connectStorageEmulator(storage, host, port);
    connected = true;
  }
  return new Promise<void>((resolve, reject) => {
    const task = uploadBytesResumable(ref(storage, path), image, { contentType: image.type });
    task.on(
      'state_changed',
      (progress) => onProgress(progress.totalBytes ? progress.bytesTransferred / progress.totalBytes : 0),
      reject,
      () => resolve(),
    );
  });
}
