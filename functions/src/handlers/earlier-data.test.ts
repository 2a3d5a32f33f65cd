import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { ratingOverview, tagTotals } from '../../../src/domain/vote-totals';
import type { Vote } from '../../../src/domain/vote';
import { seedMember, seedPhoto, seedVote, testContext } from '../testing';
import { purgeDeletedMembers } from './delete-account';
import { backfillVoteTotals, markPendingPurges } from './earlier-data';
import { foldVotes, pendingVotesPath, type PendingVote } from './vote-fold';

type Context = ReturnType<typeof testContext>;

/** A vote as versions before `commented` stored it. */
async function seedEarlierVote(context: Context, voter: string, fields: Partial<Vote>): Promise<string> {
  const id = await seedVote(context.store, 'owner', 'p1', voter, fields);
  const path = `users/owner/photos/p1/votes/${id}`;
  await context.store.runTransaction(async (tx) => {
    const earlier = Object.fromEntries(
      Object.entries((await tx.get<Vote>(path))!).filter(([field]) => field !== 'commented'),
    );
    tx.set(path, earlier);
  });
  return id;
}

async function photoRatedBefore(context: Context) {
  await seedMember(context.store, 'owner', { points: 10 });
  await seedPhoto(context.store, 'owner', 'p1', { votesCount: 2, rate: 3.5 });
  await seedEarlierVote(context, 'v1', { rate: 5, chips: ['kind', 'stylish'], comment: 'Great light' });
  await seedEarlierVote(context, 'v2', { rate: 2, chips: ['kind'] });
  // A third, given a moment ago and not yet folded into the photo.
  await seedEarlierVote(context, 'v3', { rate: 4.5, chips: ['stylish'] });
  await context.store.runTransaction(async (tx) =>
    tx.set(`${pendingVotesPath('owner', 'p1')}/v3`, {
      rate: 4.5,
      chips: ['stylish'],
      viewingTimeSeconds: 5,
      voter: { votesGiven: 0, ratesGivenSum: 0, ratesGivenSquares: 0 },
      ratedAt: new Date('2026-11-22T09:59:00Z'),
    } satisfies PendingVote),
  );
}

const photoOf = (context: Context) => context.store.get<Photo>('users/owner/photos/p1');

describe('vote totals for photos rated before the fold kept them', () => {
  it('are counted once from the folded votes; the pending one is counted by its fold, and votes learn `commented`', async () => {
    const context = testContext();
    await photoRatedBefore(context);
    // The fold does not begin totals of its own on such a photo: they would count its newest votes alone.
    expect((await photoOf(context))?.voteTotals).toBeUndefined();

    expect(await backfillVoteTotals(context.store)).toBe(1);
    expect((await photoOf(context))?.voteTotals).toEqual({
      hearts: { '10': 1, '4': 1 },
      tags: { kind: 2, stylish: 1 },
    });
    const votes = await context.store.query<Vote>('users/owner/photos/p1/votes');
    expect(votes.map(({ data }) => [data.rate, data.commented]).sort()).toEqual([
      [2, false],
      [4.5, false],
      [5, true],
    ]);

    expect(await foldVotes(context.store, context.clock, 'owner', 'p1')).toBe(1);
    const photo = await photoOf(context);
    expect(photo?.votesCount).toBe(3);
    expect(ratingOverview(photo?.voteTotals)).toEqual({ '1-2': 0, '3-4': 1, '5-6': 0, '7-8': 0, '9-10': 2 });
    expect(tagTotals(photo?.voteTotals)).toEqual([
      { tag: 'kind', count: 2 },
      { tag: 'stylish', count: 2 },
    ]);
  });

  it('are counted once: a second run reads the marker and nothing else', async () => {
    const context = testContext();
    await photoRatedBefore(context);
    await backfillVoteTotals(context.store);
    await context.store.runTransaction(async (tx) =>
      tx.update('users/owner/photos/p1', { voteTotals: { hearts: { '7': 9 }, tags: {} } }),
    );
    expect(await backfillVoteTotals(context.store)).toBe(0);
    expect((await photoOf(context))?.voteTotals).toEqual({ hearts: { '7': 9 }, tags: {} });
  });

  it('leave a site without votes and unrated photos alone', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner');
    await seedPhoto(context.store, 'owner', 'p1');
    expect(await backfillVoteTotals(context.store)).toBe(0);
    expect((await photoOf(context))?.voteTotals).toBeUndefined();
  });
});

describe('members deleted before the purge looked for its flag', () => {
  it('are marked once and then purged; purged and living members are left as they are', async () => {
    const context = testContext();
    const deletedAt = new Date('2026-11-01T10:00:00Z');
    await seedMember(context.store, 'gone', { deletedAt });
    // As deletions wrote it before the flag.
    await context.store.runTransaction(async (tx) => tx.update('users/gone', { deleted: true }));
    await seedMember(context.store, 'living');
    await context.store.runTransaction(async (tx) =>
      tx.set('users/purged', { uid: 'purged', deleted: true, deletedAt, purgedAt: deletedAt }),
    );
    expect(
      (await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock)).purged,
    ).toBe(0);

    expect(await markPendingPurges(context.store)).toBe(1);
    expect(await context.store.get('users/purged')).toEqual({
      uid: 'purged',
      deleted: true,
      deletedAt,
      purgedAt: deletedAt,
    });
    expect(await context.store.get('users/living')).not.toHaveProperty('purgePending');
    expect(
      (await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock)).purged,
    ).toBe(1);
    expect(context.deletedAccounts).toEqual(['gone']);
    expect(await markPendingPurges(context.store)).toBe(0);
  });
});
