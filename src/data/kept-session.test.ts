import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '@/config/env';
import { callableUrl } from '@/config/read-env';
import { AUTH_DATABASE, authUserKey, KEPT_TOKEN_MARGIN_MS } from './first-read';
import { callWithKeptSession, readKeptSession } from './kept-session';
import { deleteAuthDatabase, keepInAuthStorage, storedUser } from '@/testing/auth-storage';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const config = { firebase: { apiKey: 'test-key' } } as Pick<AppEnv, 'firebase'>;

beforeEach(() => deleteAuthDatabase());
afterEach(() => vi.unstubAllGlobals());

describe('the session Auth kept on this device', () => {
  it('is the member and their ID token while it has more than a minute to run', async () => {
    await keepInAuthStorage(storedUser(NOW + KEPT_TOKEN_MARGIN_MS + 1000));
    expect(await readKeptSession(config, NOW)).toEqual({
      uid: 'maya',
      email: 'maya@example.com',
      idToken: 'id-token',
    });
  });

  it('has no email for an account without a text one', async () => {
    for (const email of [undefined, null, 42, { address: 'maya@example.com' }]) {
      await keepInAuthStorage(storedUser(NOW + 3_600_000, { email }));
      expect(await readKeptSession(config, NOW)).toMatchObject({ uid: 'maya', email: null });
    }
  });

  it('is nothing near its end, for another app key, or where nobody is kept', async () => {
    await keepInAuthStorage(storedUser(NOW + KEPT_TOKEN_MARGIN_MS - 1));
    expect(await readKeptSession(config, NOW)).toBeUndefined();
    await keepInAuthStorage(storedUser(NOW + 3_600_000), authUserKey('another-key'));
    expect(await readKeptSession(config, NOW)).toBeUndefined();
  });

  it('makes no database where Auth has none (Auth makes its own, with its store)', async () => {
    expect(await readKeptSession(config, NOW)).toBeUndefined();
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain(AUTH_DATABASE);
  });

  it('is nothing when what is stored is not as Auth writes it', async () => {
    const later = NOW + 3_600_000;
    for (const value of [
      null,
      'maya',
      { uid: 42, stsTokenManager: { accessToken: 'id-token', expirationTime: later } },
      { uid: '', stsTokenManager: { accessToken: 'id-token', expirationTime: later } },
      { uid: 'maya', stsTokenManager: { accessToken: '', expirationTime: later } },
      { uid: 'maya', stsTokenManager: { accessToken: 'id-token', expirationTime: String(later) } },
      { uid: 'maya', stsTokenManager: { accessToken: ['id-token'], expirationTime: later } },
      { uid: 'maya' },
      JSON.parse('{"uid":"maya","__proto__":{"stsTokenManager":{"accessToken":"x","expirationTime":1e15}}}'),
    ]) {
      await keepInAuthStorage(value);
      expect(await readKeptSession(config, NOW)).toBeUndefined();
    }
  });
});

describe('a call with the kept token', () => {
  const emulators = {
    useEmulators: true,
    localServerUrl: 'http://127.0.0.1:5001/',
    functionsRegion: 'us-central1',
    firebase: { projectId: 'demo-photorater' },
  } as Pick<AppEnv, 'useEmulators' | 'localServerUrl' | 'functionsRegion' | 'firebase'>;

  it('goes where the calls SDK sends it: the local server, or Cloud Functions', () => {
    expect(callableUrl('getPhotos', emulators)).toBe(
      'http://127.0.0.1:5001/demo-photorater/us-central1/getPhotos',
    );
    expect(callableUrl('getPhotos', { ...emulators, useEmulators: false })).toBe(
      'https://us-central1-demo-photorater.cloudfunctions.net/getPhotos',
    );
  });

  it("sends the input as the SDK does, with the token, and answers the handler's result", async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(new Response(JSON.stringify({ result: { photos: [], next: null } }))),
    );
    vi.stubGlobal('fetch', fetch);
    const result = await callWithKeptSession(
      'getPhotos',
      { limit: 5 },
      { uid: 'maya', email: null, idToken: 'id-token' },
    );
    expect(result).toEqual({ photos: [], next: null });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer id-token');
    expect(JSON.parse(String(init.body))).toEqual({ data: { limit: 5 } });
  });

  it('fails on a refusal or an answer without a result, for the screen to ask itself', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { status: 'UNAUTHENTICATED', message: 'Please sign in' } }), {
            status: 401,
          }),
        ),
      ),
    );
    await expect(
      callWithKeptSession('getPhotos', { limit: 5 }, { uid: 'maya', email: null, idToken: 'old' }),
    ).rejects.toThrow('getPhotos answered 401.');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}'))),
    );
    await expect(
      callWithKeptSession('getPhotos', { limit: 5 }, { uid: 'maya', email: null, idToken: 'id-token' }),
    ).rejects.toThrow('getPhotos gave no result.');
  });
});
