import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminUserPage } from '../../../src/domain/admin';
import { caller, seedMember, testContext } from '../testing';
import { adminListUsers } from './admin-list-users';

const admin = caller('ada', { isAdmin: true });

async function community(count: number) {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true, displayName: 'Ada', points: 1000 });
  for (let n = 1; n <= count; n++)
    await seedMember(context.store, `m${n}`, {
      displayName: `Member ${String(n).padStart(2, '0')}`,
      email: `member${n}@example.com`,
      points: n,
      lastVotedAt: new Date(Date.UTC(2026, 10, 1, 0, n)),
    });
  return context;
}

describe('adminListUsers', () => {
  it('refuses a caller without the admin claim', async () => {
    const context = await community(1);
    for (const who of [caller('m1'), caller('ada')])
      await expect(adminListUsers.run({ sort: 'points' }, context.as(who))).rejects.toThrow(
        ADMIN_MESSAGES.adminOnly,
      );
  });

  it('pages by tokens, 20 documents at a time after the cursor, descending; a deleted member is left out', async () => {
    const context = await community(25);
    await seedMember(context.store, 'gone', { points: 500, deletedAt: new Date('2026-11-20T10:00:00Z') });
    const first = (await adminListUsers.run({ sort: 'points' }, context.as(admin))) as AdminUserPage;
    expect(first.users.map((user) => user.uid).slice(0, 3)).toEqual(['ada', 'm25', 'm24']);
    expect(first.users).toHaveLength(19);
    expect(first.cursor).toBe('m8|8');
    const second = (await adminListUsers.run(
      { sort: 'points', cursor: first.cursor! },
      context.as(admin),
    )) as AdminUserPage;
    expect(second.users.map((user) => user.uid)).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
    expect(second.cursor).toBeNull();
  });

  it('sorts by display name and by last vote, with their cursors', async () => {
    const context = await community(22);
    const byName = (await adminListUsers.run({ sort: 'displayName' }, context.as(admin))) as AdminUserPage;
    expect(byName.users[0]?.displayName).toBe('Member 22');
    const next = (await adminListUsers.run(
      { sort: 'displayName', cursor: byName.cursor! },
      context.as(admin),
    )) as AdminUserPage;
    expect(next.users.map((user) => user.displayName)).toEqual(['Member 02', 'Member 01', 'Ada']);
    const byVote = (await adminListUsers.run({ sort: 'lastVotedAt' }, context.as(admin))) as AdminUserPage;
    expect(byVote.users[0]?.uid).toBe('m22');
    const older = (await adminListUsers.run(
      { sort: 'lastVotedAt', cursor: byVote.cursor! },
      context.as(admin),
    )) as AdminUserPage;
    // A member who never voted has no place in this order (Firestore leaves them out; SQLite puts them last).
    expect(older.users.map((user) => user.uid).slice(0, 2)).toEqual(['m2', 'm1']);
  });

  it('searches display names and e-mails by prefix, merged, with the disabled flag', async () => {
    const context = await community(12);
    await seedMember(context.store, 'dana', {
      displayName: 'Dana',
      email: 'member-dana@example.com',
      disabled: true,
    });
    const found = (await adminListUsers.run(
      { search: 'member1', sort: 'points' },
      context.as(admin),
    )) as AdminUserPage;
    expect(found.users.map((user) => user.uid).sort()).toEqual(['m1', 'm10', 'm11', 'm12']);
    const byName = (await adminListUsers.run(
      { search: 'Dan', sort: 'points' },
      context.as(admin),
    )) as AdminUserPage;
    expect(byName.users).toEqual([expect.objectContaining({ uid: 'dana', disabled: true })]);
    const both = (await adminListUsers.run(
      { search: 'Member 0', sort: 'points' },
      context.as(admin),
    )) as AdminUserPage;
    expect(both.users).toHaveLength(9);
  });

  it('refuses a cursor that is not of the sort field, or names no member', async () => {
    const context = await community(1);
    for (const cursor of ['many', 'm1|many', '../x|5'])
      await expect(adminListUsers.run({ sort: 'points', cursor }, context.as(admin))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
  });

  it('skips nobody when many members have the same tokens', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada', { isAdmin: true, points: 2 });
    for (let n = 0; n < 44; n++)
      await seedMember(context.store, `t${String(n).padStart(2, '0')}`, { points: 2 });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = (await adminListUsers.run(
        { sort: 'points', ...(cursor ? { cursor } : {}) },
        context.as(admin),
      )) as AdminUserPage;
      seen.push(...page.users.map((user) => user.uid));
      if (!page.cursor) break;
      cursor = page.cursor;
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });
});
