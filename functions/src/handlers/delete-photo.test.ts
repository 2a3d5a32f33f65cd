import { describe, expect, it } from 'vitest';
import { statsShardPath } from '../../../src/domain/site-stats';
import type { Store } from '../store/store';
import { caller, recordingTransactions, seedMember, seedPhoto, testContext } from '../testing';
import { deleteAccount, purgeDeletedMembers } from './delete-account';
import { deletePhoto, DELETIONS_PER_TRANSACTION } from './delete-photo';
import { submitRating } from './rating';
import { readSiteStats } from './site-stats';

/** Firestore commits at most this many writes in one transaction. */
const FIRESTORE_WRITES = 500;
const VOTES = 1200;
const path = 'users/alice/photos/big';

/** Alice's photo rated 3.5 by 1,200 members, with two reports, and one other photo in its shard. */
async function photoOf1200Votes() {
  const context = testContext();
  await seedMember(context.store, 'alice');
  await seedPhoto(context.store, 'alice', 'big', { rate: 3.5, votesCount: VOTES });
  await context.store.runTransaction(async (tx) => {
    for (let n = 0; n < VOTES; n++) tx.set(`${path}/votes/voter${n}`, { userId: `voter${n}`, rate: 3.5 });
    tx.set(`${path}/reports/carol`, { reason: 'Off-topic' });
    tx.set(`${path}/reports/dave`, { reason: 'Not a person' });
    tx.set(statsShardPath('big'), { histogram: { '350': 1, '120': 1 }, votes: VOTES + 3, votesSum: 4203.6 });
  });
  return context;
}

/** What the photo leaves: no votes, no reports, no record, and only the other photo in its shard. */
async function expectRemoved(store: Store) {
  expect(await store.get(path)).toBeUndefined();
  expect(await store.query(`${path}/votes`)).toEqual([]);
  expect(await store.query(`${path}/reports`)).toEqual([]);
  // Its rate leaves the histogram; the votes cast on it stay in the site's totals.
  expect(await store.get(statsShardPath('big'))).toEqual({
    histogram: { '120': 1 },
    votes: VOTES + 3,
    votesSum: 4203.6,
  });
}

describe('deleting a photo of 1,200 votes', () => {
  it('goes in batches, each transaction within Firestore’s 500 writes, the record last', async () => {
    const context = await photoOf1200Votes();
    const recorded = recordingTransactions(context.store);
    await deletePhoto.run({ photoId: 'big' }, { ...context.as(caller('alice')), store: recorded.store });

    const writing = recorded.transactions.filter((tx) => tx.writes.length > 0);
    expect(writing.length).toBe(Math.ceil((VOTES + 2) / DELETIONS_PER_TRANSACTION));
    for (const tx of writing) expect(tx.writes.length).toBeLessThan(FIRESTORE_WRITES);
    const deleted = writing.flatMap((tx) => tx.writes);
    expect(deleted.filter((each) => each.startsWith(`${path}/votes/`))).toHaveLength(VOTES);
    expect(deleted.at(-1)).toBe(path);
    // The shard, which votes on other photos write too, only in the last transaction.
    expect(
      writing
        .slice(0, -1)
        .some((tx) => [...tx.reads, ...tx.writes].some((each) => each.startsWith('stats/'))),
    ).toBe(false);
    await expectRemoved(context.store);
  });

  it('cut short, leaves the photo and its bucket to be deleted again, and counts the bucket out once', async () => {
    const context = await photoOf1200Votes();
    let started = 0;
    const { store } = recordingTransactions(context.store);
    const stopsAtTheThird: Store = {
      ...store,
      runTransaction: (work) =>
        ++started === 3 ? Promise.reject(new Error('The server stopped.')) : store.runTransaction(work),
    };
    await expect(
      deletePhoto.run({ photoId: 'big' }, { ...context.as(caller('alice')), store: stopsAtTheThird }),
    ).rejects.toThrow('The server stopped.');
    expect(await context.store.get(path)).toMatchObject({ votesCount: VOTES });
    expect((await context.store.query(`${path}/votes`)).length).toBe(VOTES - DELETIONS_PER_TRANSACTION);
    expect((await readSiteStats(context.store)).histogram).toEqual({ '350': 1, '120': 1 });

    await deletePhoto.run({ photoId: 'big' }, context.as(caller('alice')));
    await expectRemoved(context.store);
  });

  it('takes the votes that arrive while it runs with a later batch', async () => {
    const context = await photoOf1200Votes();
    await seedMember(context.store, 'latecomer', { gender: 'male' });
    let voted = false;
    const { store } = recordingTransactions(context.store);
    const voteArrives: Store = {
      ...store,
      runTransaction: async (work) => {
        const result = await store.runTransaction(work);
        if (!voted && (await context.store.query(`${path}/votes`)).length < VOTES) {
          voted = true;
          await submitRating.run(
            { ownerId: 'alice', photoId: 'big', rate: 5, seconds: 5 },
            context.as(caller('latecomer')),
          );
        }
        return result;
      },
    };
    await deletePhoto.run({ photoId: 'big' }, { ...context.as(caller('alice')), store: voteArrives });
    expect(voted).toBe(true);
    expect(await context.store.get(path)).toBeUndefined();
    expect(await context.store.query(`${path}/votes`)).toEqual([]);
    // The late vote went with the rest, and the photo's bucket was counted out once.
    expect(await context.store.get(statsShardPath('big'))).toMatchObject({ histogram: { '120': 1 } });
  });

  it('leaves the histogram alone for a photo nobody rated', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedPhoto(context.store, 'alice', 'new');
    const recorded = recordingTransactions(context.store);
    await deletePhoto.run({ photoId: 'new' }, { ...context.as(caller('alice')), store: recorded.store });
    expect(await context.store.get('users/alice/photos/new')).toBeUndefined();
    const touched = recorded.transactions.flatMap((tx) => [...tx.reads, ...tx.writes]);
    expect(touched.filter((each) => each.startsWith('stats/'))).toEqual([]);
  });
});

describe('purging a member whose photo has 1,200 votes', () => {
  it('removes the votes in batches within Firestore’s 500 writes, and the photo from the histogram', async () => {
    const context = await photoOf1200Votes();
    await context.store.runTransaction(async (tx) => {
      for (let n = 0; n < 450; n++) tx.set(`users/alice/notifications/n${n}`, { body: 'A reply' });
    });
    await deleteAccount.run({ reason: 'Found what I was looking for' }, context.as(caller('alice')));
    const recorded = recordingTransactions(context.store);
    const { purged } = await purgeDeletedMembers(
      recorded.store,
      context.files,
      {
        deleteUser: async () => undefined,
        setDisabled: async () => undefined,
        setAdminClaim: async () => undefined,
        revokeRefreshTokens: async () => undefined,
      },
      context.clock,
    );
    expect(purged).toBe(1);
    for (const tx of recorded.transactions) expect(tx.writes.length).toBeLessThan(FIRESTORE_WRITES);
    await expectRemoved(context.store);
    expect(await context.store.query('users/alice/notifications')).toEqual([]);
    expect(await context.store.get('users/alice')).toMatchObject({
      deleted: true,
      purgedAt: expect.any(Date),
    });
  });
});
