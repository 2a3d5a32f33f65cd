/**
 * The official Cloud Firestore and Pub/Sub emulators, found wherever this machine has them: the Google
 * Cloud CLI's packages (Debian's `google-cloud-cli-firestore-emulator` and `-pubsub-emulator`), the jar
 * firebase-tools downloaded before, or a download by firebase-tools where Google is reachable. Tests and
 * benches start the Firestore emulator themselves (`startFirestoreEmulator`); firebase-tools is given the
 * same binaries through its `*_EMULATOR_BINARY_PATH` overrides (`firebaseToolsEnv`).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const FIRESTORE_MAIN = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const root = path.resolve(import.meta.dirname, '..');

/** Where the Google Cloud CLI may live: its own variable, Debian's and the archive's usual places, gcloud's. */
function cloudSdkRoots(): string[] {
  const roots = [process.env.CLOUDSDK_ROOT_DIR, '/usr/lib/google-cloud-sdk', '/usr/share/google-cloud-sdk'];
  const gcloud = spawnSync('sh', ['-c', 'command -v gcloud'], { encoding: 'utf8' }).stdout.trim();
  if (gcloud) roots.push(path.resolve(path.dirname(realpathSync(gcloud)), '..'));
  roots.push(path.join(homedir(), 'google-cloud-sdk'));
  return roots.filter((dir): dir is string => Boolean(dir));
}

function firebaseToolsCache(): string {
  return process.env.FIREBASE_EMULATORS_PATH ?? path.join(homedir(), '.cache', 'firebase', 'emulators');
}

/** The newest file in firebase-tools' cache whose name starts with the prefix and ends with the suffix. */
function cached(prefix: string, suffix: string): string | undefined {
  const dir = firebaseToolsCache();
  if (!existsSync(dir)) return undefined;
  const names = readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(suffix))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const newest = names.at(-1);
  return newest ? path.join(dir, newest) : undefined;
}

export interface EmulatorBinary {
  path: string;
  /** Where it was found, for the logs. */
  source: string;
}

function sdkFile(relative: string): EmulatorBinary | undefined {
  for (const dir of cloudSdkRoots()) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return { path: candidate, source: `the Google Cloud CLI (${dir})` };
  }
  return undefined;
}

let downloadTried = false;
/** firebase-tools' own download of an emulator, once per process; fails quietly where Google is out of reach. */
function downloadWithFirebaseTools(emulator: 'firestore' | 'pubsub'): void {
  if (downloadTried || process.env.PHOTORATER_EMULATOR_DOWNLOAD === 'off') return;
  downloadTried = true;
  // The global setup and the test config ask in one process: one attempt serves both.
  process.env.PHOTORATER_EMULATOR_DOWNLOAD = 'off';
  spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/firebase-tools/lib/bin/firebase.js'), `setup:emulators:${emulator}`],
    { stdio: 'ignore', timeout: 180_000 },
  );
}

/** The Firestore emulator's jar: the Cloud CLI's, firebase-tools' cached one, or a fresh download. */
export function findFirestoreJar(): EmulatorBinary | undefined {
  const fromSdk = sdkFile('platform/cloud-firestore-emulator/cloud-firestore-emulator.jar');
  if (fromSdk) return fromSdk;
  const fromCache = cached('cloud-firestore-emulator', '.jar');
  if (fromCache) return { path: fromCache, source: "firebase-tools' download" };
  downloadWithFirebaseTools('firestore');
  const downloaded = cached('cloud-firestore-emulator', '.jar');
  return downloaded ? { path: downloaded, source: "firebase-tools' download" } : undefined;
}

/** The Pub/Sub emulator's launcher script (which runs its jar), from the same places. */
export function findPubsubLauncher(): EmulatorBinary | undefined {
  const fromSdk = sdkFile('platform/pubsub-emulator/bin/cloud-pubsub-emulator');
  if (fromSdk) return fromSdk;
  const dir = cached('pubsub-emulator', '');
  const launcher = dir && path.join(dir, 'pubsub-emulator', 'bin', 'cloud-pubsub-emulator');
  return launcher && existsSync(launcher)
    ? { path: launcher, source: "firebase-tools' download" }
    : undefined;
}

export interface Java {
  bin: string;
  major: number;
}

function javaVersion(bin: string): number | undefined {
  const answer = spawnSync(bin, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${answer.stderr}${answer.stdout}`);
  if (!match) return undefined;
  // Java 8 and older call themselves 1.x.
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

let javas: Java[] | undefined;
/** Every Java on the machine (JAVA_HOME's, the system's JVM folder, the PATH's), newest first. */
export function findJavas(): Java[] {
  if (javas) return javas;
  const bins = new Set<string>();
  if (process.env.JAVA_HOME) bins.add(path.join(process.env.JAVA_HOME, 'bin', 'java'));
  const jvmDir = '/usr/lib/jvm';
  if (existsSync(jvmDir))
    for (const name of readdirSync(jvmDir)) bins.add(path.join(jvmDir, name, 'bin', 'java'));
  const onPath = spawnSync('sh', ['-c', 'command -v java'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) bins.add(onPath);
  const found = new Map<string, Java>();
  for (const bin of bins) {
    if (!existsSync(bin)) continue;
    const real = realpathSync(bin);
    const major = found.has(real) ? undefined : javaVersion(real);
    if (major) found.set(real, { bin: real, major });
  }
  javas = [...found.values()].sort((a, b) => b.major - a.major);
  return javas;
}

/** Why the Firestore emulator cannot run here, or undefined when it can. */
export function firestoreEmulatorMissing(): string | undefined {
  if (!findFirestoreJar())
    return "no Firestore emulator on this machine (neither the Google Cloud CLI's `cloud-firestore-emulator` nor firebase-tools' download, and the download failed)";
  if (!findJavas().some((java) => java.major >= 11)) return 'no Java 11 or newer for the Firestore emulator';
  return undefined;
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port for each role, in a row from `base` (firebase.json names each emulator's port, so a
 * suite that writes its own copy wants them where an environment variable can move them).
 */
export async function portsInARow<Role extends string>(
  roles: readonly Role[],
  base: number,
  host = '127.0.0.1',
): Promise<Record<Role, number>> {
  for (let start = base; start < base + 2000; start += roles.length) {
    const candidates = roles.map((_, index) => start + index);
    const free = await Promise.all(candidates.map((port) => isFree(port, host)));
    if (free.every(Boolean))
      return Object.fromEntries(roles.map((role, index) => [role, candidates[index]])) as Record<
        Role,
        number
      >;
  }
  throw new Error(`No ${roles.length} free ports in a row from ${base}.`);
}

async function waitForOk(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Firestore emulator exited: ${output()}`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The Firestore emulator did not answer within 90 s: ${output()}`);
}

export interface RunningEmulator {
  /** host:port, as FIRESTORE_EMULATOR_HOST takes it. */
  host: string;
  stop(): Promise<void>;
}

/**
 * Starts the Firestore emulator on free ports (its WebSocket port too, which would otherwise be fixed
 * and collide with a second emulator) and resolves once it answers.
 */
export async function startFirestoreEmulator(options: { host?: string } = {}): Promise<RunningEmulator> {
  const jar = findFirestoreJar();
  const java = findJavas()[0];
  if (!jar || !java) throw new Error(firestoreEmulatorMissing());
  const host = options.host ?? '127.0.0.1';
  const [port, websocketPort] = [await freePort(host), await freePort(host)];
  const child = spawn(
    java.bin,
    [
      '-Duser.language=en',
      '-cp',
      jar.path,
      FIRESTORE_MAIN,
      '--host',
      host,
      '--port',
      String(port),
      '--websocket_port',
      String(websocketPort),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForOk(`http://${host}:${port}/`, child, () => log);
  return {
    host: `${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/**
 * What firebase-tools needs to run these emulators: a Java of 21 or newer first on the PATH, and the
 * binaries through its overrides. The Cloud CLI's jar has no Main-Class, so firebase-tools (which runs
 * `java -jar`) is given a jar holding only a manifest that names the real one.
 */
export function firebaseToolsEnv(workDir: string): NodeJS.ProcessEnv {
  const java = findJavas().find((candidate) => candidate.major >= 21);
  if (!java) throw new Error('firebase-tools needs Java 21 or newer for its Java emulators');
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.dirname(java.bin)}:${process.env.PATH ?? ''}`,
    JAVA_HOME: path.resolve(path.dirname(java.bin), '..'),
  };
  const jar = findFirestoreJar();
  if (jar) {
    if (jar.source.startsWith('the Google Cloud CLI')) {
      mkdirSync(workDir, { recursive: true });
      const manifest = path.join(workDir, 'firestore-manifest.txt');
      const launcherJar = path.join(workDir, 'cloud-firestore-emulator-launcher.jar');
      writeFileSync(manifest, `Main-Class: ${FIRESTORE_MAIN}\nClass-Path: file://${jar.path}\n`);
      execFileSync(path.join(path.dirname(java.bin), 'jar'), [
        '--create',
        '--file',
        launcherJar,
        '--manifest',
        manifest,
      ]);
      env.FIRESTORE_EMULATOR_BINARY_PATH = launcherJar;
    } else env.FIRESTORE_EMULATOR_BINARY_PATH = jar.path;
  }
  const pubsub = findPubsubLauncher();
  if (pubsub) {
    // firebase-tools makes the override executable; a copy of the launcher keeps the system's file as it is.
    const launcher = path.join(workDir, 'cloud-pubsub-emulator');
    writeFileSync(launcher, `#!/bin/sh\nexec ${JSON.stringify(pubsub.path)} "$@"\n`);
    chmodSync(launcher, 0o755);
    env.PUBSUB_EMULATOR_BINARY_PATH = launcher;
  }
  return env;
}

/** A temporary folder for one run's emulator files. */
export function emulatorWorkDir(name: string): string {
  const dir = path.join(tmpdir(), `photorater-${name}-${process.pid}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}
