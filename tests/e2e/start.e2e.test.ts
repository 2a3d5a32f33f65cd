/**
 * `npm start` itself: one URL printed, the production build served (built when missing), Ctrl-C stops
 * everything and leaves nothing running, the Auth emulator's accounts survive a restart and a crash,
 * a crashed run's leftovers are ended, and the data folder is never served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer as createViteServer, preview } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../functions/src/local/emulator-process';
import { BUILD_STAMP, staleBuildReason } from '../../scripts/app-build';
import { dataFolderDenyPatterns, projectRoot } from '../../scripts/data-folder';
import {
  assertPortFree,
  findFreePorts,
  PROJECT_ID,
  REGION,
  type StackPorts,
} from '../../scripts/local-stack';

const folders: string[] = [];
const running = new Set<ChildProcess>();

function newFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(folder, `${folder}-build`);
  return folder;
}

const emulatorRecord = (dataDir: string) => path.join(dataDir, 'emulator', 'emulator.json');
const emulatorPid = (dataDir: string) =>
  (JSON.parse(readFileSync(emulatorRecord(dataDir), 'utf8')) as { pid: number }).pid;

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const folder of folders) {
    // An emulator a failed test left running.
    if (existsSync(emulatorRecord(folder))) {
      try {
        process.kill(-emulatorPid(folder), 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(folder, { recursive: true, force: true });
  }
});

function start(
  ports: StackPorts,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  // As `npm start` runs it: one Node process, so Ctrl-C (SIGINT) reaches the script itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      // A build of its own beside the data, so a developer's dist-local/ is left alone.
      BUILD_DIR: `${dataDir}-build`,
      PORT: String(ports.app),
      LOCAL_SERVER_PORT: String(ports.server),
      AUTH_EMULATOR_PORT: String(ports.auth),
      EMULATOR_HUB_PORT: String(ports.hub),
      EMULATOR_LOGGING_PORT: String(ports.logging),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve({ child, url: found[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

/** A crash: the process ends at once, with no chance to stop what it started. */
function crash(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

async function authCall(ports: StackPorts, operation: 'signUp' | 'signInWithPassword', email: string) {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=local`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'long enough 1', returnSecureToken: true }),
    },
  );
  return {
    ok: response.ok,
    body: (await response.json()) as { localId?: string; idToken?: string; error?: { message: string } },
  };
}

/** A member's first call after signing in (or reloading), with the ID token they hold. */
async function ensureUser(ports: StackPorts, idToken: string | undefined): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${ports.server}/${PROJECT_ID}/${REGION}/ensureUser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: {} }),
  });
  return response.status;
}

/** What the app's Auth SDK asks when a page loads with a kept sign-in: whether its ID token still holds. */
async function lookUp(ports: StackPorts, idToken: string | undefined): Promise<number> {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=local`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ idToken }) },
  );
  return response.status;
}

function savedAccounts(dataDir: string): string {
  const file = path.join(dataDir, 'auth', 'auth_export', 'accounts.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

// Two or three starts of the whole stack in a test, the first building the app: past a journey's 90 s on a loaded machine.
describe('npm start', { timeout: 240_000 }, () => {
  it('serves the app, stops cleanly on Ctrl-C, and keeps accounts across restarts', async () => {
    const dataDir = newFolder('photorater-start-');
    const ports = await findFreePorts(19500);
    const first = await start(ports, dataDir);
    expect(first.url).toBe(`http://localhost:${ports.app}`);
    expect((await fetch(first.url)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.server}/health`)).status).toBe(200);
    const created = await authCall(ports, 'signUp', 'kept@example.com');
    expect(created.body.localId).toEqual(expect.any(String));
    expect(await ensureUser(ports, created.body.idToken)).toBe(200);
    // The production build with its service worker, built first since there was none.
    expect(first.output()).toContain('Building the app (there is no build yet)...');
    expect(await (await fetch(`${first.url}/sw.js`)).text()).toContain('precache');
    const page = await (await fetch(`${first.url}/rate`)).text();
    expect(page).toContain('id="root"');
    expect(page).toContain('/assets/');
    // Only the build is served: a path into the data folder gets the app's page, never the data.
    const served = await (await fetch(`${first.url}/@fs${dataDir}/store.sqlite`)).text();
    expect(served).not.toContain('SQLite format');

    expect(await stop(first.child)).toBe(0);
    for (const role of Object.keys(ports) as Array<keyof StackPorts>) await assertPortFree(ports[role], role);
    expect(existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'store.sqlite'))).toBe(true);
    expect(existsSync(emulatorRecord(dataDir))).toBe(false);

    const second = await start(ports, dataDir);
    // Nothing changed since: the build is served as it is.
    expect(second.output()).not.toContain('Building the app');
    const signedIn = await authCall(ports, 'signInWithPassword', 'kept@example.com');
    expect(signedIn.body).toMatchObject({ localId: created.body.localId });
    // The member who signed in before the restart is still signed in: the token they hold still holds.
    expect(await lookUp(ports, created.body.idToken)).toBe(200);
    expect(await ensureUser(ports, created.body.idToken)).toBe(200);
    expect(await stop(second.child)).toBe(0);
  });

  it('keeps accounts through a crash, and a start after a crash ends what the crashed run left', async () => {
    const dataDir = newFolder('photorater-crash-');
    const ports = await findFreePorts(19700);
    const first = await start(ports, dataDir, { DEMO_CONTENT: 'off' });
    const saved = await authCall(ports, 'signUp', 'saved@example.com');
    // Saved while it runs, not only on a clean stop.
    await expect.poll(() => savedAccounts(dataDir), { timeout: 30_000 }).toContain('saved@example.com');

    // A member signs up, and their record is made, just before the crash.
    const lost = await authCall(ports, 'signUp', 'lost@example.com');
    expect(await ensureUser(ports, lost.body.idToken)).toBe(200);

    // Everything ends at once, the emulator too (a power cut, a killed terminal session).
    const firstEmulator = emulatorPid(dataDir);
    await crash(first.child);
    process.kill(-firstEmulator, 'SIGKILL');
    await expect.poll(() => isRunning(firstEmulator)).toBe(false);
    // As when the crash comes before the next save (every 2 s): the account was never saved.
    const accountsFile = path.join(dataDir, 'auth', 'auth_export', 'accounts.json');
    const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as { users: Array<{ email?: string }> };
    accounts.users = accounts.users.filter((user) => user.email !== 'lost@example.com');
    writeFileSync(accountsFile, JSON.stringify(accounts));

    const second = await start(ports, dataDir, { DEMO_CONTENT: 'off' });
    expect((await authCall(ports, 'signInWithPassword', 'saved@example.com')).body).toMatchObject({
      localId: saved.body.localId,
    });
    // The account is made again from the record, and the start says so.
    expect(second.output()).toContain(
      `The Auth account of lost@example.com (${lost.body.localId}) was lost when the stack stopped right after its sign-up`,
    );
    expect((await authCall(ports, 'signUp', 'lost@example.com')).body.error?.message).toBe('EMAIL_EXISTS');
    const late = await authCall(ports, 'signUp', 'late@example.com');
    expect(late.body.localId).toEqual(expect.any(String));

    // Only the stack dies: its emulator lives on, holding its ports and an account made just now.
    const secondEmulator = emulatorPid(dataDir);
    await crash(second.child);
    expect(isRunning(secondEmulator)).toBe(true);

    const third = await start(ports, dataDir, { DEMO_CONTENT: 'off' });
    expect(third.output()).toContain(
      `Ending the Auth emulator a stopped run left behind (process ${secondEmulator}).`,
    );
    expect(isRunning(secondEmulator)).toBe(false);
    expect((await authCall(ports, 'signInWithPassword', 'late@example.com')).body).toMatchObject({
      localId: late.body.localId,
    });
    expect(await stop(third.child)).toBe(0);
  });

  it('says which variable moves a port that is taken', async () => {
    const ports = await findFreePorts(19600);
    const blocker = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.auth, '127.0.0.1', resolve));
    try {
      await expect(start(ports, newFolder('photorater-port-'))).rejects.toThrow(
        `Port ${ports.auth} (auth) is already in use. Stop what uses it, or set AUTH_EMULATOR_PORT to a free port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('warns when HOST would let other computers in, and refuses a data folder the app serves', async () => {
    const ports = await findFreePorts(19800);
    const refused = start(ports, path.join(projectRoot, 'public', 'data'), { HOST: '0.0.0.0' });
    await expect(refused).rejects.toThrow('is inside public/, whose files are served as they are');
    await expect(refused).rejects.toThrow(
      'Warning: HOST=0.0.0.0 makes the local backend reachable from other computers',
    );
    expect(existsSync(path.join(projectRoot, 'public', 'data'))).toBe(false);
  });
});

describe("npm start's build", () => {
  it('is built again when missing, made for other addresses, or older than the sources', () => {
    const base = newFolder('photorater-sources-');
    const outDir = path.join(base, 'build');
    mkdirSync(path.join(base, 'src'));
    writeFileSync(path.join(base, 'src', 'main.tsx'), 'first');
    const config = { env: { VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:5001' } };
    expect(staleBuildReason(outDir, config, base)).toBe('there is no build yet');

    mkdirSync(outDir);
    writeFileSync(path.join(outDir, 'index.html'), '<!doctype html>');
    const builtAt = Date.now();
    writeFileSync(path.join(outDir, BUILD_STAMP), JSON.stringify({ builtAt, env: config.env }));
    utimesSync(path.join(base, 'src', 'main.tsx'), new Date(builtAt - 60_000), new Date(builtAt - 60_000));
    utimesSync(path.join(base, 'src'), new Date(builtAt - 60_000), new Date(builtAt - 60_000));
    expect(staleBuildReason(outDir, config, base)).toBeUndefined();
    expect(staleBuildReason(outDir, { env: { VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:6001' } }, base)).toBe(
      'the last build was made for other addresses',
    );

    utimesSync(path.join(base, 'src', 'main.tsx'), new Date(builtAt + 1000), new Date(builtAt + 1000));
    expect(staleBuildReason(outDir, config, base)).toBe('the sources changed since the last build');
  });
});

describe('the data folder', () => {
  const secrets = {
    store: 'SQLITE STORE',
    accounts: '{"users":[{"passwordHash":"fakeHash:password=hunter2"}]}',
  };

  /** A project laid out as this one, with data in the default folder and in one named by DATA_DIR. */
  function project(): string {
    const root = newFolder('photorater-served-');
    for (const dataDir of ['.data', 'my-data']) {
      mkdirSync(path.join(root, dataDir, 'auth', 'auth_export'), { recursive: true });
      writeFileSync(path.join(root, dataDir, 'store.sqlite'), secrets.store);
      writeFileSync(path.join(root, dataDir, 'auth', 'auth_export', 'accounts.json'), secrets.accounts);
    }
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>app</title>');
    return root;
  }

  function paths(root: string, dataDir: string): string[] {
    const store = `${dataDir}/store.sqlite`;
    const accounts = `${dataDir}/auth/auth_export/accounts.json`;
    return [
      `/${store}`,
      `/${accounts}`,
      `/${store}?raw`,
      `/${accounts}?import`,
      `/${accounts}?url`,
      `/${accounts}?inline`,
      `/${encodeURIComponent(dataDir)}/store.sqlite`,
      `/${dataDir.replace('.', '%2e')}/store.sqlite`,
      `/@fs${root}/${store}`,
      `/@fs${root}/${accounts}?raw`,
      `/@fs${root}/${dataDir}/auth/auth_export/`,
    ];
  }

  async function leaks(base: string, requests: string[]): Promise<string[]> {
    const leaked: string[] = [];
    for (const request of requests) {
      const body = await (await fetch(`${base}${request}`)).text();
      if (body.includes(secrets.store) || body.includes('hunter2')) leaked.push(request);
    }
    return leaked;
  }

  /** The development server as this project configures it, plus what `extra` adds. */
  async function devServer(root: string, extra: { deny?: string[] } = {}) {
    const ports = await findFreePorts(19900);
    const vite = await createViteServer({
      root,
      configFile: path.join(projectRoot, 'vite.config.ts'),
      logLevel: 'silent',
      server: {
        host: '127.0.0.1',
        port: ports.app,
        strictPort: true,
        ...(extra.deny ? { fs: { deny: extra.deny } } : {}),
      },
    });
    await vite.listen();
    return { base: `http://127.0.0.1:${ports.app}`, close: () => vite.close() };
  }

  it('is never served by the development server in its default place', async () => {
    const root = project();
    const server = await devServer(root);
    try {
      expect(await (await fetch(`${server.base}/index.html`)).text()).toContain('<title>app</title>');
      expect(await leaks(server.base, paths(root, '.data'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('is never served by the development server where DATA_DIR puts it', async () => {
    const root = project();
    // What the stack adds for its data folder.
    const server = await devServer(root, { deny: dataFolderDenyPatterns(path.join(root, 'my-data')) });
    try {
      expect(await leaks(server.base, paths(root, 'my-data'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('is never served by vite preview', async () => {
    const root = project();
    const ports = await findFreePorts(19950);
    const server = await preview({
      root,
      configFile: path.join(projectRoot, 'vite.config.ts'),
      logLevel: 'silent',
      preview: { host: '127.0.0.1', port: ports.app, strictPort: true },
    });
    try {
      expect(await leaks(`http://127.0.0.1:${ports.app}`, paths(root, '.data'))).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
