import { defineConfig } from 'vitest/config';

/** End-to-end journeys: Chromium against the stack `npm start` runs, started once for the whole suite. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    // A journey that fails is run once more, and the report names it as retried: on a loaded 2-core
    // machine a first registration once waited past 30 s in the full run and passed alone.
    retry: 1,
    hookTimeout: 180_000,
  },
});
