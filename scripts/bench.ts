/**
 * `npm run bench`: prints the product's measured figures against their targets.
 * Bundle: the gzip size of the JavaScript a visitor loads before the landing page shows, and of
 * what a signed-in member loads for the shell (adding Auth, the callables, the backend's adapter and
 * My Photos), built for Firebase mode.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
const outDir = path.resolve('dist-bench');

async function buildForFirebase(): Promise<Manifest> {
  Object.assign(process.env, {
    VITE_BACKEND: 'firebase',
    VITE_FIREBASE_API_KEY: 'bench-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: 'bench.firebaseapp.com',
    VITE_FIREBASE_PROJECT_ID: 'bench',
    VITE_FIREBASE_APP_ID: '1:1:web:1',
    VITE_FIREBASE_DATABASE_URL: 'https://bench.firebaseio.com',
  });
  await build({
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: 'manifest.json', sourcemap: false },
  });
  return JSON.parse(readFileSync(path.join(outDir, 'manifest.json'), 'utf8')) as Manifest;
}

/** A chunk and everything it imports statically. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function gzipBytes(manifest: Manifest, keys: Set<string>): number {
  let total = 0;
  for (const key of keys) total += gzipSync(readFileSync(path.join(outDir, manifest[key]!.file))).length;
  return total;
}

function report(name: string, bytes: number, budget: number): boolean {
  const ok = bytes <= budget;
  console.log(
    `${name.padEnd(44)} ${(bytes / KB).toFixed(1).padStart(7)} KB gzip   budget ${budget / KB} KB   ${ok ? 'within' : 'OVER'}`,
  );
  return ok;
}

const manifest = await buildForFirebase();
const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entry) throw new Error('The build has no entry chunk.');
// main.tsx fetches the app (src/app/start.tsx) right after the first paint: first-load JavaScript too.
const start = Object.keys(manifest).filter((key) => key.endsWith('src/app/start.tsx'));
const landing = closure(manifest, [entry, ...start]);
const adapter = Object.keys(manifest).find((key) => key.endsWith('firebase-backend.ts'));
if (!adapter)
  throw new Error(
    'The Firebase adapter is not a chunk of its own: Firestore would load on the landing page.',
  );
const shell = closure(manifest, [entry, ...start, adapter], new Set());

console.log('Initial JavaScript (Firebase mode)');
const results = [
  report('landing page (visitor)', gzipBytes(manifest, landing), 150 * KB),
  report('signed-in shell (member, with Firestore)', gzipBytes(manifest, shell), 300 * KB),
];
console.log(`Firestore and the Realtime Database load lazily: ${landing.has(adapter) ? 'no' : 'yes'}`);

/** Upload pipeline: a 12-megapixel photo through decode, strip, resize and face analysis, on one core. */
async function benchPipeline(): Promise<boolean[]> {
  const { default: sharp } = await import('sharp');
  const { processImage } = await import('../functions/src/photos/image-pipeline');
  const { createFaceAnalyzer } = await import('../functions/src/photos/face-analysis');
  const { samplePhoto } = await import('../functions/src/testing');
  sharp.concurrency(1);
  const photo = await sharp(samplePhoto(2))
    .resize(4000, 3000, { fit: 'cover' })
    .jpeg({ quality: 92 })
    .toBuffer();
  const analyzer = createFaceAnalyzer();
  await analyzer.analyze((await processImage(photo)).analysis);
  const runs: number[] = [];
  let displayBytes = 0;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const processed = await processImage(photo);
    await analyzer.analyze(processed.analysis);
    runs.push(performance.now() - started);
    displayBytes = processed.display.length;
  }
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)]!;
  console.log('\nUpload pipeline (12 MP photo, one core, 7 runs)');
  console.log(
    `${'median decode + strip + resize + face analysis'.padEnd(48)} ${(median / 1000).toFixed(2)} s   target 1.5 s   ${median <= 1500 ? 'within' : 'OVER'}`,
  );
  console.log(
    `${'display image (WebP)'.padEnd(48)} ${(displayBytes / KB).toFixed(1)} KB   target 120 KB   ${displayBytes <= 120 * KB ? 'within' : 'OVER'}`,
  );
  return [median <= 1500, displayBytes <= 120 * KB];
}

results.push(...(await benchPipeline()));
const { benchRating } = await import('./bench-rating');
results.push(...(await benchRating()));
const { benchAdmin } = await import('./bench-admin');
results.push(...(await benchAdmin()));
results.push(...(await (await import('./bench-compare')).benchCompare()));
results.push(...(await (await import('./bench-peers')).benchPeers()));
if (results.includes(false)) process.exitCode = 1;
