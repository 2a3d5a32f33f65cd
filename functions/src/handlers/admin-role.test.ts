import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { callerFromToken } from '../caller-from-token';
import { caller, seedMember, testContext } from '../testing';
import { adminClaims, setAdminRole, type ClaimsAuth } from './admin-role';
import { ensureUser } from './ensure-user';

/** The Admin SDK's Auth as far as the role goes: accounts by e-mail and their custom claims. */
function fakeAuth(accounts: Record<string, { uid: string; customClaims?: Record<string, unknown> }>) {
  const auth: ClaimsAuth = {
    async getUserByEmail(email) {
      const account = accounts[email];
      if (!account) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
      return account;
    },
    async getUser(uid) {
      return Object.values(accounts).find((account) => account.uid === uid)!;
    },
    async setCustomUserClaims(uid, claims) {
      Object.values(accounts).find((account) => account.uid === uid)!.customClaims = claims ?? {};
    },
  };
  return auth;
}

describe('the admin role', () => {
  it('sets the claim, keeping the other claims, and mirrors it on the member record; revoking clears both', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada');
    const accounts = { 'ada@example.com': { uid: 'ada', customClaims: { beta: true } } };
    const claims = adminClaims(fakeAuth(accounts));
    const services = { store: context.store, claims, clock: context.clock };
    expect(await claims.uidByEmail('ada@example.com')).toBe('ada');
    expect(await claims.uidByEmail('nobody@example.com')).toBeUndefined();

    await setAdminRole(services, 'ada', true);
    expect(accounts['ada@example.com'].customClaims).toEqual({ beta: true, admin: true });
    expect((await context.store.get<User>('users/ada'))?.isAdmin).toBe(true);

    await setAdminRole(services, 'ada', false);
    expect(accounts['ada@example.com'].customClaims).toEqual({ beta: true });
    expect((await context.store.get<User>('users/ada'))?.isAdmin).toBe(false);
  });

  it('sets the claim of an account that has no record yet; its first sign-in mirrors it', async () => {
    const context = testContext();
    const accounts = { 'new@example.com': { uid: 'new' } };
    await setAdminRole(
      { store: context.store, claims: adminClaims(fakeAuth(accounts)), clock: context.clock },
      'new',
      true,
    );
    expect(await context.store.get('users/new')).toBeUndefined();
    await ensureUser.run({}, context.as(caller('new', { isAdmin: true })));
    expect((await context.store.get<User>('users/new'))?.isAdmin).toBe(true);
  });

  it("is the token's admin claim, and only when it is exactly true", () => {
    const token = (claims: Record<string, unknown>) =>
      callerFromToken({
        uid: 'u',
        exp: 2_000_000_000,
        firebase: { sign_in_provider: 'password', identities: {} },
        ...claims,
      } as unknown as Parameters<typeof callerFromToken>[0]);
    expect(token({ admin: true }).isAdmin).toBe(true);
    expect(token({ admin: 'true' }).isAdmin).toBe(false);
    expect(token({}).isAdmin).toBe(false);
  });

  it('is not taken from anything but the claim: a first sign-in without it is no admin', async () => {
    const context = testContext();
    await ensureUser.run({}, context.as(caller('plain')));
    expect((await context.store.get<User>('users/plain'))?.isAdmin).toBe(false);
  });
});
