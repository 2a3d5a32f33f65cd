/**
 * A start of the local stack after a restart or a crash, against the real Auth emulator: the saved
 * accounts imported as its `--import` does (`accounts:batchCreate` with the saved file), members'
 * tokens still good afterwards, and records whose account was lost made whole again or marked.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulator } from '../../../scripts/auth-emulator';
import type { RunningEmulator } from '../../../scripts/java-emulators';
import { emulatorProviderSubject } from '../../../src/domain/emulator-accounts';
import { newUser, type User } from '../../../src/domain/user';
import { TestClock } from '../testing';
import { SqliteStore } from '../store/sqlite-store';
import type { DocumentData } from '../store/store';
import { readSavedAccounts, saveAuthState } from './auth-export';
import {
  importedAccounts,
  listAccounts,
  reconcileAccounts,
  restoreTokenValidity,
  type EmulatorProject,
} from './auth-restore';
import { emulatorAuthVerifier } from './auth-verifier';

const PROJECT = 'demo-restore';
let running: RunningEmulator;
let emulator: EmulatorProject;
const folders: string[] = [];

beforeAll(async () => {
  running = await startAuthEmulator(PROJECT);
  emulator = { url: `http://${running.host}`, projectId: PROJECT };
}, 120_000);

afterAll(async () => {
  await running?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A call to the emulator's public API, as the app's SDK makes it. */
async function publicApi(
  route: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${emulator.url}/${route}?key=local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const signUp = async (email: string) =>
  (
    await publicApi('identitytoolkit.googleapis.com/v1/accounts:signUp', {
      email,
      password: 'long enough 1',
      returnSecureToken: true,
    })
  ).body as { localId: string; idToken: string; refreshToken: string };

/** What the app's SDK asks when a page loads with a kept sign-in: the account its ID token is of. */
const lookUp = (idToken: string) =>
  publicApi('identitytoolkit.googleapis.com/v1/accounts:lookup', { idToken });

const errorOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.error as { message?: string })?.message;

/** Saves the accounts as the running stack does, and imports them into an emptied emulator as a start does. */
async function restart(): Promise<string> {
  const exportDir = mkdtempSync(path.join(tmpdir(), 'photorater-restore-'));
  folders.push(exportDir);
  await saveAuthState(emulator.url, PROJECT, exportDir);
  // Tokens carry their time in whole seconds: the import comes in a later one.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const owner = { Authorization: 'Bearer owner' };
  await fetch(`${emulator.url}/emulator/v1/projects/${PROJECT}/accounts`, {
    method: 'DELETE',
    headers: owner,
  });
  const imported = await fetch(
    `${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { ...owner, 'Content-Type': 'application/json' },
      body: readFileSync(path.join(exportDir, 'auth_export', 'accounts.json'), 'utf8'),
    },
  );
  expect(imported.status).toBe(200);
  return exportDir;
}

describe('a restart', () => {
  it("keeps members' ID tokens good, for the emulator and for the server", async () => {
    const ada = await signUp('ada@example.com');
    expect((await lookUp(ada.idToken)).status).toBe(200);
    const exportDir = await restart();
    // What the import alone does: every token issued before it is refused.
    expect(errorOf(await lookUp(ada.idToken))).toBe('TOKEN_EXPIRED');

    const saved = readSavedAccounts(exportDir);
    const accounts = await importedAccounts(emulator, saved);
    expect(await restoreTokenValidity(emulator, saved, accounts)).toBe(1);
    expect((await lookUp(ada.idToken)).body).toMatchObject({ users: [{ localId: ada.localId }] });
    const verifier = emulatorAuthVerifier(PROJECT, running.host);
    try {
      expect(await verifier.verifyIdToken(ada.idToken)).toMatchObject({ uid: ada.localId });
    } finally {
      await verifier.close();
    }
    // And the refresh token gives a new ID token, as the SDK asks for one when the old one expires.
    const refreshed = await publicApi('securetoken.googleapis.com/v1/token', {
      grant_type: 'refresh_token',
      refresh_token: ada.refreshToken,
    });
    expect(refreshed.body).toMatchObject({ user_id: ada.localId });
    expect((await lookUp(String(refreshed.body.id_token))).status).toBe(200);
    // A second start finds nothing to give back.
    expect(await restoreTokenValidity(emulator, saved, await listAccounts(emulator))).toBe(0);
  }, 60_000);

  it('waits for the import, which the emulator makes after it starts answering', async () => {
    const grace = await signUp('grace@example.com');
    const exportDir = mkdtempSync(path.join(tmpdir(), 'photorater-restore-'));
    folders.push(exportDir);
    await saveAuthState(emulator.url, PROJECT, exportDir);
    const saved = readSavedAccounts(exportDir);
    await fetch(`${emulator.url}/emulator/v1/projects/${PROJECT}/accounts`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer owner' },
    });
    const waiting = importedAccounts(emulator, saved);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fetch(
      `${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchCreate`,
      {
        method: 'POST',
        headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
        body: readFileSync(path.join(exportDir, 'auth_export', 'accounts.json'), 'utf8'),
      },
    );
    expect((await waiting).map((account) => account.localId)).toContain(grace.localId);
    await expect(importedAccounts(emulator, [{ localId: 'never-saved' }], 300)).rejects.toThrow(
      'did not import the 1 saved accounts',
    );
  }, 30_000);
});

describe('a start after a crash right after sign-ups', () => {
  const clock = new TestClock(new Date('2026-11-22T10:00:00Z'));
  const record = (uid: string, fields: Partial<User>) => ({
    ...newUser({
      uid,
      email: null,
      displayName: uid,
      createdAt: new Date('2026-11-22T09:59:58Z'),
      ...fields,
    }),
  });

  it('makes the lost accounts again from their records, or marks the records orphaned, and says so', async () => {
    const store = new SqliteStore(':memory:');
    const kept = await signUp('kept@example.com');
    const taken = await signUp('taken@example.com');
    const records: Record<string, DocumentData> = {
      [kept.localId]: record(kept.localId, { email: 'kept@example.com', providers: ['password'] }),
      'lost-password': record('lost-password', { email: 'lost@example.com', providers: ['password'] }),
      'lost-google': record('lost-google', {
        email: 'Gia@Example.com',
        emailVerified: true,
        providers: ['google.com'],
        displayName: 'Gia',
      }),
      'lost-admin': record('lost-admin', {
        email: 'boss@example.com',
        providers: ['password'],
        isAdmin: true,
      }),
      'no-email': record('no-email', { providers: ['password'] }),
      'email-taken': record('email-taken', { email: 'TAKEN@example.com', providers: ['password'] }),
      'demo-nina': { ...record('demo-nina', {}), demo: true },
      gone: { uid: 'gone', deleted: true, deletedAt: new Date('2026-11-20T10:00:00Z') },
    };
    await store.runTransaction(async (tx) => {
      for (const [uid, data] of Object.entries(records)) tx.set(`users/${uid}`, data);
    });
    const log: string[] = [];
    const reconcile = async () =>
      reconcileAccounts({
        emulator,
        store,
        clock,
        accounts: await listAccounts(emulator),
        log: (line) => log.push(line),
      });

    expect(await reconcile()).toEqual({
      restored: ['lost-admin', 'lost-google', 'lost-password'],
      orphaned: ['email-taken', 'no-email'],
    });
    const accounts = await listAccounts(emulator);
    const byId = (uid: string) => accounts.find((account) => account.localId === uid);
    expect(byId('lost-password')).toMatchObject({ email: 'lost@example.com' });
    expect(byId('lost-admin')).toMatchObject({ customAttributes: '{"admin":true}' });
    expect(byId('no-email') ?? byId('email-taken') ?? byId('demo-nina') ?? byId('gone')).toBeUndefined();
    expect(accounts.filter((account) => account.email === 'taken@example.com')).toHaveLength(1);
    expect(byId(taken.localId)).toBeDefined();

    // Gia signs in with Google as before and is the same member.
    const gia = await publicApi('identitytoolkit.googleapis.com/v1/accounts:signInWithIdp', {
      postBody: `id_token=${encodeURIComponent(
        JSON.stringify({
          sub: emulatorProviderSubject('google', 'gia@example.com'),
          email: 'gia@example.com',
          email_verified: true,
        }),
      )}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    });
    expect(gia.body).toMatchObject({ localId: 'lost-google' });
    // The password was not kept: a reset sets a new one, and the member is the same.
    await publicApi('identitytoolkit.googleapis.com/v1/accounts:sendOobCode', {
      requestType: 'PASSWORD_RESET',
      email: 'lost@example.com',
    });
    const { oobCodes } = (await (
      await fetch(`${emulator.url}/emulator/v1/projects/${PROJECT}/oobCodes`)
    ).json()) as { oobCodes: Array<{ email: string; oobCode: string }> };
    const code = oobCodes.filter((each) => each.email === 'lost@example.com').at(-1)!.oobCode;
    await publicApi('identitytoolkit.googleapis.com/v1/accounts:resetPassword', {
      oobCode: code,
      newPassword: 'a new one 22',
    });
    const signedIn = await publicApi('identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
      email: 'lost@example.com',
      password: 'a new one 22',
      returnSecureToken: true,
    });
    expect(signedIn.body).toMatchObject({ localId: 'lost-password' });

    expect(await store.get('users/no-email')).toMatchObject({ orphanedAt: clock.now() });
    expect(await store.get('users/email-taken')).toMatchObject({ orphanedAt: clock.now() });
    expect(await store.get(`users/${kept.localId}`)).not.toHaveProperty('orphanedAt');
    expect(await store.get('users/demo-nina')).not.toHaveProperty('orphanedAt');
    expect(log).toEqual([
      expect.stringContaining(
        'email-taken has no Auth account, and none can be made for it: another account now has its e-mail',
      ),
      expect.stringContaining('The Auth account of boss@example.com (lost-admin) was lost'),
      expect.stringContaining('The Auth account of gia@example.com (lost-google) was lost'),
      expect.stringContaining('The Auth account of lost@example.com (lost-password) was lost'),
      expect.stringContaining('no-email has no Auth account, and none can be made for it: it has no e-mail'),
    ]);
    expect(log[3]).toContain('"Forgot password?"');
    expect(log[2]).not.toContain('Forgot password');
    // The next start finds everything in order.
    log.length = 0;
    expect(await reconcile()).toEqual({ restored: [], orphaned: [] });
    expect(log).toEqual([]);
    store.close();
  }, 60_000);
});
