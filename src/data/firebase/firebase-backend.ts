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
  onSnapshot,
  orderBy,
  query,
} from 'firebase/firestore';
import { env } from '@/config/env';
import { photosPath, uploadPath, type Photo } from '@/domain/photo';
import type { User } from '@/domain/user';
import { STATS_SHARDS_PATH, sumSiteStats, type SiteStats } from '@/domain/site-stats';
import { givenVotesPath, votesPath, type GivenVote, type Vote } from '@/domain/vote';
import { withDates } from '@/domain/wire';
import type { Billing } from '@/domain/billing';
import { firebaseApp } from '@/data/firebase-app';
import type { Backend } from '../repositories';

export function createFirebaseBackend(): Backend {
  const firestore = getFirestore(firebaseApp);
  if (env.useEmulators) connectFirestoreEmulator(firestore, '127.0.0.1', 8080);
  return {
    users: {
      watchUser: (uid, onUser, onError) =>
        onSnapshot(
          doc(firestore, 'users', uid),
          (snapshot) => onUser(snapshot.exists() ? (withDates(snapshot.data()) as User) : null),
          onError,
        ),
    },
    billing: {
      watchBilling: (uid, onBilling, onError) =>
        onSnapshot(
          doc(firestore, 'billing', uid),
          (snapshot) => onBilling(snapshot.exists() ? (withDates(snapshot.data()) as Billing) : null),
          onError,
        ),
    },
    photos: {
      watchPhotos: (uid, sort, onPhotos, onError) =>
        onSnapshot(
          query(collection(firestore, photosPath(uid)), orderBy(sort, 'desc')),
          (snapshot) => onPhotos(snapshot.docs.map((photo) => withDates(photo.data()) as Photo)),
          onError,
        ),
    },
    votes: {
      watchVotes: (ownerId, photoId, onVotes, onError) =>
        onSnapshot(
          query(collection(firestore, votesPath(ownerId, photoId)), orderBy('ratedAt', 'desc')),
          (snapshot) =>
            onVotes(snapshot.docs.map((vote) => ({ ...(withDates(vote.data()) as Vote), id: vote.id }))),
          onError,
        ),
      readGivenVotes: async (uid) => {
        const snapshot = await getDocs(collection(firestore, givenVotesPath(uid)));
        return snapshot.docs.map((vote) => withDates(vote.data()) as GivenVote);
      },
    },
    stats: {
      watchSiteStats: (onStats, onError) =>
        onSnapshot(
          collection(firestore, STATS_SHARDS_PATH),
          (snapshot) =>
            onStats(sumSiteStats(snapshot.docs.map((shard) => shard.data() as Partial<SiteStats>))),
          onError,
        ),
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
          if (!stopped) stop = trackPresence(firebaseApp, uid, env.useEmulators);
        });
        return () => {
          stopped = true;
          stop?.();
        };
      },
    },
  };
}
