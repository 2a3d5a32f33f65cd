/**
 * `npm start` itself: one URL printed, Ctrl-C stops everything and leaves nothing running, and the
 * Auth emulator's accounts survive a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertPortFree, findFreePorts, type StackPorts } from '../../scripts/local-stack';

const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-start-'));
let running: ChildProcess | undefined;

afterAll(() => {
  running?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function start(ports: StackPorts): Promise<{ child: ChildProcess; url: string }> {
  // As `npm start` runs it: one Node process, so Ctrl-C (SIGINT) reaches the script itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(ports.app),
      LOCAL_SERVER_PORT: String(ports.server),
      AUTH_EMULATOR_PORT: String(ports.auth),
      EMULATOR_HUB_PORT: String(ports.hub),
      EMULATOR_LOGGING_PORT: String(ports.logging),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running = child;
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(output);
      if (found?.[1]) resolve({ child, url: found[1] });
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

async function authCall(ports: StackPorts, operation: 'signUp' | 'signInWithPassword', email: string) {
  const response = await fetch(
    `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=local`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'long enough 1', returnSecureToken: true }),
    },
  );
  return { ok: response.ok, body: (await response.json()) as { localId?: string } };
}

describe('npm start', () => {
  it('serves the app, stops cleanly on Ctrl-C, and keeps accounts across restarts', async () => {
    const ports = await findFreePorts(19500);
    const first = await start(ports);
    expect(first.url).toBe(`http://localhost:${ports.app}`);
    expect((await fetch(first.url)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ports.server}/health`)).status).toBe(200);
    const created = await authCall(ports, 'signUp', 'kept@example.com');
    expect(created.body.localId).toEqual(expect.any(String));

    expect(await stop(first.child)).toBe(0);
    for (const role of Object.keys(ports) as Array<keyof StackPorts>) await assertPortFree(ports[role], role);
    expect(existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'store.sqlite'))).toBe(true);

    const second = await start(ports);
    const signedIn = await authCall(ports, 'signInWithPassword', 'kept@example.com');
    expect(signedIn.body).toMatchObject({ localId: created.body.localId });
    expect(await stop(second.child)).toBe(0);
    running = undefined;
  });

  it('says which variable moves a port that is taken', async () => {
    const ports = await findFreePorts(19600);
    const blocker = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.auth, '127.0.0.1', resolve));
    try {
      await expect(start(ports)).rejects.toThrow(
        `Port ${ports.auth} (auth) is already in use. Stop what uses it, or set AUTH_EMULATOR_PORT to a free port.`,
      );
    } finally {
      blocker.close();
      running = undefined;
    }
  });
});
