/**
 * The one place the Firebase SDK is initialised. Auth, which both backends share, is initialised in
 * firebase-auth.ts, loaded only where it is needed; in local mode it talks to the Auth emulator, and
 * callables go to the local server at the Functions-emulator URL shape.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import type { Functions } from 'firebase/functions';
import { env } from '@/config/env';

export const firebaseApp: FirebaseApp = initializeApp(env.firebase);

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
