import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { callerFromToken } from '../caller-from-token';
import { caller, seedMember, testContext } from '../testing';
import { ADMIN_MESSAGES } from '../../../src/domain/admin';
import { adminClaims, isAdminNow, setAdminRole, type ClaimsAuth } from './admin-role';
import { ensureUser } from './ensure-user';

/** The Admin SDK's Auth as far as the role goes: accounts by e-mail and their custom claims. */
function fakeAuth(
  accounts: Record<string, { uid: string; customClaims?: Record<string, unknown> }>,
  revoked: string[] = [],
) {
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
    async revokeRefreshTokens(uid) {
      revoked.push(uid);
    },
  };
  return auth;
}

describe('the admin role', () => {
  it('sets the claim, keeping the other claims, and mirrors it on the member record; revoking clears both and signs them out', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada');
    // Another admin stays, so Ada's role may be taken.
    await seedMember(context.store, 'bea', { isAdmin: true });
    const accounts = { 'ada@example.com': { uid: 'ada', customClaims: { beta: true } } };
    const revoked: string[] = [];
    const claims = adminClaims(fakeAuth(accounts, revoked));
    const services = { store: context.store, claims, clock: context.clock };
    expect(await claims.uidByEmail('ada@example.com')).toBe('ada');
    expect(await claims.uidByEmail('nobody@example.com')).toBeUndefined();

    await setAdminRole(services, 'ada', true);
    expect(accounts['ada@example.com'].customClaims).toEqual({ beta: true, admin: true });
    expect((await context.store.get<User>('users/ada'))?.isAdmin).toBe(true);
    expect(revoked).toEqual([]);

    await setAdminRole(services, 'ada', false);
    expect(accounts['ada@example.com'].customClaims).toEqual({ beta: true });
    expect((await context.store.get<User>('users/ada'))?.isAdmin).toBe(false);
    expect(revoked).toEqual(['ada']);
  });

  it("will not take the last admin's role: the claim, the record and the sign-ins stay", async () => {
    const context = testContext();
    await seedMember(context.store, 'ada', { isAdmin: true });
    // A disabled admin, and a deleted one, grant nothing: they do not count.
    await seedMember(context.store, 'off', { isAdmin: true, disabled: true });
    await seedMember(context.store, 'gone', { isAdmin: true, deletedAt: new Date('2026-11-20T10:00:00Z') });
    const accounts = { 'ada@example.com': { uid: 'ada', customClaims: { admin: true } } };
    const revoked: string[] = [];
    const services = {
      store: context.store,
      claims: adminClaims(fakeAuth(accounts, revoked)),
      clock: context.clock,
    };
    const before = await context.store.contents();
    await expect(setAdminRole(services, 'ada', false)).rejects.toThrow(ADMIN_MESSAGES.lastAdmin);
    expect(await context.store.contents()).toEqual(before);
    expect(accounts['ada@example.com'].customClaims).toEqual({ admin: true });
    expect(revoked).toEqual([]);
  });

  it('is the claim and the record together, the record neither disabled nor deleted', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada', { isAdmin: true });
    await seedMember(context.store, 'was', { isAdmin: false });
    await seedMember(context.store, 'off', { isAdmin: true, disabled: true });
    await seedMember(context.store, 'gone', { isAdmin: true, deletedAt: new Date('2026-11-20T10:00:00Z') });
    const now = (uid: string, claim = true) => isAdminNow(context.store, caller(uid, { isAdmin: claim }));
    expect(await now('ada')).toBe(true);
    expect(await now('ada', false)).toBe(false);
    for (const uid of ['was', 'off', 'gone', 'nobody']) expect(await now(uid), uid).toBe(false);
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
