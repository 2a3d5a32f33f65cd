import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, testContext } from '../testing';
import { adminUpdateUser } from './admin-users';

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
    const before = context.store.contents();
    for (const who of [caller('dana'), caller('ada'), null]) {
      await expect(adminUpdateUser.run({ uid: 'dana', points: 99 }, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    }
    await expect(
      adminUpdateUser.run({ uid: 'dana', points: 99 }, context.as(caller('dana'))),
    ).rejects.toThrow(ADMIN_MESSAGES.adminOnly);
    expect(context.store.contents()).toEqual(before);
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
    const before = context.store.contents();
    const refusal = adminUpdateUser.run(input, context.as(admin));
    if (expected === 'invalid-argument') await expect(refusal).rejects.toMatchObject({ code: expected });
    else await expect(refusal).rejects.toThrow(expected);
    expect(context.store.contents()).toEqual(before);
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

  it('will not let an admin disable themselves or drop their own role, and finds no deleted member', async () => {
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
  });
});
