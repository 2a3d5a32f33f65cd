import { configDefaults, defineConfig } from 'vitest/config';

/** The journeys on the Firebase build bring their own stack (the emulators), not the local one. */
const FIREBASE_BUILD = 'tests/e2e/firebase-build.e2e.test.ts';

/**
 * End-to-end journeys: Chromium against the stack `npm start` runs, started once for the whole suite,
 * and the Firebase build's journeys against the official emulators. One file after another.
 */
export default defineConfig({
  test: {
    environment: 'node',
    fileParallelism: false,
    testTimeout: 90_000,
    // A journey that fails is run once more, and the report names it as retried: on a loaded 2-core
    // machine a first registration once waited past 30 s in the full run and passed alone.
    retry: 1,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          exclude: [...configDefaults.exclude, FIREBASE_BUILD],
          // Started only when a file of this project runs.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'e2e-firebase', include: [FIREBASE_BUILD] } },
    ],
  },
});
