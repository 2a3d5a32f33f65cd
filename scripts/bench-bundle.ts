/**
 * The bundle budgets of `npm run bench`: the gzip size of the JavaScript a visitor loads for the landing
 * page (the entry and the app `main.tsx` fetches right after the first paint), and of what a signed-in
 * member loads for the shell (adding Auth, the callables, the backend's adapter), built for Firebase
 * mode. Run alone (`tsx scripts/bench-bundle.ts`), it also lists the landing page's chunks;
 * BENCH_BUNDLE_DIR moves the build (default `dist-bench`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** A chunk of the build as the bundler gives it: its file, what it imports statically, its modules. */
interface Chunk {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
}

const KB = 1024;
export const LANDING_BUDGET = 150 * KB;
export const SHELL_BUDGET = 300 * KB;

const FIREBASE_ENV = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'bench-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'bench.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'bench',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_FIREBASE_DATABASE_URL: 'https://bench.firebaseio.com',
  VITE_RECAPTCHA_ENTERPRISE_KEY: 'bench-site-key',
};

/** The app's chunks, built for Firebase into `outDir`, by file name. */
async function buildForFirebase(outDir: string): Promise<Map<string, Chunk>> {
  Object.assign(process.env, FIREBASE_ENV);
  const output = await build({
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Array<{ output?: unknown[] }>;
  const chunks = new Map<string, Chunk>();
  for (const item of outputs.flatMap((result) => result.output ?? []))
    if ((item as { type?: string }).type === 'chunk') chunks.set((item as Chunk).fileName, item as Chunk);
  return chunks;
}

/** A chunk and everything it imports statically. */
function closure(chunks: Map<string, Chunk>, files: string[], seen = new Set<string>()): Set<string> {
  for (const file of files) {
    if (seen.has(file)) continue;
    seen.add(file);
    closure(chunks, chunks.get(file)?.imports ?? [], seen);
  }
  return seen;
}

/** The chunks holding a module whose id ends with `suffix`. */
const holding = (chunks: Map<string, Chunk>, suffix: string) =>
  [...chunks.values()]
    .filter((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)))
    .map((chunk) => chunk.fileName);

const gzipOf = (outDir: string, file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;

function gzipBytes(outDir: string, files: Set<string>): number {
  let total = 0;
  for (const file of files) total += gzipOf(outDir, file);
  return total;
}

function report(name: string, bytes: number, budget: number): boolean {
  const ok = bytes <= budget;
  console.log(
    `${name.padEnd(44)} ${(bytes / KB).toFixed(1).padStart(7)} KB gzip   budget ${budget / KB} KB   ${ok ? 'within' : 'OVER'}`,
  );
  return ok;
}

/** The code each module keeps in the given chunks (its rendered length), by module. */
function renderedModules(chunks: Map<string, Chunk>, files: Set<string>): Map<string, number> {
  const modules = new Map<string, number>();
  for (const file of files)
    for (const [id, { renderedLength }] of Object.entries(chunks.get(file)!.modules))
      if (renderedLength > 0) modules.set(id, renderedLength);
  return modules;
}

/** What a visitor's first load would be with the bundler's own chunks, not the app's chunk (scripts/app-chunks.ts). */
async function defaultLanding(outDir: string): Promise<Set<string>> {
  process.env.PHOTORATER_APP_CHUNK = 'off';
  try {
    const chunks = await buildForFirebase(outDir);
    return new Set(renderedModules(chunks, landingChunks(chunks)).keys());
  } finally {
    Reflect.deleteProperty(process.env, 'PHOTORATER_APP_CHUNK');
  }
}

/** The entry and the app main.tsx fetches right after the first paint (src/app/start.tsx), with their imports. */
function landingChunks(chunks: Map<string, Chunk>): Set<string> {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
  if (entries.length === 0) throw new Error('The build has no entry chunk.');
  return closure(chunks, [...entries, ...holding(chunks, 'src/app/start.tsx')]);
}

/**
 * Builds for Firebase into `outDir` and prints both budgets, and that the app's chunk brings no module
 * into the landing page that the bundler's own chunks would not (a second build, without it);
 * `listChunks` names the landing page's chunks.
 */
export async function benchBundle(
  outDir = path.resolve('dist-bench'),
  listChunks = false,
): Promise<boolean[]> {
  const expected = await defaultLanding(outDir);
  const chunks = await buildForFirebase(outDir);
  const landing = landingChunks(chunks);
  const adapter = holding(chunks, 'src/data/firebase/firebase-backend.ts');
  if (adapter.length !== 1)
    throw new Error(
      'The Firebase adapter is not a chunk of its own: Firestore would load on the landing page.',
    );
  // A member's first screen waits for Auth as well, which no visitor's call loads (src/data/firebase-auth.ts).
  const shell = closure(chunks, [...landing, ...adapter, ...holding(chunks, 'src/data/auth.ts')], new Set());

  console.log('Initial JavaScript (Firebase mode)');
  const results = [
    report('landing page (visitor)', gzipBytes(outDir, landing), LANDING_BUDGET),
    report('signed-in shell (member, with Firestore)', gzipBytes(outDir, shell), SHELL_BUDGET),
  ];
  console.log(`Firestore and the Realtime Database load lazily: ${landing.has(adapter[0]!) ? 'no' : 'yes'}`);
  const added = [...renderedModules(chunks, landing).keys()].filter((id) => !expected.has(id));
  results.push(added.length === 0);
  console.log(
    added.length === 0
      ? `The app's chunk brings nothing loaded on demand into the landing page: yes`
      : `The app's chunk brings into the landing page what loads on demand: ${added.map((id) => path.relative(process.cwd(), id)).join(', ')}`,
  );
  // What every page loads once painted, a visitor's too, never brings a member's code or Auth with it.
  const everyPage = [
    'src/features/pwa/pwa-prompts.tsx',
    'src/features/consent/consent-host.tsx',
    'src/components/toast-bar.tsx',
    'src/app/layout/footer.tsx',
  ].flatMap((module) => holding(chunks, module));
  const membersOnly = new Set([
    ...adapter,
    ...holding(chunks, 'src/data/local/local-backend.ts'),
    ...holding(chunks, 'src/data/auth.ts'),
    ...[...chunks.keys()].filter((file) => /(^|\/)member-[^/]*\.js$/.test(file)),
  ]);
  // Auth and the adapter load on a visitor's pages too (the shared photo): never with the screens' chunk.
  const screensChunk = (file: string) => /(^|\/)member-[^/]*\.js$/.test(file);
  const brought = [
    ...[...closure(chunks, everyPage, new Set())].filter((file) => membersOnly.has(file)),
    ...[...closure(chunks, [...adapter, ...holding(chunks, 'src/data/auth.ts')], new Set())].filter(
      screensChunk,
    ),
  ];
  results.push(everyPage.length === 4 && brought.length === 0);
  console.log(
    everyPage.length !== 4
      ? `What every page loads once painted was not found in the build (${everyPage.length} of 4 chunks)`
      : brought.length === 0
        ? "What every page loads once painted brings no member screens', backend's or Auth's chunk, nor Auth or the backend the screens' chunk: yes"
        : `What every page loads once painted, or Auth or the backend, brings members' chunks: ${brought.join(', ')}`,
  );
  if (listChunks)
    for (const file of [...landing].sort((a, b) => gzipOf(outDir, b) - gzipOf(outDir, a)))
      console.log(`  ${(gzipOf(outDir, file) / KB).toFixed(1).padStart(6)} KB  ${file}`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = path.resolve(process.env.BENCH_BUNDLE_DIR ?? 'dist-bench');
  const results = await benchBundle(outDir, true);
  if (results.includes(false)) process.exitCode = 1;
}
