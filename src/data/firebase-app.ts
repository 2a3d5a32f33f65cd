/**
 * The one place the Firebase SDK is initialised. Auth is shared by both backends; in local mode it
 * talks to the Auth emulator and callables go to the local server at the Functions-emulator URL shape.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { Functions } from 'firebase/functions';
import { env } from '@/config/env';

export const firebaseApp: FirebaseApp = initializeApp(env.firebase);

// Only what the app uses: the popup resolver is passed where a popup opens, keeping it off the landing page.
export const auth: Auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (env.useEmulators) connectAuthEmulator(auth, env.localAuthUrl, { disableWarnings: true });

let functions: Promise<Functions> | undefined;

/** The Functions SDK loads on the first call, so the landing page does not carry it. */
export function getFunctionsClient(): Promise<Functions> {
  functions ??= import('firebase/functions').then(({ connectFunctionsEmulator, getFunctions }) => {
    const client = getFunctions(firebaseApp, env.functionsRegion);
    if (env.useEmulators) {
      const server = new URL(env.localServerUrl);
      connectFunctionsEmulator(client, server.hostname, Number(server.port));
    }
    return client;
  });
  return functions;
}
