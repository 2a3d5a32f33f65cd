import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // Only Firestore's Pipelines API uses re2js; see src/lib/re2js-unavailable.ts.
      { find: /^re2js$/, replacement: path.resolve(import.meta.dirname, 'src/lib/re2js-unavailable.ts') },
    ],
  },
  build: { manifest: true, sourcemap: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/domain/**/*.test.ts', 'functions/src/**/*.test.ts', 'tests/access/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/{app,data,lib}/**/*.test.ts'],
          setupFiles: ['src/testing/setup.ts'],
        },
      },
    ],
  },
});
