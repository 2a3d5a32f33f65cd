/** Auth's storage on the device, as its SDK writes it, for tests (with fake-indexeddb). */
import { AUTH_DATABASE, AUTH_STORE, authUserKey } from '@/data/first-read';

export function deleteAuthDatabase(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(AUTH_DATABASE);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('not deleted'));
  });
}

/** Auth's storage as its SDK writes it: a store keyed by `fbase_key`, the user under `value`. */
export function keepInAuthStorage(value: unknown, key = authUserKey('test-key')): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(AUTH_DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(AUTH_STORE, { keyPath: 'fbase_key' });
    request.onerror = () => reject(request.error ?? new Error('not opened'));
    request.onsuccess = () => {
      const database = request.result;
      const write = database
        .transaction(AUTH_STORE, 'readwrite')
        .objectStore(AUTH_STORE)
        .put({ fbase_key: key, value });
      write.onsuccess = () => {
        database.close();
        resolve();
      };
      write.onerror = () => reject(write.error ?? new Error('not written'));
    };
  });
}

export const storedUser = (expirationTime: number, extra: Record<string, unknown> = {}) => ({
  uid: 'maya',
  email: 'maya@example.com',
  stsTokenManager: { refreshToken: 'refresh', accessToken: 'id-token', expirationTime },
  ...extra,
});
