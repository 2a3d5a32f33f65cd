/**
 * The Firebase backend's adapters: Firestore for documents, the Realtime Database for presence.
 * This module is loaded lazily, so the local backend's bundle carries neither SDK, and the Realtime
 * Database loads only after the member's first screen.
 */
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, Timestamp } from 'firebase/firestore';
import { env } from '@/config/env';
import type { User } from '@/domain/user';
import { firebaseApp } from '@/lib/firebase';
import type { Backend } from '../repositories';

/** Timestamps become Dates at the edge, recursively. */
export function fromFirestore(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(fromFirestore);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromFirestore(inner)]));
  }
  return value;
}

export function createFirebaseBackend(): Backend {
  const firestore = getFirestore(firebaseApp);
  if (env.useEmulators) {
    connectFirestoreEmulator(firestore, '127.0.0.1', 8080);
  }
  return {
    users: {
      watchUser: (uid, onUser, onError) =>
        onSnapshot(
          doc(firestore, 'users', uid),
          (snapshot) => onUser(snapshot.exists() ? (fromFirestore(snapshot.data()) as User) : null),
          onError,
        ),
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
