/** Presence on the Realtime Database: online while connected, offline on disconnect (set by the server). */
import type { FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  getDatabase,
  goOffline,
  goOnline,
  onDisconnect,
  onValue,
  ref,
  serverTimestamp,
  set,
} from 'firebase/database';
import { logFailure } from '@/lib/report-error';
import { hostAndPort } from '@/config/read-env';
import type { Unsubscribe } from '../auth';

/** `emulatorHost` (host:port): the Realtime Database emulator's, when the app runs against the emulators. */
export function trackPresence(app: FirebaseApp, uid: string, emulatorHost: string | undefined): Unsubscribe {
  const database = getDatabase(app);
  if (emulatorHost) {
    const { host, port } = hostAndPort(emulatorHost);
    connectDatabaseEmulator(database, host, port);
  }
  // The connection a previous stop closed (the last member's sign-out on this page) opens again.
  goOnline(database);
  const status = ref(database, `status/${uid}`);
  let stopped = false;
  const stopWatching = onValue(ref(database, '.info/connected'), (snapshot) => {
    if (snapshot.val() !== true) return;
    onDisconnect(status)
      .set({ state: 'offline', lastChanged: serverTimestamp() })
      .then(() => {
        // An answer after the stop must not mark the member online again.
        if (!stopped) return set(status, { state: 'online', lastChanged: serverTimestamp() });
      })
      .catch((error: unknown) => logFailure(error, { feature: 'presence', action: 'mark online' }));
  });
  return () => {
    stopped = true;
    stopWatching();
    // Closing the connection runs the offline write queued above at once, as the member's own (the
    // server checked it when it was queued), so the member is offline now rather than when the page
    // closes, even though the session stops tracking only after the sign-out.
    goOffline(database);
  };
}
