/** Picks the backend's adapters once; the Firebase adapter is loaded only in Firebase mode. */
import { env } from '@/config/env';
import type { Backend } from './repositories';

let backend: Promise<Backend> | undefined;

export function getBackend(): Promise<Backend> {
  backend ??=
    env.backend === 'firebase'
      ? import('./firebase/firebase-backend').then((module) => module.createFirebaseBackend())
      : import('./local/local-backend').then((module) => module.createLocalBackend());
  return backend;
}
