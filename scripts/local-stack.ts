/**
 * The local stack behind `npm start` and the end-to-end tests: the official Auth emulator
 * (firebase-tools, accounts exported under the data folder on exit), the local server over
 * SQLite, and the SPA served by Vite. `stop()` ends all three and leaves nothing running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { systemClock, type Clock } from '../functions/src/handlers/handler';
import { emulatorAuthVerifier } from '../functions/src/local/auth-verifier';
import { backfillRankings } from '../functions/src/local/backfill';
import { seedDemoContent } from '../functions/src/local/demo-content';
import { startLocalServer, type LocalServer } from '../functions/src/local/server';
import { LocalFileStore } from '../functions/src/files/local-file-store';
import { createFaceAnalyzer } from '../functions/src/photos/face-analysis';
import { insightsWriterFromEnv } from '../functions/src/photos/insights';
import { SqliteStore } from '../functions/src/store/sqlite-store';

export const PROJECT_ID = 'demo-photorater';
export const REGION = 'us-central1';
const HOST = '127.0.0.1';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StackPorts {
  app: number;
  server: number;
  auth: number;
  hub: number;
  logging: number;
}

export interface StackOptions {
  dataDir: string;
  ports: StackPorts;
  clock?: Clock;
  quiet?: boolean;
  /** Demo members, photos and votes when the data folder is new (default: yes). */
  demoContent?: boolean;
}

export interface LocalStack {
  appUrl: string;
  serverUrl: string;
  authUrl: string;
  store: SqliteStore;
  stop(): Promise<void>;
}

export function portsFromEnv(env: NodeJS.ProcessEnv = process.env): StackPorts {
  const port = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0 || value > 65535)
      throw new Error(`${name} must be a port number.`);
    return value;
  };
  return {
    app: port('PORT', 5173),
    server: port('LOCAL_SERVER_PORT', 5001),
    auth: port('AUTH_EMULATOR_PORT', 9099),
    hub: port('EMULATOR_HUB_PORT', 4400),
    logging: port('EMULATOR_LOGGING_PORT', 4500),
  };
}

const PORT_VARIABLES: Record<keyof StackPorts, string> = {
  app: 'PORT',
  server: 'LOCAL_SERVER_PORT',
  auth: 'AUTH_EMULATOR_PORT',
  hub: 'EMULATOR_HUB_PORT',
  logging: 'EMULATOR_LOGGING_PORT',
};

export function assertPortFree(port: number, role: keyof StackPorts): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} (${role}) is already in use. Stop what uses it, or set ${PORT_VARIABLES[role]} to a free port.`,
        ),
      ),
    );
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited with code ${child.exitCode}.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Auth emulator did not start within ${timeoutMs / 1000} s.`);
}

function startAuthEmulator(dataDir: string, ports: StackPorts, quiet: boolean): ChildProcess {
  const emulatorDir = path.join(dataDir, 'emulator');
  const exportDir = path.join(dataDir, 'auth');
  const tempDir = path.join(emulatorDir, 'tmp');
  mkdirSync(tempDir, { recursive: true });
  // A config of its own, so the ports follow the environment and its log stays under the data folder.
  writeFileSync(
    path.join(emulatorDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port: ports.auth },
        hub: { host: HOST, port: ports.hub },
        logging: { host: HOST, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', 'firebase.json'];
  if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
  args.push('--export-on-exit', exportDir);
  // Its own process group: a terminal's Ctrl-C reaches only us, and we forward one SIGINT so it exports.
  const child = spawn(path.join(root, 'node_modules', '.bin', 'firebase'), args, {
    cwd: emulatorDir,
    detached: true,
    stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
    // A temp folder of its own: the CLI finds "its" emulators through a locator file named after the
    // project in the temp folder, and two stacks of one project (npm start beside the tests) would
    // otherwise export each other's accounts.
    env: {
      ...process.env,
      TMPDIR: tempDir,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      FIREBASE_CLI_EXPERIMENTS: '',
    },
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/** Five consecutive free ports from `base` on, for a stack beside others (tests, a running `npm start`). */
export async function findFreePorts(base: number): Promise<StackPorts> {
  for (let start = base; start < base + 1000; start += 5) {
    const ports: StackPorts = {
      app: start,
      server: start + 1,
      auth: start + 2,
      hub: start + 3,
      logging: start + 4,
    };
    try {
      for (const role of Object.keys(ports) as Array<keyof StackPorts>)
        await assertPortFree(ports[role], role);
      return ports;
    } catch {
      // taken: try the next five
    }
  }
  throw new Error(`No five free ports between ${base} and ${base + 1000}.`);
}

export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const { ports, dataDir } = options;
  const quiet = options.quiet ?? false;
  const clock = options.clock ?? systemClock;
  for (const role of Object.keys(ports) as Array<keyof StackPorts>) await assertPortFree(ports[role], role);
  mkdirSync(dataDir, { recursive: true });

  const emulator = startAuthEmulator(dataDir, ports, quiet);
  const authHost = `${HOST}:${ports.auth}`;
  let server: LocalServer | undefined;
  let vite: ViteDevServer | undefined;
  let store: SqliteStore | undefined;
  let verifier: ReturnType<typeof emulatorAuthVerifier> | undefined;

  const stop = async () => {
    await vite?.close();
    await server?.close();
    store?.close();
    await verifier?.close();
    await stopChild(emulator);
  };

  try {
    await waitFor(`http://${authHost}/`, emulator, 60_000);
    store = new SqliteStore(path.join(dataDir, 'store.sqlite'));
    await backfillRankings(store);
    verifier = emulatorAuthVerifier(PROJECT_ID, authHost);
    const files = new LocalFileStore(path.join(dataDir, 'files'));
    server = await startLocalServer({
      files,
      faces: createFaceAnalyzer(),
      insights: insightsWriterFromEnv(),
      host: HOST,
      port: ports.server,
      projectId: PROJECT_ID,
      region: REGION,
      store,
      clock,
      verifyIdToken: verifier.verifyIdToken,
      accounts: { deleteUser: verifier.deleteUser },
      log: quiet ? undefined : (line) => console.error(line),
    });
    files.setPublicUrl(server.url);
    if (options.demoContent !== false && (await seedDemoContent({ store, files, clock })) && !quiet)
      console.error('A new data folder: added demo members, photos and votes.');
    // Vite hands VITE_* variables of the environment to the client.
    Object.assign(process.env, {
      VITE_BACKEND: 'local',
      VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
      VITE_FIREBASE_FUNCTIONS_REGION: REGION,
      VITE_LOCAL_AUTH_URL: `http://${authHost}`,
      VITE_LOCAL_SERVER_URL: server.url,
    });
    vite = await createViteServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: quiet ? 'silent' : 'warn',
      clearScreen: false,
      server: { host: HOST, port: ports.app, strictPort: true },
    });
    await vite.listen();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    appUrl: `http://localhost:${ports.app}`,
    serverUrl: server.url,
    authUrl: `http://${authHost}`,
    store,
    stop,
  };
}
