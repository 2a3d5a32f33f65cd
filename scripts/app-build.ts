/**
 * The production build of the app as `npm start` and the end-to-end tests serve it: built with the
 * local backend's addresses (Vite puts VITE_* variables into the bundle), remembered with what it was
 * built from, built again when the sources are newer or the addresses differ, and served by Vite's
 * preview server (the built files only: the data folder can never be reached through it).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { projectRoot as root } from './data-folder';
import { precompressAssets } from './precompress';

/** What decides the build: the client's VITE_* settings and, when given, the version it reports. */
export interface AppBuildConfig {
  env: Record<string, string>;
  /** The app's version (default: the package's version and the build's time, so each build is new). */
  version?: string;
}

interface BuildStamp {
  builtAt: number;
  env: Record<string, string>;
}

/** Beside the build: what it was built from (not precached: it is no part of the app). */
export const BUILD_STAMP = 'photorater-build.json';

/** What a build is made of: a change to any of these makes `npm start` build again. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, name)));
  return newest;
}

/** The latest change to the app's sources, in milliseconds since the epoch. */
export function sourcesChangedAt(base = root): number {
  return Math.max(...SOURCES.map((source) => newestChange(path.join(base, source))));
}

function readStamp(outDir: string): BuildStamp | undefined {
  try {
    return JSON.parse(readFileSync(path.join(outDir, BUILD_STAMP), 'utf8')) as BuildStamp;
  } catch {
    return undefined;
  }
}

const sameEnv = (a: Record<string, string>, b: Record<string, string>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Why the build in `outDir` cannot be served for `config`, or undefined when it can. */
export function staleBuildReason(outDir: string, config: AppBuildConfig, base = root): string | undefined {
  const stamp = readStamp(outDir);
  if (!stamp || !existsSync(path.join(outDir, 'index.html'))) return 'there is no build yet';
  if (!sameEnv(stamp.env, config.env)) return 'the last build was made for other addresses';
  if (sourcesChangedAt(base) > stamp.builtAt) return 'the sources changed since the last build';
  return undefined;
}

const isWithin = (folder: string, target: string) => {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/** The build folder is emptied before each build: never one that holds the project or its code. */
function assertBuildFolder(outDir: string): void {
  const folder = path.resolve(outDir);
  const kept = ['src', 'public', 'functions', 'scripts', 'tests', 'node_modules', '.git'];
  if (isWithin(folder, root) || kept.some((name) => isWithin(path.join(root, name), folder)))
    throw new Error(`The build folder (${folder}) would hold the project's own files; choose another.`);
}

/** Builds the app into `outDir` (emptied first) for the given settings. */
export async function buildApp(outDir: string, config: AppBuildConfig, quiet = false): Promise<void> {
  assertBuildFolder(outDir);
  const builtAt = Date.now();
  const saved = { ...process.env };
  // Vite reads VITE_* from the environment, and vite.config.ts the version. A production build even
  // from a test runner (which sets NODE_ENV=test): React's and Workbox's production code, as deployed.
  Object.assign(process.env, config.env, { NODE_ENV: 'production' });
  if (config.version) process.env.PHOTORATER_APP_VERSION = config.version;
  try {
    await build({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: quiet ? 'error' : 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    for (const name of [...Object.keys(config.env), 'NODE_ENV', 'PHOTORATER_APP_VERSION']) {
      if (saved[name] === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = saved[name];
    }
  }
  // What Hosting does for the deployed build: the preview server then sends Brotli as it would.
  await precompressAssets(outDir);
  writeFileSync(
    path.join(outDir, BUILD_STAMP),
    JSON.stringify({ builtAt, env: config.env } satisfies BuildStamp, null, 2),
  );
}

/** Builds when the build is missing, older than the sources, or made for other settings. */
export async function ensureBuild(
  outDir: string,
  config: AppBuildConfig,
  log: (line: string) => void = () => undefined,
): Promise<void> {
  const reason = staleBuildReason(outDir, config);
  if (!reason) return;
  log(`Building the app (${reason})...`);
  await buildApp(outDir, config, true);
}

export interface BuildServerOptions {
  outDir: string;
  host: string;
  port: number;
  /** Host names (not addresses) requests may name besides the loopback ones: DNS rebinding is refused. */
  allowedHosts: string[];
  quiet?: boolean;
}

/**
 * Serves the built app: its files, the pre-rendered pages, the app shell for the app's routes and the
 * 404 page for any other address (scripts/prerender.ts answers them), with the site's security headers
 * (scripts/security-headers.ts). Files are
 * read at each request, so a build replaced in place is served at once (the update journey does that).
 */
export async function serveBuild(options: BuildServerOptions): Promise<PreviewServer> {
  return preview({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: options.quiet ? 'silent' : 'warn',
    clearScreen: false,
    build: { outDir: options.outDir },
    preview: {
      host: options.host,
      port: options.port,
      strictPort: true,
      allowedHosts: options.allowedHosts,
      open: false,
      // The page and the worker are asked for anew each time (hashed assets are named by their content).
      headers: { 'Cache-Control': 'no-cache' },
    },
  });
}
