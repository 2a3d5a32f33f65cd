/**
 * Bundles the Cloud Functions host and the shared domain into functions/lib for deployment
 * (`npm run build:functions`, or `npm run build:functions -- OUT_DIR` for another folder).
 * What the bundle leaves out is exactly what functions/package.json installs: the Firebase SDKs, sharp
 * (native code), TensorFlow.js, face-api and nsfwjs (WASM and model files read from their packages at
 * run time, at the first upload), each at the version the root uses. Beside the bundle, `public-pages/renderer.cjs`: the app's
 * pre-renderer (src/app/prerender.tsx, built as scripts/prerender.ts builds it for the local preview
 * server), which the `publicPages` function loads at its first page; the app's template it reads from
 * Hosting, so the page always names the scripts Hosting serves.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const functionsDir = path.join(root, 'functions');

type Dependencies = Record<string, string>;

interface Manifest {
  dependencies?: Dependencies;
  engines?: { node?: string };
}

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** What the deployed function installs: functions/package.json's dependencies. */
export function runtimeDependencies(): Dependencies {
  return manifest(functionsDir).dependencies ?? {};
}

/** Each runtime dependency whose range differs from the root's, which is the one source of versions. */
export function versionMismatches(): string[] {
  const rootDependencies = manifest(root).dependencies ?? {};
  return Object.entries(runtimeDependencies())
    .filter(([name, range]) => rootDependencies[name] !== range)
    .map(
      ([name, range]) =>
        `${name}: functions/package.json has ${range}, the root ${rootDependencies[name] ?? 'none'}`,
    );
}

interface Lockfile {
  packages?: Record<string, { version?: string; dependencies?: Dependencies } | undefined>;
}

const lockfile = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as Lockfile;

/**
 * Each runtime dependency that functions/package-lock.json (what Cloud Build installs with `npm ci`) does
 * not lock at exactly the version the root's lockfile installed, or asks for at another range.
 */
export function lockMismatches(): string[] {
  const installed = lockfile(root).packages ?? {};
  const locked = lockfile(functionsDir).packages ?? {};
  const lockedRanges = locked['']?.dependencies ?? {};
  return Object.entries(runtimeDependencies()).flatMap(([name, range]) => {
    const wanted = installed[`node_modules/${name}`]?.version ?? 'none';
    const found = locked[`node_modules/${name}`]?.version ?? 'none';
    if (found !== wanted) return [`${name}: functions/package-lock.json has ${found}, the root ${wanted}`];
    if (lockedRanges[name] !== range) {
      return [
        `${name}: functions/package-lock.json asks for ${lockedRanges[name] ?? 'none'}, package.json ${range}`,
      ];
    }
    return [];
  });
}

/**
 * The Node major the functions run on: functions/package.json's `engines.node`, which firebase.json's
 * runtime and the bundle's target match (scripts/build-functions.test.ts).
 */
export function functionsNodeMajor(): number {
  const wanted = manifest(functionsDir).engines?.node ?? '';
  if (!/^\d+$/.test(wanted)) {
    throw new Error(`functions/package.json must ask for one Node major in engines.node, not "${wanted}"`);
  }
  return Number(wanted);
}

export function functionsBuildOptions(): BuildOptions {
  return {
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: `node${functionsNodeMajor()}`,
    format: 'cjs',
    sourcemap: true,
    external: Object.keys(runtimeDependencies()),
    // CommonJS has no import.meta, and face analysis builds its require from import.meta.url: give it
    // the bundle's own URL. The banner comes before esbuild's "use strict", so it repeats it.
    banner: { js: `"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;` },
    define: { 'import.meta.url': '__bundleUrl' },
    logOverride: {
      // Any other use of import.meta would be empty at run time: refuse to build.
      'empty-import-meta': 'error',
      // sentiment looks up languages other than English by a computed path; only English is used.
      'empty-glob': 'silent',
    },
  };
}

export async function buildFunctions(outDir = path.join(functionsDir, 'lib')): Promise<string> {
  const mismatches = versionMismatches();
  if (mismatches.length) {
    throw new Error(`functions/package.json must use the root's versions:\n  ${mismatches.join('\n  ')}`);
  }
  const unlocked = lockMismatches();
  if (unlocked.length) {
    throw new Error(
      `functions/package-lock.json must lock the root's versions (README, "Running on Firebase"):\n  ${unlocked.join('\n  ')}`,
    );
  }
  const outfile = path.join(outDir, 'index.js');
  await build({
    ...functionsBuildOptions(),
    entryPoints: [path.join(functionsDir, 'src', 'firebase', 'index.ts')],
    outfile,
  });
  // Loaded here only: the deploy tests may load this file as CommonJS, and Vite is ESM.
  const { buildRendererFile } = await import('./prerender');
  const { routerProductionAliases } = await import('./react-router-build');
  await buildRendererFile({
    root,
    mode: 'production',
    alias: [{ find: '@', replacement: path.join(root, 'src') }, ...routerProductionAliases],
    dir: path.join(outDir, 'public-pages'),
    file: 'renderer.cjs',
    format: 'cjs',
  });
  return outfile;
}

// Run as a script; imported by the deploy tests, which may load it as CommonJS (no top-level await).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  buildFunctions(process.argv[2] ? path.resolve(process.argv[2]) : undefined).then(
    (outfile) => console.log(`${path.relative(process.cwd(), outfile)} built`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
