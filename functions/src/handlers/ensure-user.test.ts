import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, testContext } from '../testing';
import { ensureUser } from './ensure-user';

describe('ensureUser', () => {
  it('creates the record on first sign-in: incomplete, 2 tokens, a guest name', async () => {
    const { store, as, clock } = testContext();
    await expect(ensureUser.run({}, as(caller('alice')))).resolves.toEqual({ created: true });
    const user = await store.get<User>('users/alice');
    expect(user).toMatchObject({
      uid: 'alice',
      email: 'alice@example.com',
      complete: false,
      onBoarding: false,
      subscribed: false,
      points: 2,
      newVotes: 0,
      loginStreak: 0,
      blocks: [],
      feedback: false,
      isAdmin: false,
      disabled: false,
      providers: ['password'],
    });
    expect(user?.displayName).toMatch(/^Guest /);
    expect(user?.createdAt).toEqual(clock.now());
    expect(user?.referrerId).toBeUndefined();
  });

  it("uses the provider's name when it gives one", async () => {
    const { store, as } = testContext();
    await ensureUser.run({}, as(caller('g', { name: 'Grace Hopper', signInProvider: 'google.com' })));
    expect(await store.get<User>('users/g')).toMatchObject({
      displayName: 'Grace Hopper',
      providers: ['google.com'],
    });
  });

  it('keeps the referrer on creation only, and never the member themself', async () => {
    const { store, as } = testContext();
    await ensureUser.run({ referrerId: 'bob' }, as(caller('alice')));
    await ensureUser.run({ referrerId: 'carol' }, as(caller('alice')));
    expect((await store.get<User>('users/alice'))?.referrerId).toBe('bob');
    await ensureUser.run({ referrerId: 'dave' }, as(caller('dave')));
    expect((await store.get<User>('users/dave'))?.referrerId).toBeUndefined();
  });

  it('refreshes e-mail, verification, providers and updatedAt on later sign-ins, keeping the rest', async () => {
    const { store, as, clock } = testContext();
    await ensureUser.run({}, as(caller('alice')));
    const first = await store.get<User>('users/alice');
    clock.advanceDays(1);
    await expect(
      ensureUser.run({}, as(caller('alice', { emailVerified: true, signInProvider: 'google.com' }))),
    ).resolves.toEqual({ created: false });
    const later = await store.get<User>('users/alice');
    expect(later).toMatchObject({
      displayName: first?.displayName,
      points: 2,
      emailVerified: true,
      providers: ['password', 'google.com'],
      createdAt: first?.createdAt,
      updatedAt: clock.now(),
    });
  });

  it('refuses a signed-out caller, a malformed referrer and a deleted account, writing nothing', async () => {
    const { store, as } = testContext();
    await expect(ensureUser.run({}, as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(ensureUser.run({ referrerId: '../../etc' }, as(caller('alice')))).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'Referrer is not valid',
    });
    expect(await store.get('users/alice')).toBeUndefined();
    await store.runTransaction(async (tx) => tx.set('users/gone', { uid: 'gone', deletedAt: new Date() }));
    await expect(ensureUser.run({}, as(caller('gone')))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
