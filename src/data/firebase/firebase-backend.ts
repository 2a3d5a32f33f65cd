/**
 * The Firebase backend's adapters: Firestore for documents, the Realtime Database for presence.
 * This module is loaded lazily, so the local backend's bundle carries neither SDK, and the Realtime
 * Database loads only after the member's first screen.
 */
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { env } from '@/config/env';
import { hostAndPort } from '@/config/read-env';
import { photosPath, uploadPath, type Photo } from '@/domain/photo';
import type { User } from '@/domain/user';
import { GIVEN_VOTES_READ, givenVotesPath, votesPath, type GivenVote, type Vote } from '@/domain/vote';
import { withDates } from '@/domain/wire';
import type { Billing } from '@/domain/billing';
import { firebaseApp } from '@/data/firebase-app';
import { observe, observeRead } from '../debug-instrumentation';
import type { Backend } from '../repositories';

// Every read goes through these three, so debug mode records each with its path.
function watchDocument(
  ref: DocumentReference,
  onNext: (snapshot: DocumentSnapshot) => void,
  onError: (error: Error) => void,
) {
  return observe(
    ref.path,
    (next, fail) => onSnapshot(ref, next, fail),
    (s) => (s.exists() ? 1 : 0),
    onNext,
    onError,
  );
}

function watchQuery(
  path: string,
  target: Query,
  onNext: (snapshot: QuerySnapshot) => void,
  onError: (error: Error) => void,
) {
  return observe(
    path,
    (next, fail) => onSnapshot(target, next, fail),
    (s) => s.size,
    onNext,
    onError,
  );
}

const readQuery = (path: string, target: Query) =>
  observeRead(
    'get',
    path,
    () => getDocs(target),
    (snapshot) => snapshot.size,
  );

export function createFirebaseBackend(): Backend {
  const firestore = getFirestore(firebaseApp);
  if (env.useEmulators) {
    const { host, port } = hostAndPort(env.emulatorHosts.firestore);
    connectFirestoreEmulator(firestore, host, port);
  }
  return {
    push: {
      deviceToken: () => import('./messaging').then(({ fcmToken }) => fcmToken()),
      // The service worker receives Firebase's pushes itself.
      watchPushes: () => () => undefined,
      forgetDevice: async () => {
        // Only a device that was allowed notifications can hold a token; others skip loading the SDK.
        if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        const { deleteFcmToken } = await import('./messaging');
        await deleteFcmToken();
      },
    },
    users: {
      watchUser: (uid, onUser, onError) =>
        watchDocument(
          doc(firestore, 'users', uid),
          (snapshot) => onUser(snapshot.exists() ? (withDates(snapshot.data()) as User) : null),
          onError,
        ),
    },
    billing: {
      watchBilling: (uid, onBilling, onError) =>
        watchDocument(
          doc(firestore, 'billing', uid),
          (snapshot) => onBilling(snapshot.exists() ? (withDates(snapshot.data()) as Billing) : null),
          onError,
        ),
    },
    photos: {
      watchPhotos: (uid, sort, onPhotos, onError) =>
        watchQuery(
          photosPath(uid),
          query(collection(firestore, photosPath(uid)), orderBy(sort, 'desc')),
          (snapshot) => onPhotos(snapshot.docs.map((photo) => withDates(photo.data()) as Photo)),
          onError,
        ),
    },
    votes: {
      watchComments: (ownerId, photoId, count, onVotes, onError) =>
        watchQuery(
          votesPath(ownerId, photoId),
          query(
            collection(firestore, votesPath(ownerId, photoId)),
            where('commented', '==', true),
            orderBy('ratedAt', 'desc'),
            limit(count),
          ),
          (snapshot) =>
            onVotes(snapshot.docs.map((vote) => ({ ...(withDates(vote.data()) as Vote), id: vote.id }))),
          onError,
        ),
      readGivenVotes: async (uid) => {
        const snapshot = await readQuery(
          givenVotesPath(uid),
          query(
            collection(firestore, givenVotesPath(uid)),
            orderBy('ratedAt', 'desc'),
            limit(GIVEN_VOTES_READ),
          ),
        );
        return snapshot.docs.map((vote) => withDates(vote.data()) as GivenVote);
      },
    },
    images: {
      // The Storage SDK loads with the first upload.
      uploadImage: async (uid, fileName, image, onProgress) => {
        const { uploadToStorage } = await import('./storage');
        await uploadToStorage(firebaseApp, uploadPath(uid, fileName), image, onProgress);
      },
    },
    presence: {
      // The Realtime Database SDK loads after the first screen; presence can wait that long.
      trackPresence(uid) {
        let stop: (() => void) | undefined;
        let stopped = false;
        void import('./presence').then(({ trackPresence }) => {
          if (!stopped)
            stop = trackPresence(firebaseApp, uid, env.useEmulators ? env.emulatorHosts.database : undefined);
        });
        return () => {
          stopped = true;
          stop?.();
        };
      },
    },
  };
}
