/**
 * What the tests of the deploy artifact share (none of it is deployed): the functions folder as Cloud
 * Build installs it, built by `npm run build:functions`, and what a bundle exports, read by plain Node.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { functionsBuildOptions, functionsDir, runtimeDependencies } from '../../../scripts/build-functions';

const run = promisify(execFile);
const root = path.resolve(functionsDir, '..');
export const PROJECT_ID = 'demo-photorater';
export const DEFAULT_BUCKET = `${PROJECT_ID}.appspot.com`;
/** A project whose Storage was never set up: Firebase's config for it names no bucket. */
export const WITHOUT_DEFAULT_BUCKET: NodeJS.ProcessEnv = {
  FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID }),
};

/**
 * package.json, the bundle in lib/, and node_modules with nothing but functions/package.json's
 * dependencies, linked to the root's copies (their own dependencies resolve from there, as installed).
 * A package the bundle needs but the list lacks cannot be found here. Returns the bundle's path.
 * Without `publicPages`, the bundle alone (not the pages' renderer, which that function loads).
 */
export async function stageFunctions(dir: string, { publicPages = true } = {}): Promise<string> {
  const lib = path.join(dir, 'lib');
  if (publicPages) await run('npm', ['run', '--silent', 'build:functions', '--', lib], { cwd: root });
  else
    await build({
      ...functionsBuildOptions(),
      entryPoints: [path.join(functionsDir, 'src', 'firebase', 'index.ts')],
      outfile: path.join(lib, 'index.js'),
      logLevel: 'error',
    });
  // As firebase deploy uploads them: Cloud Build installs what the lockfile locks.
  for (const file of ['package.json', 'package-lock.json']) {
    copyFileSync(path.join(functionsDir, file), path.join(dir, file));
  }
  for (const name of Object.keys(runtimeDependencies())) {
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), link, 'dir');
  }
  return path.join(lib, 'index.js');
}

/** The environment Cloud Functions gives the code, and nothing of ours (no NODE_PATH, no loaders). */
function runtimeEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GCLOUD_PROJECT: PROJECT_ID,
    FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID, storageBucket: DEFAULT_BUCKET }),
  };
}

async function node(script: string, ...args: string[]): Promise<string> {
  return nodeWith({}, script, ...args);
}

async function nodeWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['-e', script, ...args], {
    env: { ...runtimeEnv(), ...env },
    maxBuffer: 1 << 20,
  });
  return stdout;
}

/** 'other' is anything Firebase would not deploy as one of ours (a blocking trigger, a stray export). */
export type EndpointKind = 'callable' | 'https' | 'schedule' | 'trigger' | 'other';

export interface Endpoint {
  kind: EndpointKind;
  /** For triggers: the event, e.g. google.cloud.firestore.document.v1.created. */
  eventType?: string;
}

/**
 * Loads a bundle in plain Node, as the Functions runtime and firebase-tools' discovery do (with the
 * functions' environment plus `env`), and says what each export is.
 */
export async function describeBundle(
  entry: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Record<string, Endpoint>> {
  const output = await nodeWith(
    env,
    `const entry = require(process.argv[1]);
     const kinds = {};
     for (const [name, value] of Object.entries(entry)) {
       const endpoint = value.__endpoint ?? {};
       kinds[name] = endpoint.callableTrigger ? { kind: 'callable' }
         : endpoint.httpsTrigger ? { kind: 'https' }
         : endpoint.scheduleTrigger ? { kind: 'schedule' }
         : endpoint.eventTrigger ? { kind: 'trigger', eventType: endpoint.eventTrigger.eventType }
         : { kind: 'other' };
     }
     process.stdout.write(JSON.stringify(kinds));
     process.exit(0);`,
    entry,
  );
  return JSON.parse(output) as Record<string, Endpoint>;
}

/** The installed packages (by name) that loading the bundle loads, as a cold start of any function does. */
export async function packagesLoadedByBundle(entry: string): Promise<string[]> {
  const output = await node(
    `require(process.argv[1]);
     const names = new Set();
     for (const file of Object.keys(require.cache)) {
       if (!file.includes('/node_modules/')) continue;
       const [scope, name] = file.split('/node_modules/').pop().split('/');
       names.add(scope.startsWith('@') ? scope + '/' + name : scope);
     }
     process.stdout.write(JSON.stringify([...names].sort()));
     process.exit(0);`,
    entry,
  );
  return JSON.parse(output) as string[];
}

/** The secrets each export is bound to (firebase-tools gives those, and only those, their values). */
export async function secretsOfExports(entry: string): Promise<Record<string, string[]>> {
  const output = await node(
    `const secrets = {};
     for (const [name, value] of Object.entries(require(process.argv[1]))) {
       const bound = value.__endpoint?.secretEnvironmentVariables;
       if (bound) secrets[name] = bound.map(({ key }) => key);
     }
     process.stdout.write(JSON.stringify(secrets));
     process.exit(0);`,
    entry,
  );
  return JSON.parse(output) as Record<string, string[]>;
}

/** The regions each export deploys to, as firebase-tools reads them (none said: its default). */
export async function regionsOfExports(entry: string): Promise<Record<string, string[] | null>> {
  const output = await node(
    `const regions = {};
     for (const [name, value] of Object.entries(require(process.argv[1]))) {
       regions[name] = value.__endpoint?.region ?? null;
     }
     process.stdout.write(JSON.stringify(regions));
     process.exit(0);`,
    entry,
  );
  return JSON.parse(output) as Record<string, string[] | null>;
}

/**
 * What an HTTPS export answers a POST with, when `lateEnv` joins the environment only after the bundle
 * has loaded (as a secret's value is there at call time, and not while firebase-tools discovers).
 */
export async function postAfterLoad(
  entry: string,
  name: string,
  request: { headers: Record<string, string>; body: string },
  lateEnv: NodeJS.ProcessEnv,
): Promise<{ status: number; body: unknown }> {
  const output = await node(
    `const http = require('node:http');
     const handler = require(process.argv[1])[process.argv[2]];
     const { headers, body } = JSON.parse(process.argv[3]);
     Object.assign(process.env, JSON.parse(process.argv[4]));
     const server = http.createServer((req, res) => {
       const chunks = [];
       req.on('data', (chunk) => chunks.push(chunk));
       req.on('end', () => {
         req.rawBody = Buffer.concat(chunks);
         req.header = req.get = (field) => req.headers[field.toLowerCase()];
         res.status = (code) => ((res.statusCode = code), res);
         res.json = (value) => (res.setHeader('content-type', 'application/json'), res.end(JSON.stringify(value)));
         handler(req, res);
       });
     });
     server.listen(0, '127.0.0.1', async () => {
       const response = await fetch('http://127.0.0.1:' + server.address().port + '/', { method: 'POST', headers, body });
       process.stdout.write(JSON.stringify({ status: response.status, body: await response.json() }));
       process.exit(0);
     });`,
    entry,
    name,
    JSON.stringify(request),
    JSON.stringify(lateEnv),
  );
  return JSON.parse(output) as { status: number; body: unknown };
}

export interface FileOperation {
  /** The buckets Cloud Storage was asked about, in order. */
  buckets: string[];
  /** What the operation failed with, if it did. */
  error: string | null;
}

/**
 * Loads a bundle with the functions' environment plus `env`, then runs its first file operation (the
 * hourly clean-up of abandoned uploads lists them) against a stand-in for Cloud Storage that answers
 * every listing with no files.
 */
export async function firstFileOperation(entry: string, env: NodeJS.ProcessEnv = {}): Promise<FileOperation> {
  const output = await nodeWith(
    env,
    `const http = require('node:http');
     const buckets = [];
     const storage = http.createServer((req, res) => {
       // The emulator's form of the JSON API: /b/BUCKET/o?prefix=...
       const [, collection, bucket] = new URL(req.url, 'http://storage').pathname.split('/');
       if (collection === 'b' && bucket) buckets.push(decodeURIComponent(bucket));
       res.setHeader('content-type', 'application/json');
       res.end(JSON.stringify({ kind: 'storage#objects', items: [] }));
     });
     storage.listen(0, '127.0.0.1', async () => {
       process.env.FIREBASE_STORAGE_EMULATOR_HOST = '127.0.0.1:' + storage.address().port;
       const entry = require(process.argv[1]);
       let error = null;
       try {
         await entry.cleanUpAbandonedUploads.run({});
       } catch (failure) {
         error = String(failure?.message ?? failure);
       }
       process.stdout.write(JSON.stringify({ buckets, error }));
       process.exit(0);
     });`,
    entry,
  );
  return JSON.parse(output) as FileOperation;
}

/**
 * The Access-Control-Allow-Origin an HTTPS export answers a browser's preflight from `origin` with
 * (null when none), served by plain Node's HTTP server with the functions' environment plus `env`.
 */
export async function preflightAllowedOrigin(
  entry: string,
  name: string,
  origin: string,
  env: NodeJS.ProcessEnv = {},
): Promise<string | null> {
  const output = await nodeWith(
    env,
    `const http = require('node:http');
     const handler = require(process.argv[1])[process.argv[2]];
     const server = http.createServer((req, res) => {
       req.header = req.get = (field) => req.headers[field.toLowerCase()];
       handler(req, res);
     });
     server.listen(0, '127.0.0.1', async () => {
       const response = await fetch('http://127.0.0.1:' + server.address().port + '/', {
         method: 'OPTIONS',
         headers: { Origin: process.argv[3], 'Access-Control-Request-Method': 'POST' },
       });
       process.stdout.write(JSON.stringify(response.headers.get('access-control-allow-origin')));
       process.exit(0);
     });`,
    entry,
    name,
    origin,
  );
  return JSON.parse(output) as string | null;
}

/**
 * Bundles the upload pipeline and face analysis exactly as the functions are bundled, beside the staged
 * bundle, and runs them on a photo in plain Node: the face analysis the deployed createPhoto runs,
 * with the WASM and model files it finds there.
 */
export async function analyzeWithStagedBundle(stagedEntry: string, photo: string): Promise<unknown> {
  const outfile = await buildFaceCheck(stagedEntry);
  const output = await node(
    `require(process.argv[1]).analyzeFile(process.argv[2]).then(
       (detail) => { process.stdout.write(JSON.stringify(detail)); process.exit(0); },
       (error) => { console.error(error); process.exit(1); });`,
    outfile,
    photo,
  );
  return JSON.parse(output) as unknown;
}

/** The upload pipeline and face analysis, bundled beside the staged bundle; returns their file. */
async function buildFaceCheck(stagedEntry: string): Promise<string> {
  const outfile = path.join(path.dirname(stagedEntry), 'face-check.js');
  await build({
    ...functionsBuildOptions(),
    stdin: {
      contents: `
        import { readFileSync } from 'node:fs';
        import { createFaceAnalyzer } from './face-analysis';
        import { processImage } from './image-pipeline';
        export async function analyzeFile(file: string) {
          const { analysis } = await processImage(readFileSync(file));
          return createFaceAnalyzer().analyze(analysis);
        }`,
      loader: 'ts',
      resolveDir: path.join(functionsDir, 'src', 'photos'),
      sourcefile: 'face-check.ts',
    },
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

export interface ColdStart {
  /** From the first require of the bundle to the function ready, and the process's memory then. */
  ms: number;
  rssMiB: number;
}

/**
 * A new instance in plain Node, as the Functions runtime starts one: a plain callable's is ready once
 * the bundle has loaded; the photo pipeline's once it has also put its first photo through sharp and
 * the face analysis (TensorFlow's WASM backend and the four models), which load with that photo.
 */
export async function coldStart(
  stagedEntry: string,
  photo: string,
): Promise<{ callable: ColdStart; photo: ColdStart }> {
  const faceCheck = await buildFaceCheck(stagedEntry);
  const measure = async (withPhoto: boolean) =>
    JSON.parse(
      await node(
        `const started = performance.now();
         require(process.argv[1]);
         const ready = () => {
           const ms = performance.now() - started;
           process.stdout.write(JSON.stringify({ ms, rssMiB: process.memoryUsage().rss / 2 ** 20 }));
           process.exit(0);
         };
         if (process.argv[4] === 'photo') require(process.argv[2]).analyzeFile(process.argv[3]).then(ready);
         else ready();`,
        stagedEntry,
        faceCheck,
        photo,
        withPhoto ? 'photo' : 'callable',
      ),
    ) as ColdStart;
  return { callable: await measure(false), photo: await measure(true) };
}
