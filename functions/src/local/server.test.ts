/**
 * The local server: the callable protocol as the Firebase SDK speaks it, and the live channel's
 * access checks driven by the shared table of cases.
 */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CASES, OWNER_UID, viewerFor } from '../../../tests/access/access-cases';
import type { Presence, User } from '../../../src/domain/user';
import { LiveSocket } from './live-socket';
import type { LocalServer } from './server';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

const PROJECT = TEST_PROJECT;
const REGION = TEST_REGION;
let test: TestServer;
let server: LocalServer;
let store: TestServer['context']['store'];

beforeAll(async () => {
  test = await startTestServer();
  ({ server } = test);
  ({ store } = test.context);
});

afterAll(async () => {
  await test.close();
});

const post = (name: string, body: unknown, token?: string) => test.post(name, body, token);

describe('the callable protocol', () => {
  it('answers the Firebase SDK, errors included', async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'test' }, 'callable-protocol');
    const functions = getFunctions(app, REGION);
    const url = new URL(server.url);
    connectFunctionsEmulator(functions, url.hostname, Number(url.port));
    const unauthenticated = httpsCallable(functions, 'ensureUser')({});
    await expect(unauthenticated).rejects.toMatchObject({ code: 'functions/unauthenticated' });
    await expect(unauthenticated).rejects.toThrow('Authentication error. Please sign in again.');
    await expect(httpsCallable(functions, 'noSuchThing')({})).rejects.toMatchObject({
      code: 'functions/not-found',
    });
    await deleteApp(app);
  });

  it('runs a handler for a verified caller and returns its result', async () => {
    expect(await post('ensureUser', { data: {} }, 'token-carol')).toEqual({
      status: 200,
      body: { result: { created: true } },
    });
    expect((await store.get<User>('users/carol'))?.points).toBe(2);
  });

  it('answers validation failures with the message and every field', async () => {
    const { status, body } = await post('completeProfile', { data: { age: 10 } }, 'token-carol');
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Name is required',
      details: { fields: { age: 'You must be at least 16 years old', gender: 'Gender is required' } },
    });
  });

  it('refuses a token it cannot verify, a body that is not JSON, and unknown paths', async () => {
    expect((await post('ensureUser', { data: {} }, 'forged')).status).toBe(401);
    expect((await post('ensureUser', '{nope', 'token-carol')).body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
    });
    expect((await fetch(`${server.url}/other-project/${REGION}/ensureUser`, { method: 'POST' })).status).toBe(
      404,
    );
    expect((await fetch(`${server.url}/${PROJECT}/${REGION}/toString`, { method: 'POST' })).status).toBe(404);
  });

  it('marks every answer nosniff: a JSON answer is never read as a page or a script', async () => {
    const answers = await Promise.all([
      fetch(`${server.url}/${PROJECT}/${REGION}/ensureUser`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-carol' },
        body: JSON.stringify({ data: {} }),
      }),
      fetch(`${server.url}/${PROJECT}/${REGION}/ensureUser`, { method: 'POST', body: '{nope' }),
      fetch(`${server.url}/${PROJECT}/${REGION}/noSuchThing`, { method: 'POST' }),
      fetch(`${server.url}/health`),
      fetch(`${server.url}/nowhere`),
      fetch(`${server.url}/health`, { headers: { Host: 'evil.example' } }),
    ]);
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), `${answer.url} ${answer.status}`).toBe('nosniff');
      await answer.body?.cancel();
    }
  });

  it('allows the browser to call it from the app origin', async () => {
    const response = await fetch(`${server.url}/${PROJECT}/${REGION}/ensureUser`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Headers': 'content-type,authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,authorization');
  });
});

describe('the live channel', () => {
  it.each(ACCESS_CASES.filter((access) => access.action === 'read' && !access.path.startsWith('images/')))(
    '$role reads $path → $allowed',
    async ({ role, path, allowed }) => {
      const isCollection = path.split('/').length % 2 === 1;
      if (!isCollection) await store.runTransaction(async (tx) => tx.set(path, { owner: OWNER_UID }));
      const live = await LiveSocket.open(server.url);
      const viewer = viewerFor(role);
      live.send({ type: 'auth', token: viewer ? `token-${viewer.uid}` : null });
      await live.next((message) => message.type === 'auth');
      live.send(
        isCollection ? { type: 'watchQuery', id: 1, path, query: {} } : { type: 'watch', id: 1, path },
      );
      const answer = await live.next((message) => 'id' in message && message.id === 1);
      expect(answer.type).toBe(allowed ? (isCollection ? 'results' : 'snapshot') : 'denied');
      await live.close();
    },
  );

  it('pushes changes to a watched record as they happen', async () => {
    const live = await LiveSocket.open(server.url);
    live.send({ type: 'auth', token: 'token-dana' });
    await live.next((message) => message.type === 'auth');
    live.send({ type: 'watch', id: 7, path: 'users/dana' });
    expect(await live.next((message) => message.type === 'snapshot')).toEqual({
      type: 'snapshot',
      id: 7,
      data: null,
    });
    await post('ensureUser', { data: {} }, 'token-dana');
    const created = await live.next((message) => message.type === 'snapshot');
    expect(created.type === 'snapshot' && created.data).toMatchObject({ uid: 'dana', complete: false });
    expect(created.type === 'snapshot' && (created.data as unknown as User).createdAt).toBeInstanceOf(Date);
    await live.close();
  });

  it('keeps a member online while any of their connections is open', async () => {
    await post('ensureUser', { data: {} }, 'token-erin');
    const first = await LiveSocket.open(server.url);
    const second = await LiveSocket.open(server.url);
    for (const live of [first, second]) {
      live.send({ type: 'auth', token: 'token-erin' });
      await live.next((message) => message.type === 'auth');
    }
    expect((await store.get<Presence>('status/erin'))?.state).toBe('online');
    expect((await store.get<User>('users/erin'))?.status).toBe('online');
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await store.get<Presence>('status/erin'))?.state).toBe('online');
    await second.close();
    await expect.poll(async () => (await store.get<Presence>('status/erin'))?.state).toBe('offline');
    expect((await store.get<User>('users/erin'))?.status).toBe('offline');
  });
});
