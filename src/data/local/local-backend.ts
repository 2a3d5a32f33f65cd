/** The local backend's adapters: reads arrive over the local server's live channel. */
import { DEBUG_MODE, env } from '@/config/env';
import { billingPath, type Billing } from '@/domain/billing';
import type { Photo } from '@/domain/photo';
import { photosPath, uploadPath } from '@/domain/photo';
import type { User } from '@/domain/user';
import { storageKeys } from '@/lib/storage';
import { GIVEN_VOTES_READ, givenVotesPath, votesPath, type GivenVote, type Vote } from '@/domain/vote';
import { currentIdToken, watchIdToken } from '../auth';
import type { Backend } from '../repositories';
import { lengthOf, observe, oneIfPresent } from '../debug-instrumentation';
import { LiveClient } from './live-client';

/** PUTs the image to the local server with upload progress (fetch cannot report it; XHR can). */
function upload(
  url: string,
  token: string,
  image: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Content-Type', image.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
        return;
      }
      let message = 'Upload failed. Please try again.';
      try {
        message = (JSON.parse(request.responseText) as { error: { message: string } }).error.message;
      } catch {
        // not JSON: keep the catalogue's wording
      }
      reject(new Error(message));
    };
    request.onerror = () => reject(new Error('Network error. Please check your connection and try again.'));
    request.send(image);
  });
}

/** The live channel with its two reads recorded for the debug panel (in debug mode; else as it is). */
function observedLiveClient(live: LiveClient): LiveClient {
  if (!DEBUG_MODE) return live;
  const reads: Pick<LiveClient, 'watch' | 'watchQuery'> = {
    watch: (path, onData, onError) =>
      observe(path, (next, fail) => live.watch(path, next, fail), oneIfPresent, onData, onError),
    watchQuery: (path, query, onResults, onError) =>
      observe(path, (next, fail) => live.watchQuery(path, query, next, fail), lengthOf, onResults, onError),
  };
  return new Proxy(live, {
    get(target, key) {
      if (key === 'watch' || key === 'watchQuery') return reads[key];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export function createLocalBackend(): Backend {
  const live = observedLiveClient(
    new LiveClient({
      url: `${env.localServerUrl.replace(/^http/, 'ws')}/live`,
      watchIdToken,
      freshIdToken: currentIdToken,
    }),
  );
  return {
    users: {
      watchUser: (uid, onUser, onError) =>
        live.watch(`users/${uid}`, (data) => onUser(data as User | null), onError),
    },
    billing: {
      watchBilling: (uid, onBilling, onError) =>
        live.watch(billingPath(uid), (data) => onBilling(data as Billing | null), onError),
    },
    push: {
      // The browser's push service is out of reach: the device is named by an id of its own, which the
      // server's pushes over the live channel carry; sign-out forgets it with the member's storage.
      deviceToken: async () => {
        let device = localStorage.getItem(storageKeys.pushDevice);
        if (!device) {
          device = `local-device-${crypto.randomUUID()}`;
          localStorage.setItem(storageKeys.pushDevice, device);
        }
        return device;
      },
      watchPushes: (onPush) =>
        live.onPush((token, message) => {
          if (token === localStorage.getItem(storageKeys.pushDevice)) onPush(message);
        }),
      forgetDevice: async () => localStorage.removeItem(storageKeys.pushDevice),
    },
    // The live channel itself is the presence: the server marks the member online while it is open.
    presence: { trackPresence: () => () => undefined },
    photos: {
      watchPhotos: (uid, sort, onPhotos, onError) =>
        live.watchQuery(
          photosPath(uid),
          { orderBy: { field: sort, direction: 'desc' } },
          (docs) => onPhotos(docs.map((doc) => doc.data as unknown as Photo)),
          onError,
        ),
    },
    votes: {
      watchComments: (ownerId, photoId, count, onVotes, onError) =>
        live.watchQuery(
          votesPath(ownerId, photoId),
          {
            where: [{ field: 'commented', equals: true }],
            orderBy: { field: 'ratedAt', direction: 'desc' },
            limit: count,
          },
          (docs) => onVotes(docs.map((doc) => ({ ...(doc.data as unknown as Vote), id: doc.id }))),
          onError,
        ),
      readGivenVotes: (uid) =>
        new Promise<GivenVote[]>((resolve, reject) => {
          const stop = live.watchQuery(
            givenVotesPath(uid),
            { orderBy: { field: 'ratedAt', direction: 'desc' }, limit: GIVEN_VOTES_READ },
            (docs) => {
              queueMicrotask(() => stop());
              resolve(docs.map((doc) => doc.data as unknown as GivenVote));
            },
            reject,
          );
        }),
    },
    images: {
      async uploadImage(uid, fileName, image, onProgress) {
        const token = await currentIdToken();
        await upload(
          `${env.localServerUrl}/upload/${uploadPath(uid, encodeURIComponent(fileName))}`,
          token,
          image,
          onProgress,
        );
      },
    },
  };
}
