/**
 * The one place the Firebase SDK is initialised. Auth is shared by both backends; in local mode it
 * talks to the Auth emulator and callables go to the local server at the Functions-emulator URL shape.
 */
import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, type Functions } from 'firebase/functions';
import { env } from '@/config/env';

export const firebaseApp: FirebaseApp = initializeApp(env.firebase);

export const auth: Auth = getAuth(firebaseApp);

export const functions: Functions = getFunctions(firebaseApp, env.functionsRegion);

if (env.useEmulators) {
  connectAuthEmulator(auth, env.localAuthUrl, { disableWarnings: true });
  const server = new URL(env.localServerUrl);
  connectFunctionsEmulator(functions, server.hostname, Number(server.port));
}
