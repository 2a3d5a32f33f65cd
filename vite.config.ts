import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vite's own list (8.3), which a list given here replaces rather than extends.
const VITE_DENIED = [
  '.env',
  '.env.*',
  '*.{crt,pem,key,p12,pfx,cer,der}',
  '.npmrc',
  '.yarnrc.yml',
  '**/.git/**',
];
// The local backend's default data folder; the stack adds the one DATA_DIR names (scripts/data-folder.ts).
const DATA_FOLDER = ['.data', '**/.data/**'];

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
  // The local backend's data (the store, originals, every account's password) is never served.
  server: { fs: { deny: [...VITE_DENIED, ...DATA_FOLDER] } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'tests/access/**/*.test.ts',
            'tests/lint/**/*.test.ts',
          ],
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
