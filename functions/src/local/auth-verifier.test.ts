/**
 * The local server's token checks against the official Auth emulator: a member whose role is taken
 * is signed out (`revokeRefreshTokens`), and the ID token they still hold is refused at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../scripts/java-emulators';
import { startAuthEmulator } from '../../../scripts/auth-emulator';
import { emulatorAuthVerifier, type AuthVerifier } from './auth-verifier';

const PROJECT = 'demo-auth-verifier';
let emulator: RunningEmulator;
let verifier: AuthVerifier;

beforeAll(async () => {
  emulator = await startAuthEmulator(PROJECT);
  verifier = emulatorAuthVerifier(PROJECT, emulator.host);
}, 120_000);

afterAll(async () => {
  await verifier?.close();
  await emulator?.stop?.();
});

/** Signs in as the app does, through the emulator's REST API; any key does there. */
async function signIn(email: string, password: string) {
  const response = await fetch(
    `http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return (await response.json()) as { idToken: string; refreshToken: string };
}

function refresh(refreshToken: string) {
  return fetch(`http://${emulator.host}/securetoken.googleapis.com/v1/token?key=local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
}

describe('the local token checks', () => {
  it("refuse a demoted admin's ID tokens, and what their refresh token gets, as soon as their sign-ins are revoked", async () => {
    const { uid } = await verifier.auth.createUser({ email: 'deputy@example.com', password: 'deputy-pass' });
    await verifier.setAdminClaim(uid, true);
    const tokens = await signIn('deputy@example.com', 'deputy-pass');
    expect(await verifier.verifyIdToken(tokens.idToken)).toMatchObject({ uid, isAdmin: true });
    // Auth counts revocations in whole seconds: one that lands in the sign-in's own second spares it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    await verifier.setAdminClaim(uid, false);
    await verifier.revokeRefreshTokens(uid);
    await expect(verifier.verifyIdToken(tokens.idToken)).rejects.toMatchObject({
      code: 'auth/id-token-revoked',
    });
    // The emulator still swaps the refresh token (Auth in production refuses it), but what it gives
    // keeps the old sign-in's time, and is refused too.
    const refreshed = await refresh(tokens.refreshToken);
    if (refreshed.ok) {
      const { id_token: idToken } = (await refreshed.json()) as { id_token: string };
      await expect(verifier.verifyIdToken(idToken)).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    }
    // Signing in again gives a token without the role.
    const again = await signIn('deputy@example.com', 'deputy-pass');
    expect((await verifier.verifyIdToken(again.idToken)).isAdmin).toBe(false);
  }, 30_000);
});
