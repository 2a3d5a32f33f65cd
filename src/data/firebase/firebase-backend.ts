/**
 * The Firebase backend's adapters: Firestore for documents, the Realtime Database for presence.
 * This module is loaded lazily, so the local backend's bundle carries neither SDK.
 */
import {
  getDatabase,
  onDisconnect,
  onValue,
  ref,
  serverTimestamp,
  set,
  connectDatabaseEmulator,
} from 'firebase/database';
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
  const database = getDatabase(firebaseApp);
  if (env.useEmulators) {
    connectFirestoreEmulator(firestore, '127.0.0.1', 8080);
    connectDatabaseEmulator(database, '127.0.0.1', 9000);
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
      trackPresence(uid) {
        const status = ref(database, `status/${uid}`);
        return onValue(ref(database, '.info/connected'), (snapshot) => {
          if (snapshot.val() !== true) return;
          void onDisconnect(status)
            .set({ state: 'offline', lastChanged: serverTimestamp() })
            .then(() => set(status, { state: 'online', lastChanged: serverTimestamp() }));
        });
      },
    },
  };
}
