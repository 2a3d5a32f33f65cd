/**
 * Auth's one initialisation, apart from the app's (firebase-app.ts): a visitor's calls (the blog, the
 * landing page's A/B test) load the app and the Functions SDK without Auth. The Functions, Firestore
 * and Realtime Database SDKs take the member's token from Auth once it is there, whenever that is.
 */
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

// Only what the app uses: the popup resolver is passed where a popup opens, keeping it off the landing page.
export const auth: Auth = initializeAuth(firebaseApp, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (env.useEmulators) connectAuthEmulator(auth, env.localAuthUrl, { disableWarnings: true });
