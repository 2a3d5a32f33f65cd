/**
 * The configuration the Firebase adapter's tests give `@/config/env` (through `vi.mock`): the Firebase
 * backend of a project of their own. Emulators stay off here, as the adapter would connect to
 * firebase.json's fixed ports; the tests connect the SDK to the emulators they started themselves.
 */
import { readEnv, type AppEnv } from '@/config/read-env';

export interface EnvModule {
  DEBUG_MODE: boolean;
  env: AppEnv;
}

export function adapterEnv(projectId: string, variables: Record<string, string> = {}): EnvModule {
  return {
    DEBUG_MODE: false,
    env: readEnv({
      VITE_BACKEND: 'firebase',
      VITE_FIREBASE_API_KEY: 'test-api-key',
      VITE_FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
      VITE_FIREBASE_PROJECT_ID: projectId,
      VITE_FIREBASE_APP_ID: `1:1234567890:web:${projectId}`,
      // The Realtime Database emulator names a database by its namespace, the rules' loader by the project id.
      VITE_FIREBASE_DATABASE_URL: `https://${projectId}.firebaseio.com`,
      VITE_FIREBASE_STORAGE_BUCKET: projectId,
      VITE_RECAPTCHA_ENTERPRISE_KEY: 'test-site-key',
      ...variables,
    }),
  };
}
