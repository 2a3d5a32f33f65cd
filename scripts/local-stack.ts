/**
 * The local stack behind `npm start` and the end-to-end tests: the official Auth emulator
 * (firebase-tools, its accounts saved under the data folder every few seconds and at stop), the
 * local server over SQLite, and the app: its production build with the service worker (built first
 * when missing or older than the sources), or Vite's hot-reloading development server. `stop()` ends
 * all three and leaves nothing running; a start after a crash ends what the crashed run left.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer, isIP } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import path from 'node:path';
import { createServer as createViteServer, type PreviewServer, type ViteDevServer } from 'vite';
import { systemClock, type Clock } from '../functions/src/handlers/handler';
import {
  hasAuthExport,
  readSavedAccounts,
  removeUnfinishedWrites,
  saveAuthState,
  startAccountBackup,
  type AccountBackup,
} from '../functions/src/local/auth-export';
import {
  importedAccounts,
  reconcileAccounts,
  restoreTokenValidity,
} from '../functions/src/local/auth-restore';
import { emulatorAuthVerifier } from '../functions/src/local/auth-verifier';
import { anonymizeVotes, backfillPeersAndScores, backfillRankings } from '../functions/src/local/backfill';
import { backfillVoteTotals, markPendingPurges } from '../functions/src/handlers/earlier-data';
import { seedDemoAdmin, seedDemoContent } from '../functions/src/local/demo-content';
import {
  commandLineOf,
  endLeftoverEmulator,
  forgetEmulator,
  recordEmulator,
} from '../functions/src/local/emulator-process';
import { LOOPBACK_HOSTS } from '../functions/src/local/origin-guard';
import { startLocalServer, type LocalServer } from '../functions/src/local/server';
import { LocalFileStore } from '../functions/src/files/local-file-store';
import { createContentClassifier } from '../functions/src/photos/content-screening';
import { createFaceAnalyzer } from '../functions/src/photos/face-analysis';
import { insightsWriterFromEnv } from '../functions/src/photos/insights';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import { buildApp, ensureBuild, serveBuild } from './app-build';
import { assertDataDirNotServed, dataFolderDenyPatterns, projectRoot as root } from './data-folder';
import { FUNCTIONS_REGION } from '../src/domain/functions-region';

export const PROJECT_ID = 'demo-photorater';
export const REGION = FUNCTIONS_REGION;
export const LOOPBACK = '127.0.0.1';
/** How much the senders' day shares grow when the stack listens on this machine only. */
const LOOPBACK_SHARE_SCALE = 100;
/** How often the Auth emulator's accounts are saved while the stack runs. */
const ACCOUNT_BACKUP_MS = 2000;

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
  /** Where the app, the local server and the Auth emulator listen (default: 127.0.0.1, this machine only). */
  host?: string;
  clock?: Clock;
  quiet?: boolean;
  /** Demo members, photos and votes when the data folder is new (default: yes). */
  demoContent?: boolean;
  /** Debug mode: the app carries the developer's debug panel (`npm start -- --debug`). */
  debugPanel?: boolean;
  /**
   * How the app is served: `build` (default) the production build with its service worker, built into
   * `buildDir` when missing, older than the sources or made for other addresses (`always` builds
   * anew); `dev` Vite's development server with hot reloading; `none` no app (the server's benchmarks).
   */
  app?: 'build' | 'dev' | 'none';
  buildDir?: string;
  rebuild?: 'when-stale' | 'always';
}

/** Where `npm start` keeps its build: apart from `dist/`, which `npm run build` makes for deploying. */
export const LOCAL_BUILD_DIR = path.join(root, 'dist-local');

export interface LocalStack {
  appUrl: string;
  serverUrl: string;
  authUrl: string;
  store: SqliteStore;
  /** The folder the app is served from, in `build` mode. */
  buildDir: string | undefined;
  /** The settings the build was made with (the update journey builds a second version with them). */
  clientEnv: Record<string, string>;
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

export function hostFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.HOST?.trim() || LOOPBACK;
}

const isWildcard = (host: string) => host === '0.0.0.0' || host === '::' || host === '[::]';

export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** What to tell the developer when the chosen host lets other computers in, or nothing. */
export function exposureWarning(host: string): string | undefined {
  if (isLoopback(host)) return undefined;
  return [
    `HOST=${host} makes the local backend reachable from other computers${isWildcard(host) ? ' on every network this one is on' : ''}.`,
    "It trusts the Auth emulator's unsigned tokens, so anyone who reaches it can act as any member, and the",
    'emulator hands out every account, passwords included. Use it only on a network you trust; leave HOST',
    'unset to keep it on this machine.',
  ].join('\n');
}

/** `host` as it goes in a URL: IPv6 in brackets. */
const urlHost = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

/** The names a request may address the app and the server by (DNS rebinding is refused). */
function allowedHostsFor(host: string): string[] {
  const names = new Set(LOOPBACK_HOSTS);
  if (isWildcard(host)) {
    names.add(hostname().toLowerCase());
    for (const addresses of Object.values(networkInterfaces()))
      for (const { address } of addresses ?? []) names.add(urlHost(address.split('%')[0]!).toLowerCase());
  } else names.add(urlHost(host).toLowerCase());
  return [...names];
}

const PORT_VARIABLES: Record<keyof StackPorts, string> = {
  app: 'PORT',
  server: 'LOCAL_SERVER_PORT',
  auth: 'AUTH_EMULATOR_PORT',
  hub: 'EMULATOR_HUB_PORT',
  logging: 'EMULATOR_LOGGING_PORT',
};

export function assertPortFree(port: number, role: keyof StackPorts, host = LOOPBACK): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', () =>
      reject(
        new Error(
          `Port ${port} (${role}) is already in use. Stop what uses it, or set ${PORT_VARIABLES[role]} to a free port.`,
        ),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
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

interface EmulatorPaths {
  /** Its config, log and temp folder. */
  folder: string;
  config: string;
  /** Its accounts, in the layout of its own export (`--import` reads it). */
  accounts: string;
}

function emulatorPaths(dataDir: string): EmulatorPaths {
  const folder = path.join(dataDir, 'emulator');
  return { folder, config: path.join(folder, 'firebase.json'), accounts: path.join(dataDir, 'auth') };
}

/** Node options that load the origin guard into the emulator's process (see emulator-guard.ts). */
export function emulatorGuardOptions(): string {
  const guard = path.join(root, 'functions', 'src', 'local', 'emulator-guard.ts');
  // Absolute paths: the emulator runs in the data folder, where no node_modules can be found.
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  return [
    process.env.NODE_OPTIONS ?? '',
    `--require ${JSON.stringify(tsx)}`,
    `--require ${JSON.stringify(guard)}`,
  ]
    .join(' ')
    .trim();
}

function startAuthEmulator(
  paths: EmulatorPaths,
  host: string,
  ports: StackPorts,
  quiet: boolean,
  allowed: { origins: string[]; hosts: string[] },
): ChildProcess {
  const tempDir = path.join(paths.folder, 'tmp');
  mkdirSync(tempDir, { recursive: true });
  // A config of its own, so the ports follow the environment and its log stays under the data folder.
  // The hub and the logging emulator are its bookkeeping and stay on this machine.
  writeFileSync(
    paths.config,
    JSON.stringify({
      emulators: {
        auth: { host, port: ports.auth },
        hub: { host: LOOPBACK, port: ports.hub },
        logging: { host: LOOPBACK, port: ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  // The config's absolute path on its command line is how a later start recognises a leftover as ours.
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', paths.config];
  if (hasAuthExport(paths.accounts)) args.push('--import', paths.accounts);
  // Its own process group: a terminal's Ctrl-C reaches only us, and the stack saves the accounts before
  // stopping it (its own export on exit removes the previous one before writing the next).
  const child = spawn(path.join(root, 'node_modules', '.bin', 'firebase'), args, {
    cwd: paths.folder,
    detached: true,
    stdio: quiet ? 'ignore' : ['ignore', 'ignore', 'inherit'],
    // A temp folder of its own: the CLI finds "its" emulators through a locator file named after the
    // project in the temp folder, and two stacks of one project (npm start beside the tests) would
    // otherwise export each other's accounts.
    env: {
      ...process.env,
      TMPDIR: tempDir,
      NODE_OPTIONS: emulatorGuardOptions(),
      PHOTORATER_APP_ORIGINS: allowed.origins.join(','),
      PHOTORATER_HOSTS: allowed.hosts.join(','),
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      FIREBASE_CLI_EXPERIMENTS: '',
    },
  });
  process.once('exit', () => {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
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
  const { ports } = options;
  const dataDir = path.resolve(options.dataDir);
  const host = options.host ?? LOOPBACK;
  const quiet = options.quiet ?? false;
  const clock = options.clock ?? systemClock;
  // Failures to keep accounts are shown even when quiet: they are about losing data.
  const warn = (line: string) => console.error(line);
  assertDataDirNotServed(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const paths = emulatorPaths(dataDir);
  removeUnfinishedWrites(paths.accounts);
  await endLeftoverEmulator(paths.folder, {
    dataDir,
    configPath: paths.config,
    rescue: (leftover) => saveAuthState(leftover.authUrl, PROJECT_ID, paths.accounts),
    log: warn,
  });
  for (const role of Object.keys(ports) as Array<keyof StackPorts>)
    await assertPortFree(ports[role], role, role === 'hub' || role === 'logging' ? LOOPBACK : host);

  const allowedHosts = allowedHostsFor(host);
  const allowedOrigins = allowedHosts.map((name) => `http://${name}:${ports.app}`);
  const emulator = startAuthEmulator(paths, host, ports, quiet, {
    origins: allowedOrigins,
    hosts: allowedHosts,
  });
  // Where this machine reaches each part (a wildcard host listens on loopback too).
  const reachHost = urlHost(isWildcard(host) ? LOOPBACK : host);
  const authHost = `${reachHost}:${ports.auth}`;
  const authUrl = `http://${authHost}`;
  if (emulator.pid !== undefined)
    recordEmulator(paths.folder, {
      pid: emulator.pid,
      authUrl,
      owner: { pid: process.pid, command: commandLineOf(process.pid) ?? '' },
    });
  let backup: AccountBackup | undefined;
  let server: LocalServer | undefined;
  let serverUrl: string | undefined;
  let vite: ViteDevServer | PreviewServer | undefined;
  let store: SqliteStore | undefined;
  let clientEnv: Record<string, string> | undefined;
  const buildDir = path.resolve(options.buildDir ?? LOCAL_BUILD_DIR);
  let verifier: ReturnType<typeof emulatorAuthVerifier> | undefined;

  const stop = async () => {
    await vite?.close();
    await server?.close();
    store?.close();
    await verifier?.close();
    if (backup) {
      await backup.stop();
      await backup.flush().catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        warn(`Could not save the Auth emulator's accounts: ${reason}`);
      });
    }
    await stopChild(emulator);
    forgetEmulator(paths.folder);
  };

  try {
    await waitFor(`${authUrl}/`, emulator, 60_000);
    // Before anything reads or saves the accounts: the emulator imports them after it starts answering.
    const emulatorProject = { url: authUrl, projectId: PROJECT_ID };
    const saved = readSavedAccounts(paths.accounts);
    const accounts = await importedAccounts(emulatorProject, saved);
    await restoreTokenValidity(emulatorProject, saved, accounts);
    store = new SqliteStore(path.join(dataDir, 'store.sqlite'));
    const reconciled = await reconcileAccounts({
      emulator: emulatorProject,
      store,
      clock,
      accounts,
      log: warn,
    });
    backup = startAccountBackup({
      emulatorUrl: authUrl,
      projectId: PROJECT_ID,
      exportDir: paths.accounts,
      everyMs: ACCOUNT_BACKUP_MS,
      log: warn,
    });
    if (reconciled.restored.length > 0) await backup.flush();
    await backfillRankings(store);
    await backfillPeersAndScores(store, clock.now());
    await backfillVoteTotals(store);
    await markPendingPurges(store);
    const anonymized = await anonymizeVotes(store);
    if (anonymized > 0 && !quiet)
      console.error(`${anonymized} votes kept under their voters' uids now name nobody`);
    verifier = emulatorAuthVerifier(PROJECT_ID, authHost);
    const files = new LocalFileStore(path.join(dataDir, 'files'));
    server = await startLocalServer({
      files,
      faces: createFaceAnalyzer(),
      screening: createContentClassifier(),
      insights: insightsWriterFromEnv(),
      host,
      port: ports.server,
      projectId: PROJECT_ID,
      region: REGION,
      store,
      clock,
      verifyIdToken: verifier.verifyIdToken,
      accounts: {
        deleteUser: verifier.deleteUser,
        setDisabled: verifier.setDisabled,
        setAdminClaim: verifier.setAdminClaim,
        revokeRefreshTokens: verifier.revokeRefreshTokens,
      },
      log: quiet ? undefined : (line) => console.error(line),
      allowedOrigins,
      allowedHosts,
      eventLogDir: dataDir,
      // On this machine only, every visitor (and every journey of the e2e suite) is its one address.
      ...(LOOPBACK_HOSTS.includes(host) ? { senderShareScale: LOOPBACK_SHARE_SCALE } : {}),
    });
    serverUrl = `http://${reachHost}:${server.port}`;
    files.setPublicUrl(serverUrl);
    if (options.demoContent !== false && (await seedDemoContent({ store, files, clock }))) {
      await seedDemoAdmin({ store, clock, auth: verifier.auth });
      if (!quiet)
        console.error('A new data folder: added demo members, photos and votes, and the admin account.');
    }
    // The client's settings: Vite puts VITE_* variables of the environment into it.
    clientEnv = {
      VITE_BACKEND: 'local',
      VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
      VITE_LOCAL_AUTH_URL: authUrl,
      VITE_LOCAL_SERVER_URL: serverUrl,
      ...(options.debugPanel ? { VITE_DEBUG_PANEL: 'true' } : {}),
    };
    // Vite lets IP addresses and localhost in by itself; names need saying.
    const hostNames = allowedHosts.filter((name) => !name.startsWith('[') && isIP(name) === 0);
    if (options.app === 'none') {
      // The server and Auth only: nothing listens on the app's port.
    } else if (options.app === 'dev') {
      Object.assign(process.env, clientEnv);
      const dev = await createViteServer({
        root,
        configFile: path.join(root, 'vite.config.ts'),
        logLevel: quiet ? 'silent' : 'warn',
        clearScreen: false,
        server: {
          host,
          port: ports.app,
          strictPort: true,
          allowedHosts: hostNames,
          fs: { deny: dataFolderDenyPatterns(dataDir) },
        },
      });
      vite = dev;
      await dev.listen();
    } else {
      assertDataDirNotServed(dataDir, root, [buildDir]);
      if (options.rebuild === 'always') await buildApp(buildDir, { env: clientEnv }, quiet);
      else await ensureBuild(buildDir, { env: clientEnv }, quiet ? undefined : (line) => console.error(line));
      vite = await serveBuild({ outDir: buildDir, host, port: ports.app, allowedHosts: hostNames, quiet });
    }
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    appUrl: `http://${reachHost === LOOPBACK ? 'localhost' : reachHost}:${ports.app}`,
    serverUrl,
    authUrl,
    store,
    buildDir: options.app === 'dev' || options.app === 'none' ? undefined : buildDir,
    clientEnv: clientEnv!,
    stop,
  };
}
