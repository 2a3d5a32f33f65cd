/**
 * Uploads on Firebase: the adapter's own logic, with the Storage SDK replaced, as the Storage emulator
 * is not on every machine (firebase-backend.test.ts uploads to it, under storage.rules, where
 * `npm run test:emulators` gives it). The stand-in's upload task is driven by each test: its progress,
 * its failure, its end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirebaseBackend } from './firebase-backend';

const PROJECT = vi.hoisted(() => `demo-storage-${Math.random().toString(36).slice(2, 10)}`);
vi.mock('@/config/env', async () =>
  (await import('./testing/env')).adapterEnv(PROJECT, { VITE_USE_EMULATORS: 'true' }),
);

const storage = vi.hoisted(() => {
  interface Snapshot {
    bytesTransferred: number;
    totalBytes: number;
  }
  interface Task {
    path: string;
    data: Blob;
    metadata: { contentType?: string };
    next: (snapshot: Snapshot) => void;
    fail: (error: Error) => void;
    complete: () => void;
  }
  const instance = { name: 'storage' };
  const tasks: Task[] = [];
  const sdk = {
    getStorage: vi.fn(() => instance),
    connectStorageEmulator: vi.fn(),
    ref: vi.fn((_storage: unknown, path: string) => ({ fullPath: path })),
    uploadBytesResumable: vi.fn(
      (reference: { fullPath: string }, data: Blob, metadata: { contentType?: string }) => ({
        on(
          _event: 'state_changed',
          next: (snapshot: Snapshot) => void,
          fail: (error: Error) => void,
          complete: () => void,
        ) {
          tasks.push({ path: reference.fullPath, data, metadata, next, fail, complete });
        },
      }),
    ),
  };
  return { instance, tasks, sdk };
});
vi.mock('firebase/storage', () => storage.sdk);

const image = () => new Blob([new Uint8Array(100)], { type: 'image/webp' });

async function started(count = 1) {
  await vi.waitFor(() => expect(storage.tasks).toHaveLength(count));
  return storage.tasks[count - 1]!;
}

afterEach(() => {
  storage.tasks.length = 0;
});

describe('uploads to Cloud Storage (its SDK replaced)', () => {
  it("uploads to the member's uploads folder with the image's type, reporting progress from 0 to 1", async () => {
    const progress: number[] = [];
    const picture = image();
    const upload = createFirebaseBackend().images.uploadImage('maya', 'a b.webp', picture, (fraction) =>
      progress.push(fraction),
    );
    const task = await started();
    expect(task).toMatchObject({
      path: 'images/maya/uploads/a b.webp',
      metadata: { contentType: 'image/webp' },
    });
    expect(task.data).toBe(picture);
    // Before the size is known, no fraction of it.
    task.next({ bytesTransferred: 0, totalBytes: 0 });
    task.next({ bytesTransferred: 40, totalBytes: 100 });
    task.next({ bytesTransferred: 100, totalBytes: 100 });
    task.complete();
    await upload;
    expect(progress).toEqual([0, 0.4, 1]);
  });

  it("fails with the SDK's error, such as the rules' refusal", async () => {
    const upload = createFirebaseBackend().images.uploadImage('maya', 'b.webp', image(), () => undefined);
    const task = await started();
    const refusal = Object.assign(new Error('User does not have permission.'), {
      code: 'storage/unauthorized',
    });
    task.fail(refusal);
    await expect(upload).rejects.toBe(refusal);
  });

  it("connects to the emulator suite's Storage (firebase.json's port) once for all the page's uploads, in emulator mode", async () => {
    // This file's tests are one page: the uploads above count too.
    const backend = createFirebaseBackend();
    for (const [index, name] of ['c.webp', 'd.webp'].entries()) {
      const upload = backend.images.uploadImage('maya', name, image(), () => undefined);
      (await started(index + 1)).complete();
      await upload;
    }
    expect(storage.sdk.connectStorageEmulator).toHaveBeenCalledTimes(1);
    expect(storage.sdk.connectStorageEmulator).toHaveBeenCalledWith(storage.instance, '127.0.0.1', 9199);
  });
});
