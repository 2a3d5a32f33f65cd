/**
 * The app as deployed to Firebase, on the official emulators: the client built for the `firebase` backend
 * with the emulators' ports, the functions bundle as `npm run build:functions` makes it, and firebase-tools
 * running Hosting (serving that build with firebase.json's rewrites and headers), Auth, Functions,
 * Firestore and Pub/Sub. Its own ports (FIREBASE_E2E_PORT_BASE, default 5400), temporary folder, build
 * folder and emulator registry, so it runs beside the other journeys' stacks. The Firestore and Pub/Sub
 * emulators are the machine's (scripts/java-emulators.ts); the Realtime Database and Storage emulators are
 * not started, and their ports in the build are ones nothing listens on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { PROJECT_ID, stageFunctions } from '../../../functions/src/firebase/deploy-check';
import { FUNCTIONS_REGION } from '../../../src/domain/functions-region';
import { FirestoreStore } from '../../../functions/src/store/firestore-store';
import { buildApp } from '../../../scripts/app-build';
import {
  findJavas,
  findPubsubLauncher,
  firebaseToolsEnv,
  firestoreEmulatorMissing,
  portsInARow,
} from '../../../scripts/java-emulators';

export { PROJECT_ID };

const HOST = '127.0.0.1';
const root = path.resolve(import.meta.dirname, '../../..');

/** The emulators' ports, and the two the build names for the emulators that are not started. */
const ROLES = [
  'hosting',
  'functions',
  'auth',
  'firestore',
  'firestoreWebsocket',
  'pubsub',
  'hub',
  'logging',
  'eventarc',
  'tasks',
  'database',
  'storage',
] as const;
type Role = (typeof ROLES)[number];
export type Ports = Record<Role, number>;

/** Why the Firebase build cannot run on this machine, or undefined when it can. */
export function firebaseBuildMissing(): string | undefined {
  const firestore = firestoreEmulatorMissing();
  if (firestore) return firestore;
  if (!findJavas().some((java) => java.major >= 21))
    return 'firebase-tools runs its Java emulators only with Java 21 or newer, and this machine has none';
  return undefined;
}

const url = (port: number) => `http://${HOST}:${port}`;

/** What the client is built with: the firebase backend, pointed at these emulators. */
function clientEnv(ports: Ports): Record<string, string> {
  return {
    VITE_BACKEND: 'firebase',
    VITE_USE_EMULATORS: 'true',
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_LOCAL_AUTH_URL: url(ports.auth),
    VITE_LOCAL_SERVER_URL: url(ports.functions),
    VITE_FIRESTORE_EMULATOR_HOST: `${HOST}:${ports.firestore}`,
    VITE_FIREBASE_DATABASE_EMULATOR_HOST: `${HOST}:${ports.database}`,
    VITE_FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${ports.storage}`,
  };
}

/** The project's firebase.json and rules, with the emulators on our ports. */
function writeConfig(workDir: string, ports: Ports): void {
  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  for (const file of ['firestore.rules', 'firestore.indexes.json'])
    copyFileSync(path.join(root, file), path.join(workDir, file));
  const emulator = (role: Role) => ({ host: HOST, port: ports[role] });
  config.emulators = {
    hosting: emulator('hosting'),
    functions: emulator('functions'),
    auth: emulator('auth'),
    firestore: { ...emulator('firestore'), websocketPort: ports.firestoreWebsocket },
    pubsub: emulator('pubsub'),
    hub: emulator('hub'),
    logging: emulator('logging'),
    eventarc: emulator('eventarc'),
    tasks: emulator('tasks'),
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));
}

export interface FirebaseBuild {
  /** Where Hosting serves the app. */
  appUrl: string;
  ports: Ports;
  /** Firestore through the Admin SDK, as a check from outside the app (and to seed photos). */
  store: FirestoreStore;
  /** The Stripe webhook's signing secret the functions were given. */
  webhookSecret: string;
  /** The stripeWebhook function's address. */
  webhookUrl: string;
  /** What the emulators printed, for a failing journey's message. */
  output(): string;
  stop(): Promise<void>;
}

/** How long the emulators may take to start: a loaded machine's Java start takes some 20 s. */
const READY_MS = 240_000;

function startEmulators(
  workDir: string,
  env: NodeJS.ProcessEnv,
  only: string[],
): { child: ChildProcess; ready: Promise<void>; output: () => string } {
  let output = '';
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
      'emulators:start',
      '--only',
      only.join(','),
      '--project',
      PROJECT_ID,
      '--config',
      'firebase.json',
    ],
    // Its own process group, which the function workers it starts share (the Java emulators get groups
    // of their own: see stopAll).
    { cwd: workDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  const ready = new Promise<void>((resolve, reject) => {
    const late = setTimeout(
      () => reject(new Error(`The emulators were not ready within ${READY_MS / 1000} s:\n${output}`)),
      READY_MS,
    );
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('All emulators ready')) return;
      clearTimeout(late);
      resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => {
      clearTimeout(late);
      reject(new Error(`The emulators exited with code ${code}:\n${output}`));
    });
  });
  return { child, ready, output: () => output };
}

/** Stops the CLI and what runs in its process group (the function workers): asked first, then forced. */
function stopGroup(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const group = -child.pid;
  const kill = () => {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  return new Promise((resolve) => {
    const force = setTimeout(kill, 30_000);
    child.once('exit', () => {
      clearTimeout(force);
      kill();
      resolve();
    });
    process.kill(group, 'SIGINT');
  });
}

/** An emulator process the CLI started in a process group of its own, which outlives the CLI's. */
interface JavaEmulator {
  pid: number;
  port: number;
}

/** The Java emulators' processes, as the CLI's hub lists them. */
async function javaEmulators(hubPort: number): Promise<JavaEmulator[]> {
  const response = await fetch(`${url(hubPort)}/emulators`);
  const running = (await response.json()) as Record<string, { pid?: number; port?: number }>;
  return ['firestore', 'pubsub'].flatMap((name) => {
    const { pid, port } = running[name] ?? {};
    return pid && port ? [{ pid, port }] : [];
  });
}

/** Whether the process is still the emulator (its id not yet taken by another), on its port. */
function isRunning({ pid, port }: JavaEmulator): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(String(port));
  } catch {
    // No /proc to ask: the id is the emulator's.
    return true;
  }
}

async function gone(emulator: JavaEmulator, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(emulator)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Ends a Java emulator by its process id: asked first, then forced. */
async function endEmulator(emulator: JavaEmulator): Promise<void> {
  if (!isRunning(emulator)) return;
  process.kill(emulator.pid, 'SIGTERM');
  if (await gone(emulator, 10_000)) return;
  process.kill(emulator.pid, 'SIGKILL');
  await gone(emulator, 5_000);
}

/**
 * Builds the functions bundle and the app, starts the emulators with them, and connects the Admin SDK.
 * Everything lives in a temporary folder that `stop` removes.
 */
export async function startFirebaseBuild(): Promise<FirebaseBuild> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'photorater-firebase-build-'));
  const ports = await portsInARow(ROLES, Number(process.env.FIREBASE_E2E_PORT_BASE ?? 5400), HOST);
  const appUrl = url(ports.hosting);
  const webhookSecret = `whsec_test_${randomBytes(24).toString('hex')}`;
  // The bundle's build, a child process, takes this process's environment as it is when it starts:
  // before buildApp sets the client's VITE_* variables in it while it builds.
  const built = await Promise.allSettled([
    stageFunctions(path.join(workDir, 'functions')),
    buildApp(path.join(workDir, 'dist'), { env: clientEnv(ports) }, true),
  ]);
  const failed = built.find((result) => result.status === 'rejected');
  if (failed) {
    rmSync(workDir, { recursive: true, force: true });
    throw failed.reason;
  }
  writeFileSync(path.join(workDir, 'functions', '.env'), `APP_ORIGINS=${appUrl}\n`);
  // Secrets come from Secret Manager when deployed; the Functions emulator reads them from .secret.local.
  writeFileSync(
    path.join(workDir, 'functions', '.secret.local'),
    [
      // Stripe is never called here: the webhook only checks the signature with the secret.
      'STRIPE_SECRET_KEY=sk_test_emulated',
      `STRIPE_WEBHOOK_SECRET=${webhookSecret}`,
      // Left off, as an operator leaves a service off: blank, so the emulator asks Secret Manager for nothing.
      'AI_API_KEY=" "',
      'UNSPLASH_ACCESS_KEY=" "',
      '',
    ].join('\n'),
  );
  writeConfig(workDir, ports);
  mkdirSync(path.join(workDir, 'tmp'));
  const only = ['auth', 'functions', 'firestore', 'hosting'];
  if (findPubsubLauncher()) only.push('pubsub');
  const emulators = startEmulators(
    workDir,
    {
      ...process.env,
      ...firebaseToolsEnv(path.join(workDir, 'java')),
      // The CLI finds running emulators through a file named after the project in the temp folder: a
      // folder of our own keeps this run apart from any other of the same project.
      TMPDIR: path.join(workDir, 'tmp'),
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      FIREBASE_CLI_EXPERIMENTS: '',
    },
    only,
  );
  let java: JavaEmulator[] = [];
  const stopAll = async () => {
    // The Java emulators first, each by its id: the CLI stops them in a few seconds or not at all (a
    // shutdown cut short leaves them running), and where its Pub/Sub emulator does not stop in time it
    // kills every Pub/Sub emulator on the machine, other runs' too.
    await Promise.all(java.map(endEmulator));
    await stopGroup(emulators.child);
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await emulators.ready;
    java = await javaEmulators(ports.hub);
  } catch (error) {
    await stopAll();
    throw error;
  }
  // The Admin SDK finds the emulator through this, as the functions do.
  const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
  process.env.FIRESTORE_EMULATOR_HOST = `${HOST}:${ports.firestore}`;
  const admin: App = initializeApp({ projectId: PROJECT_ID }, 'firebase-build-journeys');
  const firestore = getFirestore(admin);
  firestore.settings({ ignoreUndefinedProperties: true });
  return {
    appUrl,
    ports,
    store: new FirestoreStore(firestore),
    webhookSecret,
    webhookUrl: `${url(ports.functions)}/${PROJECT_ID}/${FUNCTIONS_REGION}/stripeWebhook`,
    output: emulators.output,
    stop: async () => {
      await deleteApp(admin);
      if (firestoreHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
      else process.env.FIRESTORE_EMULATOR_HOST = firestoreHost;
      await stopAll();
    },
  };
}
