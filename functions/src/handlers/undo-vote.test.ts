import { describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { RATING_MESSAGES, UNDO_WINDOW_MS } from '../../../src/domain/rating';
import { statsShardPath } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { submitRating } from './rating';
import { undoVote, voteUndoPath } from './undo-vote';
import { foldVotes } from './vote-fold';

type Context = ReturnType<typeof testContext>;

const rate = (context: Context, voter: string, photoId: string, extra = {}) =>
  submitRating.run({ ownerId: 'owner', photoId, rate: 4, seconds: 5, ...extra }, context.as(caller(voter)));

const undo = (context: Context, voter: string, photoId: string, ownerId = 'owner') =>
  undoVote.run({ ownerId, photoId }, context.as(caller(voter)));

/**
 * Every document, numbers to 9 places: an average taken back is the same number, give or take the
 * last bit of a float. Left out: what undoing needs of the latest votes, which an undo does not bring
 * back for the vote before.
 */
async function snapshot(context: Context) {
  const round = (value: unknown): unknown =>
    typeof value === 'number'
      ? Math.round(value * 1e9) / 1e9
      : Array.isArray(value)
        ? value.map(round)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, round(each)]))
          : value;
  return (await context.store.contents())
    .filter(({ path }) => !path.startsWith('voteUndos/') && !path.includes('/foldedVotes/'))
    .map(({ path, data }) => ({ path, data: round(JSON.parse(data)) }));
}

async function expectNothingWritten(
  context: Context,
  attempt: () => Promise<unknown>,
  message: RegExp | string,
) {
  const before = await context.store.contents();
  await expect(attempt()).rejects.toThrow(message);
  expect(await context.store.contents()).toEqual(before);
}

/** An owner with a photo that has one vote already, and a voter who voted once before elsewhere. */
async function ratedPhoto(ownerOverrides: Partial<User> = {}) {
  const context = testContext();
  await seedMember(context.store, 'owner', { points: 5, ...ownerOverrides });
  await seedMember(context.store, 'voter', { gender: 'male', age: 33, points: 2, votesGiven: 3 });
  await seedMember(context.store, 'first', { gender: 'male' });
  await seedMember(context.store, 'other', { gender: 'male' });
  await seedPhoto(context.store, 'owner', 'p1');
  await seedPhoto(context.store, 'owner', 'earlier');
  await rate(context, 'first', 'p1', { rate: 2.5, chips: ['friendly'], seconds: 7 });
  await rate(context, 'voter', 'earlier', { rate: 3 });
  context.clock.advanceMinutes(1);
  return context;
}

describe('undoVote', () => {
  it('reverts exactly what a folded vote did: vote, comment, tags, copy, tokens, counts and every figure', async () => {
    const context = await ratedPhoto();
    const before = await snapshot(context);
    await rate(context, 'voter', 'p1', {
      rate: 4.5,
      comment: 'Lovely',
      chips: ['friendly', 'stylish'],
      seconds: 9,
    });
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({
      votesCount: 2,
      voteTotals: { hearts: { '5': 1, '9': 1 }, tags: { friendly: 2, stylish: 1 } },
    });
    context.clock.advanceSeconds(UNDO_WINDOW_MS / 1000 - 1);
    await expect(undo(context, 'voter', 'p1')).resolves.toEqual({ undone: true });
    // The photo, the site's and peers' shards, both members, the votes: all as before the vote.
    expect(await snapshot(context)).toEqual(before);
    expect(await context.store.get(voteUndoPath('voter'))).toBeUndefined();
    expect(await context.store.get('users/owner/photos/p1/foldedVotes/voter')).toBeUndefined();
    expect(await context.store.get(statsShardPath('p1'))).toMatchObject({ votes: 1, votesSum: 2.5 });
  });

  it('drops a vote still pending, so its fold never counts it', async () => {
    const context = await ratedPhoto();
    const before = await snapshot(context);
    let transactions = 0;
    const lostFold: typeof context.store = Object.assign(
      Object.create(context.store) as typeof context.store,
      {
        // The vote's transaction passes; its fold is lost, as to contention, and left to the trigger.
        runTransaction: <T>(work: Parameters<typeof context.store.runTransaction<T>>[0]) =>
          ++transactions === 2
            ? Promise.reject(new Error('ABORTED: too much contention'))
            : context.store.runTransaction(work),
      },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await submitRating.run(
      { ownerId: 'owner', photoId: 'p1', rate: 5, seconds: 5 },
      { ...context.as(caller('voter')), store: lostFold },
    );
    warn.mockRestore();
    expect(await context.store.query('users/owner/photos/p1/pendingVotes')).toHaveLength(1);
    await undo(context, 'voter', 'p1');
    expect(await foldVotes(context.store, context.clock, 'owner', 'p1')).toBe(0);
    expect(await snapshot(context)).toEqual(before);
  });

  it('takes back the token a 5th vote earned, once, and the 5th vote again earns it once', async () => {
    const context = await ratedPhoto();
    // The voter's 5th vote.
    await expect(rate(context, 'voter', 'p1')).resolves.toEqual({ tokensEarned: 1 });
    expect(await context.store.get<User>('users/voter')).toMatchObject({ points: 3, votesGiven: 5 });
    await undo(context, 'voter', 'p1');
    expect(await context.store.get<User>('users/voter')).toMatchObject({ points: 2, votesGiven: 4 });
    await expect(rate(context, 'voter', 'p1')).resolves.toEqual({ tokensEarned: 1 });
    expect(await context.store.get<User>('users/voter')).toMatchObject({ points: 3, votesGiven: 5 });
  });

  it('refuses to undo a vote whose earned token is spent: undo and vote again would earn it without end', async () => {
    const context = await ratedPhoto();
    await rate(context, 'voter', 'p1');
    // Every token spent within the window, the earned one with them.
    await context.store.runTransaction(async (tx) => tx.update('users/voter', { points: 0 }));
    await expectNothingWritten(context, () => undo(context, 'voter', 'p1'), RATING_MESSAGES.undoGone);
    expect(await context.store.get<User>('users/voter')).toMatchObject({ points: 0, votesGiven: 5 });
  });

  it("gives a free owner's last token back and turns on again the photos its loss turned off", async () => {
    const context = await ratedPhoto();
    await context.store.runTransaction(async (tx) => tx.update('users/owner', { points: 1 }));
    await rate(context, 'voter', 'p1');
    expect(await context.store.get<User>('users/owner')).toMatchObject({ points: 0 });
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({
      active: false,
      pausedForTokens: true,
    });
    await undo(context, 'voter', 'p1');
    expect(await context.store.get<User>('users/owner')).toMatchObject({ points: 1 });
    // On again, and no longer among the photos offered back together after a purchase.
    for (const id of ['p1', 'earlier'])
      expect(await context.store.get<Photo>(`users/owner/photos/${id}`)).toMatchObject({
        active: true,
        pausedForTokens: false,
      });
  });

  it('costs a Premium owner nothing, so gives nothing back', async () => {
    const context = await ratedPhoto({ subscribed: true });
    await rate(context, 'voter', 'p1');
    await undo(context, 'voter', 'p1');
    expect(await context.store.get<User>('users/owner')).toMatchObject({ points: 5 });
  });

  it('undoes once: a second undo is refused and changes nothing', async () => {
    const context = await ratedPhoto();
    await rate(context, 'voter', 'p1');
    await undo(context, 'voter', 'p1');
    await expectNothingWritten(context, () => undo(context, 'voter', 'p1'), RATING_MESSAGES.undoGone);
  });

  it('refuses an undo past the window, and writes nothing', async () => {
    const context = await ratedPhoto();
    await rate(context, 'voter', 'p1');
    context.clock.advanceSeconds(UNDO_WINDOW_MS / 1000 + 1);
    await expectNothingWritten(context, () => undo(context, 'voter', 'p1'), RATING_MESSAGES.undoGone);
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({ votesCount: 2 });
  });

  it("undoes only the caller's own latest vote: not another member's, not an earlier one", async () => {
    const context = await ratedPhoto();
    await seedPhoto(context.store, 'owner', 'p2');
    await rate(context, 'voter', 'p1');
    // Another member, even the photo's owner or one who voted on it too, cannot undo the voter's vote.
    await expectNothingWritten(context, () => undo(context, 'other', 'p1'), RATING_MESSAGES.undoGone);
    await expectNothingWritten(context, () => undo(context, 'owner', 'p1'), RATING_MESSAGES.undoGone);
    await expectNothingWritten(context, () => undo(context, 'first', 'p1'), RATING_MESSAGES.undoGone);
    await rate(context, 'voter', 'p2');
    await expectNothingWritten(context, () => undo(context, 'voter', 'p1'), RATING_MESSAGES.undoGone);
    // The latest one, and only what it moved.
    await undo(context, 'voter', 'p2');
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({ votesCount: 2 });
    expect(await context.store.get<Photo>('users/owner/photos/p2')).toMatchObject({ votesCount: 0, rate: 0 });
    expect(await context.store.get('users/voter/votes/p1')).toBeDefined();
  });

  it('refuses wrong types, unknown fields, prototype keys and unknown photos with a 4xx, writing nothing', async () => {
    const context = await ratedPhoto();
    await rate(context, 'voter', 'p1');
    const as = context.as(caller('voter'));
    const cases: Array<[unknown, RegExp | string]> = [
      [{ ownerId: 5, photoId: 'p1' }, /./],
      [{ ownerId: 'owner', photoId: { id: 'p1' } }, /./],
      [{ ownerId: 'owner' }, 'Photo is required'],
      [null, /./],
      ['owner/p1', /./],
      [{ ownerId: 'owner', photoId: 'p1', rate: 4 }, /./],
      [JSON.parse('{"ownerId":"owner","photoId":"p1","__proto__":{"admin":true}}'), /./],
      [{ ownerId: '__proto__', photoId: 'constructor' }, RATING_MESSAGES.undoGone],
      [{ ownerId: 'owner', photoId: 'nope' }, RATING_MESSAGES.undoGone],
      [{ ownerId: 'owner', photoId: 'x'.repeat(10_000) }, /./],
    ];
    for (const [input, message] of cases) {
      const before = await context.store.contents();
      const attempt = undoVote.run(input, as);
      await expect(attempt).rejects.toMatchObject({
        code: expect.stringMatching(/^(invalid-argument|failed-precondition)$/),
      });
      await expect(attempt).rejects.toThrow(message);
      expect(await context.store.contents()).toEqual(before);
    }
    await expect(undoVote.run({ ownerId: 'owner', photoId: 'p1' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    // Still undoable by its voter after all that.
    await expect(undo(context, 'voter', 'p1')).resolves.toEqual({ undone: true });
  });

  it('leaves nothing of a vote on a photo deleted since, and refuses to undo it', async () => {
    const context = await ratedPhoto();
    await rate(context, 'voter', 'p1');
    await context.store.runTransaction(async (tx) => tx.delete('users/owner/photos/p1'));
    await expectNothingWritten(context, () => undo(context, 'voter', 'p1'), RATING_MESSAGES.undoGone);
  });
});
