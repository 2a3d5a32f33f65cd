import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { adminListUsers } from './admin-list-users';
import { adminDeleteUser, adminListLog, adminUpdateUser } from './admin-users';
import { purgeDeletedMembers } from './delete-account';

const admin = caller('ada', { isAdmin: true });

async function withMembers() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'dana', { displayName: 'Dana', points: 10 });
  return context;
}

describe('adminUpdateUser', () => {
  it('refuses a caller without the admin claim, even one whose record says admin, and writes nothing', async () => {
    const context = await withMembers();
    const before = await context.store.contents();
    for (const who of [caller('dana'), caller('ada'), null]) {
      await expect(adminUpdateUser.run({ uid: 'dana', points: 99 }, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    }
    await expect(
      adminUpdateUser.run({ uid: 'dana', points: 99 }, context.as(caller('dana'))),
    ).rejects.toThrow(ADMIN_MESSAGES.adminOnly);
    expect(await context.store.contents()).toEqual(before);
    expect(context.disabledAccounts.size + context.adminAccounts.size).toBe(0);
  });

  it.each([
    [{ uid: 'dana', points: 'many' }, 'invalid-argument'],
    [{ uid: 'dana', points: 2.5 }, ADMIN_MESSAGES.pointsWhole],
    [{ uid: 'dana', points: -1 }, ADMIN_MESSAGES.pointsMin],
    [{ uid: 'dana', displayName: '' }, 'Name is required'],
    [{ uid: 'dana', displayName: 'x'.repeat(256) }, 'Name must be at most 255 characters'],
    [{ points: 5 }, 'User ID is required'],
    [{ uid: 'dana', role: 'owner' }, 'invalid-argument'],
    [{ uid: 'dana', points: 10 }, ADMIN_MESSAGES.nothingChanged],
  ])('refuses %j and writes nothing', async (input, expected) => {
    const context = await withMembers();
    const before = await context.store.contents();
    const refusal = adminUpdateUser.run(input, context.as(admin));
    if (expected === 'invalid-argument') await expect(refusal).rejects.toMatchObject({ code: expected });
    else await expect(refusal).rejects.toThrow(expected);
    expect(await context.store.contents()).toEqual(before);
  });

  it('changes only what was sent and differs, in Auth too, and logs who, what, when, before and after', async () => {
    const context = await withMembers();
    const result = await adminUpdateUser.run(
      { uid: 'dana', displayName: 'Dana', points: 25, disabled: true, isAdmin: true },
      context.as(admin),
    );
    expect(result).toEqual({ updated: ['points', 'isAdmin', 'disabled'] });
    expect(await context.store.get<User>('users/dana')).toMatchObject({
      displayName: 'Dana',
      points: 25,
      isAdmin: true,
      disabled: true,
      updatedAt: context.clock.now(),
    });
    expect(context.disabledAccounts.has('dana')).toBe(true);
    expect(context.adminAccounts.has('dana')).toBe(true);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data)).toEqual([
      {
        adminId: 'ada',
        action: 'updateUser',
        targetPath: 'users/dana',
        at: context.clock.now(),
        before: { points: 10, isAdmin: false, disabled: false },
        after: { points: 25, isAdmin: true, disabled: true },
      },
    ]);

    await adminUpdateUser.run({ uid: 'dana', disabled: false, isAdmin: false }, context.as(admin));
    expect(context.disabledAccounts.has('dana')).toBe(false);
    expect(context.adminAccounts.has('dana')).toBe(false);
    expect(await context.store.get<User>('users/dana')).toMatchObject({ disabled: false, isAdmin: false });
  });

  it('will not let an admin disable themselves or change their own role either way, and finds no deleted member', async () => {
    const context = await withMembers();
    await seedMember(context.store, 'gone', { deletedAt: new Date('2026-11-20T10:00:00Z') });
    await expect(adminUpdateUser.run({ uid: 'ada', disabled: true }, context.as(admin))).rejects.toThrow(
      ADMIN_MESSAGES.notYourself,
    );
    await expect(adminUpdateUser.run({ uid: 'ada', isAdmin: false }, context.as(admin))).rejects.toThrow(
      ADMIN_MESSAGES.notYourself,
    );
    await expect(adminUpdateUser.run({ uid: 'gone', points: 1 }, context.as(admin))).rejects.toMatchObject({
      code: 'not-found',
    });
    // Nor grant it: a record that lost the role (a write elsewhere, a race) is no admin's to restore alone.
    await context.store.runTransaction(async (tx) => tx.update('users/ada', { isAdmin: false }));
    await expect(adminUpdateUser.run({ uid: 'ada', isAdmin: true }, context.as(admin))).rejects.toMatchObject(
      {
        code: 'permission-denied',
      },
    );
  });
});

describe('a demoted admin', () => {
  const bea = caller('bea', { isAdmin: true });

  async function twoAdmins() {
    const context = await withMembers();
    await seedMember(context.store, 'bea', { isAdmin: true });
    return context;
  }

  it("is signed out everywhere, and the token they still hold grants nothing: not the role again, not the other admin's, no admin work", async () => {
    const context = await twoAdmins();
    context.adminAccounts.add('ada').add('bea');
    await adminUpdateUser.run({ uid: 'bea', isAdmin: false }, context.as(admin));
    expect(context.revokedAccounts).toEqual(['bea']);
    expect(context.adminAccounts.has('bea')).toBe(false);
    const before = await context.store.contents();
    // Bea's ID token was minted before, and still carries the claim.
    for (const [handler, input] of [
      [adminUpdateUser, { uid: 'bea', isAdmin: true }],
      [adminUpdateUser, { uid: 'ada', isAdmin: false }],
      [adminUpdateUser, { uid: 'ada', disabled: true }],
      [adminDeleteUser, { uid: 'ada' }],
      [adminListLog, {}],
      [adminListUsers, {}],
    ] as const)
      await expect(handler.run(input, context.as(bea))).rejects.toMatchObject({
        code: 'permission-denied',
        message: ADMIN_MESSAGES.adminOnly,
      });
    expect(await context.store.contents()).toEqual(before);
    expect([...context.adminAccounts]).toEqual(['ada']);
    expect(context.disabledAccounts.size + context.deletedAccounts.length).toBe(0);
  });

  it('includes a disabled one: their token grants nothing either', async () => {
    const context = await twoAdmins();
    await adminUpdateUser.run({ uid: 'bea', disabled: true }, context.as(admin));
    const before = await context.store.contents();
    await expect(adminUpdateUser.run({ uid: 'ada', isAdmin: false }, context.as(bea))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
    expect(await context.store.contents()).toEqual(before);
  });

  it("never comes of two admins taking each other's role at once: one of them stays admin", async () => {
    const context = await twoAdmins();
    context.adminAccounts.add('ada').add('bea');
    const outcomes = await Promise.allSettled([
      adminUpdateUser.run({ uid: 'bea', isAdmin: false }, context.as(admin)),
      adminUpdateUser.run({ uid: 'ada', isAdmin: false }, context.as(bea)),
    ]);
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find(({ status }) => status === 'rejected')).toMatchObject({
      reason: { code: 'permission-denied' },
    });
    const records = await Promise.all(['ada', 'bea'].map((uid) => context.store.get<User>(`users/${uid}`)));
    const admins = records.filter((record) => record?.isAdmin).map((record) => record!.uid);
    expect(admins).toHaveLength(1);
    // The claim follows the record: the refused change was undone in Auth.
    expect([...context.adminAccounts]).toEqual(admins);
    expect(await context.store.query('adminLog')).toHaveLength(1);
  });

  it('never comes of an admin deleting the one taking their role: one of them stays admin', async () => {
    const context = await twoAdmins();
    const outcomes = await Promise.allSettled([
      adminUpdateUser.run({ uid: 'bea', isAdmin: false }, context.as(admin)),
      adminDeleteUser.run({ uid: 'ada' }, context.as(bea)),
    ]);
    expect(outcomes.filter(({ status }) => status === 'fulfilled')).toHaveLength(1);
    const records = await Promise.all(['ada', 'bea'].map((uid) => context.store.get<User>(`users/${uid}`)));
    expect(records.filter((record) => record?.isAdmin && !record.deletedAt)).toHaveLength(1);
  });
});

describe('adminDeleteUser', () => {
  it('refuses non-admins and bad input, and never the admin themselves; nothing is written', async () => {
    const context = await withMembers();
    const before = await context.store.contents();
    for (const who of [caller('dana'), caller('ada'), null])
      await expect(adminDeleteUser.run({ uid: 'dana' }, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    await expect(adminDeleteUser.run({}, context.as(admin))).rejects.toThrow('User ID is required');
    await expect(adminDeleteUser.run({ uid: 5 }, context.as(admin))).rejects.toThrow('uid must be text');
    await expect(adminDeleteUser.run({ uid: 'ada' }, context.as(admin))).rejects.toThrow(
      ADMIN_MESSAGES.notYourAccount,
    );
    await expect(adminDeleteUser.run({ uid: 'nobody' }, context.as(admin))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await context.store.contents()).toEqual(before);
    expect(context.deletedAccounts).toEqual([]);
  });

  it('deletes a member as their own deletion does, logged, and the purge takes the rest', async () => {
    const context = await withMembers();
    await seedPhoto(context.store, 'dana', 'p1');
    await adminDeleteUser.run({ uid: 'dana' }, context.as(admin));
    expect(await context.store.get<User>('users/dana')).toMatchObject({ deletedAt: context.clock.now() });
    expect(await context.store.get('users/dana/photos/p1')).toMatchObject({
      active: false,
      error: 'User deleted',
    });
    expect(await context.store.get('removals/dana')).toMatchObject({
      message: ADMIN_MESSAGES.deletedByAdmin,
    });
    expect(context.deletedAccounts).toEqual(['dana']);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data)).toEqual([
      expect.objectContaining({
        adminId: 'ada',
        action: 'deleteUser',
        targetPath: 'users/dana',
        before: expect.objectContaining({ displayName: 'Dana', points: 10 }),
      }),
    ]);
    await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock);
    expect(await context.store.get('users/dana/photos/p1')).toBeUndefined();
    await expect(adminDeleteUser.run({ uid: 'dana' }, context.as(admin))).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('adminListLog', () => {
  it('is for admins only', async () => {
    const context = await withMembers();
    for (const who of [caller('dana'), caller('ada'), null])
      await expect(adminListLog.run({}, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    await expect(adminListLog.run({ cursor: 'soon' }, context.as(admin))).rejects.toThrow(
      'This page cursor is not valid.',
    );
  });

  it('lists the admin writes newest first, 20 a page, dates as text', async () => {
    const context = await withMembers();
    for (let n = 0; n < 23; n++) {
      context.clock.advanceMinutes(1);
      await adminUpdateUser.run({ uid: 'dana', points: n + 100 }, context.as(admin));
    }
    const first = await adminListLog.run({}, context.as(admin));
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toMatchObject({
      adminId: 'ada',
      adminName: 'ada',
      action: 'updateUser',
      targetPath: 'users/dana',
      at: context.clock.now().toISOString(),
      before: { points: 121 },
      after: { points: 122 },
    });
    const second = await adminListLog.run({ cursor: first.cursor! }, context.as(admin));
    expect(second.entries.map((entry) => entry.after.points)).toEqual([102, 101, 100]);
    expect(second.cursor).toBeNull();
  });
});

describe('adminUpdateUser half done', () => {
  it('undoes the admin claim when disabling the account fails, and writes nothing', async () => {
    const context = await withMembers();
    const before = await context.store.contents();
    const failing = {
      ...context.as(admin),
      accounts: {
        ...context.accounts,
        setDisabled: async () => {
          throw new Error('Auth is unreachable');
        },
      },
    };
    await expect(
      adminUpdateUser.run({ uid: 'dana', isAdmin: true, disabled: true }, failing),
    ).rejects.toThrow('Auth is unreachable');
    expect(context.adminAccounts.has('dana')).toBe(false);
    expect(await context.store.contents()).toEqual(before);
  });

  it('undoes what Auth took when the record cannot be written', async () => {
    const context = await withMembers();
    const failing = {
      ...context.as(admin),
      store: Object.assign(Object.create(context.store) as typeof context.store, {
        runTransaction: async () => {
          throw new Error('The store is unreachable');
        },
      }),
    };
    await expect(
      adminUpdateUser.run({ uid: 'dana', isAdmin: true, disabled: true }, failing),
    ).rejects.toThrow('The store is unreachable');
    expect(context.adminAccounts.has('dana')).toBe(false);
    expect(context.disabledAccounts.has('dana')).toBe(false);
  });

  it('skips no entry of the same instant between pages', async () => {
    const context = await withMembers();
    for (let n = 0; n < 25; n++)
      await adminUpdateUser.run({ uid: 'dana', points: n + 100 }, context.as(admin));
    const first = await adminListLog.run({}, context.as(admin));
    const second = await adminListLog.run({ cursor: first.cursor! }, context.as(admin));
    const ids = [...first.entries, ...second.entries].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(25);
    expect(second.cursor).toBeNull();
  });
});
