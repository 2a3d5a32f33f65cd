/** Bundles the Cloud Functions host and the shared domain into functions/lib for deployment. */
import { build } from 'esbuild';

await build({
  entryPoints: ['functions/src/firebase/index.ts'],
  outfile: 'functions/lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: ['firebase-admin', 'firebase-functions'],
});
console.log('functions/lib/index.js built');
