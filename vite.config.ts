import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { configDefaults, defineConfig } from 'vitest/config';
import { appChunkPlugin } from './scripts/app-chunks';
import { firestoreEmulatorMissing } from './scripts/java-emulators';
import { brotliAssetsPlugin } from './scripts/precompress';
import { prerenderPlugin } from './scripts/prerender';
import { reactRouterProductionBuild } from './scripts/react-router-build';
import { routePreloadPlugin } from './scripts/route-preload';
import { securityHeadersPlugin } from './scripts/security-headers';

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

// Each build is a new version (its page differs, so its service worker does): the update prompt follows.
const packageVersion = (
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }
).version;
const appVersion = process.env.PHOTORATER_APP_VERSION ?? `${packageVersion}+${Date.now().toString(36)}`;

// Known before the test projects are: without the emulator, the handler tests run once, and say why.
const firestoreMissing =
  process.env.VITEST && !process.env.FIRESTORE_EMULATOR_HOST ? firestoreEmulatorMissing() : undefined;
if (firestoreMissing) console.warn(`Handler tests on Firestore skipped: ${firestoreMissing}.`);

export default defineConfig({
  plugins: [
    // First: every answer of the preview server carries the site's security headers (scripts/security-headers.ts).
    securityHeadersPlugin(),
    react(),
    // React Router's production build, not its development one (scripts/react-router-build.ts).
    reactRouterProductionBuild(),
    // A member's screen's code is asked for as the page is parsed (scripts/route-preload.ts).
    routePreloadPlugin(),
    // The public pages as HTML for crawlers and link previews (scripts/prerender.ts).
    prerenderPlugin(),
    // What the app needs at once in one chunk, not some 20 small shared ones (scripts/app-chunks.ts).
    appChunkPlugin(),
    // The local build's assets in Brotli, as Hosting serves the deployed ones (scripts/precompress.ts).
    brotliAssetsPlugin(),
    {
      name: 'app-version',
      transformIndexHtml: () => [
        { tag: 'meta', attrs: { name: 'app-version', content: appVersion }, injectTo: 'head' },
      ],
    },
    // The service worker is our own (src/sw/sw.ts), so it can grow push handling; the page registers it
    // through workbox-window after first paint (src/features/pwa), and public/ keeps the manifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app shell: scripts, styles, the page, the manifest and the icons; source maps, the store's
        // screenshots and the photos stay out.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}', '*icon*.png'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
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
    // Two workers on two cores: the Firestore project's files mostly wait on the emulator, so one worker
    // left a core idle for a third of the run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/domain/**/*.test.ts',
            'src/sw/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'tests/access/**/*.test.ts',
            'tests/lint/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The Firebase adapter against the official emulators: the SDK's Node build, no DOM.
            'src/data/firebase/**/*.test.ts',
          ],
          // The official Firestore emulator, for the Firestore store contract and rules cases.
          globalSetup: ['tests/support/firestore-emulator-setup.ts'],
        },
      },
      // Every handler test again, each on a Firestore database of its own (functions/src/testing.ts).
      ...(firestoreMissing
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'handlers-firestore',
                environment: 'node',
                include: ['functions/src/handlers/**/*.test.ts'],
                env: { TEST_STORE: 'firestore' },
                // The emulator answers in milliseconds where SQLite in memory answers in microseconds.
                testTimeout: 30_000,
                globalSetup: ['tests/support/firestore-emulator-setup.ts'],
                setupFiles: ['tests/support/firestore-test-files.ts'],
              },
            },
          ]),
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'src/{app,data,lib,features}/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/data/firebase/**'],
          setupFiles: ['src/testing/setup.ts'],
          // Whole screens in jsdom take a few seconds each on a busy two-core machine; 5 s was too close.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
