/** Presence on the Realtime Database: online while connected, offline on disconnect (set by the server). */
import type { FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  onDisconnect,
  onValue,
  ref,
  serverTimestamp,
  set,
} from 'firebase/database';
import type { Unsubscribe } from '../auth';

export function trackPresence(app: FirebaseApp, uid: string, useEmulator: boolean): Unsubscribe {
  const database = getDatabase(app);
  if (useEmulator) connectDatabaseEmulator(database, '127.0.0.1', 9000);
  const status = ref(database, `status/${uid}`);
  return onValue(ref(database, '.info/connected'), (snapshot) => {
    if (snapshot.val() !== true) return;
    void onDisconnect(status)
      .set({ state: 'offline', lastChanged: serverTimestamp() })
      .then(() => set(status, { state: 'online', lastChanged: serverTimestamp() }));
  });
}
