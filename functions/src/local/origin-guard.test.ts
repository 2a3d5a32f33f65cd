/**
 * Only the app's own pages, and only requests addressed to this machine by an expected name, reach
 * the local server: plain requests, CORS preflights and WebSocket upgrades alike.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { caller, localTestContext } from '../testing';
import { offlineInsightsWriter } from '../photos/insights';
import { createRequestGuard, LOOPBACK_HOSTS } from './origin-guard';
import { startLocalServer, type LocalServer } from './server';

const APP = 'http://localhost:5999';
const PROJECT = 'demo-guard';
const REGION = 'us-central1';

describe('the request guard', () => {
  const guard = createRequestGuard({
    allowedOrigins: [APP, 'http://127.0.0.1:5999'],
    allowedHosts: LOOPBACK_HOSTS,
  });

  it.each([
    [{ host: '127.0.0.1:5001' }],
    [{ host: 'localhost:5001' }],
    [{ host: 'LOCALHOST' }],
    [{ host: '[::1]:5001' }],
    [{ host: '127.0.0.1:5001', origin: APP }],
    [{ host: '127.0.0.1:5001', origin: 'http://127.0.0.1:5999' }],
  ])('lets %j through', (headers) => {
    expect(guard.refusal(headers)).toBeNull();
  });

  it.each([
    [{ host: '127.0.0.1:5001', origin: APP }, APP],
    [{ host: '127.0.0.1:5001' }, 'http://127.0.0.1:5999'],
    [{ host: 'localhost:5001' }, APP],
    [{ host: '[::1]:5001' }, APP],
    [{ host: '127.0.0.1:5001', referer: `${APP}/photos?photo=p1` }, APP],
    [{ host: 'localhost:5001', referer: 'https://attacker.example/' }, APP],
    [{ host: '127.0.0.1:5001', referer: 'not a url' }, 'http://127.0.0.1:5999'],
  ])("answers %j for the app's origin %s", (headers, origin) => {
    expect(guard.appOrigin(headers)).toBe(origin);
  });

  it.each([
    [{}],
    [{ host: '' }],
    [{ host: 'attacker.example' }],
    [{ host: 'attacker.example:5001' }],
    [{ host: '127.0.0.1.attacker.example' }],
    [{ host: 'user@127.0.0.1' }],
    [{ host: '127.0.0.1:5001/path' }],
    [{ host: '127.0.0.1:5001', origin: 'https://attacker.example' }],
    [{ host: '127.0.0.1:5001', origin: 'http://localhost:6000' }],
    [{ host: '127.0.0.1:5001', origin: 'null' }],
    [{ host: '127.0.0.1:5001', origin: 'not a url' }],
    [{ host: '127.0.0.1:5001', origin: 'file://' }],
  ])('refuses %j', (headers) => {
    expect(guard.refusal(headers)).toEqual(expect.any(String));
  });

  it('says what it refuses', () => {
    expect(guard.refusal({ host: 'attacker.example' })).toBe(
      'This server answers only to 127.0.0.1, localhost, [::1]; a request for "attacker.example" is refused.',
    );
    expect(guard.refusal({ host: 'localhost', origin: 'https://attacker.example' })).toBe(
      'Only the Photorater app may call this server; a page from "https://attacker.example" may not.',
    );
  });
});

describe('the local server behind the guard', () => {
  const { store, clock, files } = localTestContext();
  let server: LocalServer;

  beforeAll(async () => {
    server = await startLocalServer({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      region: REGION,
      store,
      clock,
      files,
      faces: { analyze: async () => null },
      accounts: {
        deleteUser: async () => undefined,
        setDisabled: async () => undefined,
        setAdminClaim: async () => undefined,
        revokeRefreshTokens: async () => undefined,
      },
      insights: offlineInsightsWriter,
      verifyIdToken: async (token) => caller(token),
      allowedOrigins: [APP],
    });
  });

  afterAll(async () => {
    await server.close();
  });

  /** node:http, which lets a test name any Host. */
  function get(path: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const request = httpRequest(`${server.url}${path}`, { method, headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        request.on('error', reject);
        request.end();
      },
    );
  }

  it('answers the app, and requests without an origin, with CORS only for the app', async () => {
    const plain = await get('/health', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBe(APP);
    expect(plain.headers.vary).toBe('Origin');
    const fromApp = await get('/health', { Origin: APP });
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers['access-control-allow-origin']).toBe(APP);
  });

  it('refuses another page, its preflight and its call with a 403 the page can read as JSON', async () => {
    const origin = 'https://attacker.example';
    for (const method of ['GET', 'OPTIONS']) {
      const refused = await get('/health', { Origin: origin }, method);
      expect(refused.status).toBe(403);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
      expect(JSON.parse(refused.body)).toEqual({
        error: {
          status: 'PERMISSION_DENIED',
          message: `Only the Photorater app may call this server; a page from "${origin}" may not.`,
        },
      });
    }
    const call = await fetch(`${server.url}/${PROJECT}/${REGION}/ensureUser`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'text/plain', Authorization: 'Bearer attacker' },
      body: JSON.stringify({ data: {} }),
    });
    expect(call.status).toBe(403);
    expect(await store.get('users/attacker')).toBeUndefined();
  });

  it('refuses a request addressed to another name (DNS rebinding)', async () => {
    const port = new URL(server.url).port;
    expect((await get('/health', { Host: `localhost:${port}` })).status).toBe(200);
    const rebound = await get('/health', { Host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body)).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });

  it('refuses a request that names no host', async () => {
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /health HTTP/1.0\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
  });

  function openSocket(options: WebSocket.ClientOptions) {
    return new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/live`, options);
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  it('opens the live channel for the app only', async () => {
    expect(await openSocket({ origin: APP })).toBe(101);
    expect(await openSocket({})).toBe(101);
    expect(await openSocket({ origin: 'https://attacker.example' })).toBe(403);
    expect(await openSocket({ headers: { Host: 'attacker.example' } })).toBe(403);
  });
});
