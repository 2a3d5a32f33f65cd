/**
 * The deploy artifact in the official emulators that run without Java, with this project's firebase.json:
 * the Functions emulator discovers every export of the bundle and answers callables through the Firebase
 * SDK (the caller verified at the Auth emulator), and the Hosting emulator serves the cache and
 * security headers, the app shell for the app's routes only, and no source map.
 * Its own ports, temporary folder and emulator registry: it runs beside the journeys' stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth, signOut } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/config/security-headers';
import { PUBLIC_PAGE_CACHE } from '../../src/domain/public-pages';
import {
  describeBundle,
  PROJECT_ID,
  stageFunctions,
  type Endpoint,
} from '../../functions/src/firebase/deploy-check';
import { portsInARow } from '../../scripts/java-emulators';

const HOST = '127.0.0.1';
/** What `firebase deploy` lists as the site's files to upload, with firebase.json's `ignore`. */
const { listFiles } = createRequire(import.meta.url)('firebase-tools/lib/listFiles') as {
  listFiles(cwd: string, ignore: string[]): string[];
};
const root = path.resolve(import.meta.dirname, '../..');
const workDir = mkdtempSync(path.join(tmpdir(), 'photorater-functions-emulator-'));

const ROLES = ['functions', 'auth', 'hosting', 'hub', 'logging', 'eventarc', 'tasks'] as const;
type Ports = Record<(typeof ROLES)[number], number>;

/** The project's firebase.json as it is, but for the emulators' ports and the UI. */
function writeConfig(ports: Ports): void {
  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  config.emulators = {
    ...Object.fromEntries(ROLES.map((role) => [role, { host: HOST, port: ports[role] }])),
    ui: { enabled: false },
    singleProjectMode: true,
  };
  writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(config, null, 2));
}

/** The app's template as the build writes it beside the pages: the page goes into the empty #root. */
const APP_TEMPLATE =
  '<!doctype html><html><head><title>Photorater</title><script type="module" src="/assets/index-B2x9Qk1a.js"></script></head><body><div id="root"></div></body></html>';

/** The app shell the build writes: the template with nothing in #root, the app bar and tab bar drawn. */
const APP_SHELL = APP_TEMPLATE.replace(
  '<div id="root"></div>',
  '<div id="root"></div><div id="app-skeleton"></div>',
);

/** The build's page for an address no route matches. */
const NOT_FOUND_PAGE = '<!doctype html><title>Page not found</title><div id="root">Oops</div>';

/**
 * A built app's shape: index.html, its template and shell, the 404 page, a hashed bundle under assets/
 * with its source map, the manifest.
 */
function writeHostedApp(): void {
  mkdirSync(path.join(workDir, 'dist', 'assets'), { recursive: true });
  writeFileSync(path.join(workDir, 'dist', 'index.html'), '<!doctype html><title>Photorater</title>');
  writeFileSync(path.join(workDir, 'dist', 'app-template.html'), APP_TEMPLATE);
  writeFileSync(path.join(workDir, 'dist', 'app-shell.html'), APP_SHELL);
  writeFileSync(path.join(workDir, 'dist', '404.html'), NOT_FOUND_PAGE);
  writeFileSync(path.join(workDir, 'dist', 'assets', 'index-B2x9Qk1a.js'), 'console.log("app");');
  writeFileSync(path.join(workDir, 'dist', 'assets', 'index-B2x9Qk1a.js.map'), '{"version":3}');
  writeFileSync(path.join(workDir, 'dist', 'manifest.webmanifest'), '{}');
}

let emulators: ChildProcess | undefined;
let output = '';

function startEmulators(): Promise<void> {
  const tempDir = path.join(workDir, 'tmp');
  mkdirSync(tempDir, { recursive: true });
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'firebase'),
    [
      'emulators:start',
      '--only',
      'functions,auth,hosting',
      '--project',
      PROJECT_ID,
      '--config',
      'firebase.json',
    ],
    {
      cwd: workDir,
      // Its own process group, so stopping it ends the function workers it starts too.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The CLI finds running emulators through a file named after the project in the temp folder:
      // a folder of our own keeps it apart from the journeys' Auth emulator of the same project.
      env: {
        ...process.env,
        TMPDIR: tempDir,
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        FIREBASE_CLI_EXPERIMENTS: '',
      },
    },
  );
  emulators = child;
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('All emulators ready')) resolve();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`The emulators exited with code ${code}:\n${output}`)));
  });
}

function stopEmulators(): Promise<void> {
  const child = emulators;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const group = -child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => process.kill(group, 'SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(group, 'SIGINT');
  });
}

let ports: Ports;
let bundle: Record<string, Endpoint>;
let app: FirebaseApp;
let functions: Functions;

beforeAll(async () => {
  const [entry, found] = await Promise.all([
    stageFunctions(path.join(workDir, 'functions')),
    portsInARow(ROLES, Number(process.env.FUNCTIONS_E2E_PORT_BASE ?? 5300), HOST),
  ]);
  ports = found;
  bundle = await describeBundle(entry);
  writeConfig(ports);
  writeHostedApp();
  // publicPages reads the app's template from the site it serves: here, the Hosting emulator.
  writeFileSync(path.join(workDir, 'functions', '.env'), `APP_ORIGINS=http://${HOST}:${ports.hosting}\n`);
  await startEmulators();
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-key', appId: 'demo-app' }, 'functions-emulator');
  connectAuthEmulator(getAuth(app), `http://${HOST}:${ports.auth}`, { disableWarnings: true });
  functions = getFunctions(app);
  connectFunctionsEmulator(functions, HOST, ports.functions);
}, 150_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await stopEmulators();
  rmSync(workDir, { recursive: true, force: true });
}, 30_000);

interface EmulatedFunction {
  name: string;
  labels?: Record<string, string>;
  httpsTrigger?: object;
  eventTrigger?: { eventType: string };
  schedule?: object;
}

/** The emulator's own record of a function, in the terms describeBundle uses. */
function asEndpoint(emulated: EmulatedFunction): Endpoint {
  if (emulated.labels?.['deployment-callable'] === 'true') return { kind: 'callable' };
  if (emulated.httpsTrigger) return { kind: 'https' };
  if (emulated.schedule) return { kind: 'schedule' };
  if (emulated.eventTrigger) return { kind: 'trigger', eventType: emulated.eventTrigger.eventType };
  return { kind: 'other' };
}

async function callError(name: string, data: unknown): Promise<{ code: string; message: string }> {
  try {
    await httpsCallable(functions, name)(data);
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
  throw new Error(`${name} answered instead of refusing.`);
}

describe('the Functions bundle in the Functions emulator', () => {
  it('discovers every callable, HTTPS function, schedule and trigger the bundle exports', async () => {
    const response = await fetch(`http://${HOST}:${ports.functions}/backends`);
    const { backends } = (await response.json()) as { backends: { functionTriggers: EmulatedFunction[] }[] };
    const discovered = Object.fromEntries(
      backends.flatMap(({ functionTriggers }) =>
        functionTriggers.map((emulated) => [emulated.name, asEndpoint(emulated)]),
      ),
    );
    expect(discovered).toEqual(bundle);
    const kinds = new Set(Object.values(bundle).map(({ kind }) => kind));
    expect([...kinds].sort()).toEqual(['callable', 'https', 'schedule', 'trigger']);
  });

  it('refuses a signed-out call with the message members see', async () => {
    await signOut(getAuth(app));
    const { code, message } = await callError('recordLogin', {});
    expect(code).toBe('functions/unauthenticated');
    // The SDK appends the HTTP status, which the app's callables take off before members see it.
    expect(message).toBe('Authentication error. Please sign in again. [401]');
  });

  it("takes a signed-in member's ID token from the Auth emulator, and checks the input", async () => {
    await createUserWithEmailAndPassword(getAuth(app), 'bundle-check@example.com', 'a-long-password');
    expect(await callError('recordLogin', { timeZone: 'Nowhere/Atlantis' })).toMatchObject({
      code: 'functions/invalid-argument',
    });
  });
});

describe("firebase.json's hosting in the Hosting emulator", () => {
  const cacheControl = async (pathname: string) =>
    (await fetch(`http://${HOST}:${ports.hosting}${pathname}`)).headers.get('cache-control');

  it('gives hashed build assets a year of immutable caching', async () => {
    expect(await cacheControl('/assets/index-B2x9Qk1a.js')).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every visit, by any route, and the other files too', async () => {
    for (const pathname of ['/', '/index.html', '/rate', '/photo/abc', '/manifest.webmanifest']) {
      expect(await cacheControl(pathname), pathname).toBe('no-cache');
    }
  });
});

describe("firebase.json's security headers in the Hosting emulator", () => {
  it('sends them with every answer: pages, files, the 404 page and the pages made by the function', async () => {
    for (const pathname of [
      '/',
      '/login',
      '/rate/p1',
      '/assets/index-B2x9Qk1a.js',
      '/nowhere',
      '/article/__proto__',
    ]) {
      const response = await fetch(`http://${HOST}:${ports.hosting}${pathname}`);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers.get(name), `${pathname} ${name}`).toBe(value);
      await response.body?.cancel();
    }
  });

  it('lets no other origin frame /login', async () => {
    const response = await fetch(`http://${HOST}:${ports.hosting}/login`, {
      headers: { 'Sec-Fetch-Dest': 'iframe', Referer: 'https://evil.example/' },
    });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    await response.body?.cancel();
  });

  it('deploys no source map: the files firebase deploy uploads leave it out', () => {
    // The emulator serves every file on disk; the upload is what the public can reach.
    const config = JSON.parse(readFileSync(path.join(workDir, 'firebase.json'), 'utf8')) as {
      hosting: { public: string; ignore: string[] };
    };
    const uploaded = listFiles(path.join(workDir, config.hosting.public), config.hosting.ignore);
    expect(uploaded).toContain('assets/index-B2x9Qk1a.js');
    expect(uploaded.filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});

describe("the app's pages behind Hosting's rewrite", () => {
  it("answers an address none of the app's routes matches with the 404 page and status 404", async () => {
    for (const pathname of ['/nowhere', '/wp-login.php', '/rate/p1/more', '/photos/abc', '/admin/users']) {
      const response = await fetch(`http://${HOST}:${ports.hosting}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toBe(NOT_FOUND_PAGE);
    }
  });

  it('answers a page without a file of its own with the app shell, and `/` with the landing page', async () => {
    for (const pathname of ['/rate', '/photos', '/photo/p1', '/leaderboard', '/profile']) {
      const response = await fetch(`http://${HOST}:${ports.hosting}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toBe(APP_SHELL);
    }
    expect(await (await fetch(`http://${HOST}:${ports.hosting}/`)).text()).toBe(
      '<!doctype html><title>Photorater</title>',
    );
  });
});

describe("the articles' pages behind Hosting's rewrite", () => {
  it("answers ids no article can have with the app's 404 page, made in the function from Hosting's template", async () => {
    for (const pathname of ['/article/__proto__', '/article/a.b', `/article/${'a'.repeat(300)}`]) {
      const response = await fetch(`http://${HOST}:${ports.hosting}${pathname}`);
      expect(response.status, pathname).toBe(404);
      const html = await response.text();
      expect(html, pathname).toContain('Oops, the page you are looking for does not exist.');
      expect(html, pathname).toContain('<script type="module" src="/assets/index-B2x9Qk1a.js"></script>');
      // The function's own caching, not a Hosting rule's.
      expect(response.headers.get('cache-control'), pathname).toBe(PUBLIC_PAGE_CACHE.notFound);
    }
  });

  it('refuses a write with a 405 that no cache keeps', async () => {
    const response = await fetch(`http://${HOST}:${ports.hosting}/article/light`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a page it cannot make with a 503 that no cache keeps', async () => {
    // These emulators run no Firestore: reading an article fails (after the client's retries).
    const response = await fetch(`http://${HOST}:${ports.hosting}/article/unmade`);
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
