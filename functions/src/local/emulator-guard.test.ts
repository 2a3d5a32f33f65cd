/**
 * The guard loaded into the Auth emulator's process, tried on a plain HTTP server started the same
 * way (NODE_OPTIONS from the stack): other pages and other host names are refused before the
 * server's own handler runs; the app's pages and requests without an Origin pass.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorGuardOptions } from '../../../scripts/local-stack';

const APP = 'http://localhost:5999';
let child: ChildProcess;
let port = 0;

beforeAll(async () => {
  // A server that answers everything, as the emulator's CORS does.
  const server = `require('node:http').createServer((q, s) => { s.setHeader('Access-Control-Allow-Origin', '*'); s.end('reached'); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  child = spawn(process.execPath, ['-e', server], {
    // Away from the project, as the emulator runs in the data folder.
    cwd: tmpdir(),
    env: { ...process.env, NODE_OPTIONS: emulatorGuardOptions(), PHOTORATER_APP_ORIGINS: APP },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}, 30_000);

afterAll(() => {
  child.kill();
});

function send(headers: Record<string, string>, method = 'GET'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: '127.0.0.1',
      port,
      path: '/emulator/v1/projects/p/accounts',
      method,
      headers,
    });
    outgoing.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the guard in the Auth emulator', () => {
  it('lets the app and requests without an Origin through', async () => {
    expect(await send({})).toEqual({ status: 200, body: 'reached' });
    expect(await send({ Origin: APP })).toEqual({ status: 200, body: 'reached' });
  });

  it('refuses other pages, their preflights and other host names, before the server sees them', async () => {
    for (const [headers, method] of [
      [{ Origin: 'https://attacker.example' }, 'GET'],
      [{ Origin: 'https://attacker.example', 'Access-Control-Request-Method': 'POST' }, 'OPTIONS'],
      [{ Origin: 'https://attacker.example' }, 'POST'],
      [{ Host: 'attacker.example' }, 'GET'],
    ] as const) {
      const answer = await send(headers, method);
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain('reached');
      expect(JSON.parse(answer.body)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    }
  });
});
