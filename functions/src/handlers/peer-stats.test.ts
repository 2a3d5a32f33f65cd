import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { peerShardPath, type PeerStats } from '../../../src/domain/peer-stats';
import { statsShardPath } from '../../../src/domain/site-stats';
import { caller, recordingTransactions, seedMember, seedPhoto, TestClock, testContext } from '../testing';
import { adminAddBotVote } from './admin-photos';
import { deleteAccount, purgeDeletedMembers } from './delete-account';
import { deletePhoto } from './delete-photo';
import { readPeerHistogram } from './peer-stats';
import { submitRating } from './rating';

type Context = ReturnType<typeof testContext>;

const vote = (context: Context, voter: string, photoId: string, rate: number, ownerId = 'owner') =>
  submitRating.run({ ownerId, photoId, rate, seconds: 5 }, context.as(caller(voter)));

/** An owner aged 30 (born 1996) with photo p1, and voters enough. */
async function ownerAndVoters(owner: Record<string, unknown> = {}, clock?: TestClock) {
  const context = testContext(clock);
  await seedMember(context.store, 'owner', { points: 100, ...owner });
  for (const voter of ['v1', 'v2', 'v3', 'v4']) await seedMember(context.store, voter, { gender: 'male' });
  await seedPhoto(context.store, 'owner', 'p1');
  return context;
}

describe("the peer histograms in the fold of a photo's votes", () => {
  it("counts a photo in its owner's gender and age bracket, and moves its bucket with each vote", async () => {
    const context = await ownerAndVoters();
    await vote(context, 'v1', 'p1', 4);
    expect((await context.store.get<Photo>('users/owner/photos/p1'))?.peerGroup).toBe('female-25-34');
    expect(await context.store.get(peerShardPath('female-25-34', 'p1'))).toEqual({ histogram: { '400': 1 } });
    await vote(context, 'v2', 'p1', 3);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '350': 1 });
    expect(await readPeerHistogram(context.store, 'female-16-24')).toEqual({});
  });

  it("reads and writes one shard of the site's and one of the group's, the ones the photo's id names, in the fold alone", async () => {
    const context = await ownerAndVoters();
    const recorded = recordingTransactions(context.store);
    for (const voter of ['v1', 'v2'])
      await submitRating.run(
        { ownerId: 'owner', photoId: 'p1', rate: 4, seconds: 5 },
        { ...context.as(caller(voter)), store: recorded.store },
      );
    const statsTouched = recorded.transactions.map(({ reads, writes }) =>
      [...new Set([...reads, ...writes])].filter((path) => path.startsWith('stats/')).sort(),
    );
    const expected = [peerShardPath('female-25-34', 'p1'), statsShardPath('p1')].sort();
    // Each vote's transaction, then its fold's.
    expect(statsTouched).toEqual([[], expected, [], expected]);
  });

  it("keeps a photo in the bracket it was counted in until a vote after the owner's birthday year moves it", async () => {
    const clock = new TestClock(new Date('2026-12-31T12:00:00Z'));
    // 24 this year: born 2002.
    const context = await ownerAndVoters({ age: 24, birthyear: 2002 }, clock);
    await vote(context, 'v1', 'p1', 4);
    expect(await readPeerHistogram(context.store, 'female-16-24')).toEqual({ '400': 1 });
    clock.advanceDays(1);
    // The new year alone moves nothing: the photo stays where its last vote counted it.
    expect(await readPeerHistogram(context.store, 'female-16-24')).toEqual({ '400': 1 });
    await vote(context, 'v2', 'p1', 5);
    expect(await readPeerHistogram(context.store, 'female-16-24')).toEqual({});
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '450': 1 });
    expect((await context.store.get<Photo>('users/owner/photos/p1'))?.peerGroup).toBe('female-25-34');
  });

  it('moves a photo to the gender its owner changed their profile to, with its next vote', async () => {
    const context = await ownerAndVoters();
    await vote(context, 'v1', 'p1', 4);
    await context.store.runTransaction(async (tx) => tx.update('users/owner', { gender: 'male' }));
    await seedMember(context.store, 'her', { gender: 'female' });
    await vote(context, 'her', 'p1', 2);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({});
    expect(await readPeerHistogram(context.store, 'male-25-34')).toEqual({ '300': 1 });
  });

  it("counts an admin's bot vote in the group as it counts in the site's histogram", async () => {
    const context = await ownerAndVoters();
    await seedMember(context.store, 'ada', { isAdmin: true });
    await vote(context, 'v1', 'p1', 4);
    await adminAddBotVote.run(
      { userId: 'owner', photoId: 'p1', rate: 2, comment: '', chips: [], age: 30, gender: 'male' },
      context.as(caller('ada', { isAdmin: true })),
    );
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '300': 1 });
  });

  it("takes a deleted photo out of its group, and every photo of a deleted member's", async () => {
    const context = await ownerAndVoters();
    await seedPhoto(context.store, 'owner', 'p2');
    await seedPhoto(context.store, 'owner', 'unrated');
    await seedMember(context.store, 'ben', { gender: 'male', age: 50, birthyear: 1976 });
    await seedPhoto(context.store, 'ben', 'b1', { gender: 'male' });
    await vote(context, 'v1', 'p1', 4);
    await vote(context, 'v1', 'p2', 2);
    await vote(context, 'v2', 'b1', 5, 'ben');
    await deletePhoto.run({ photoId: 'p1' }, context.as(caller('owner')));
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '200': 1 });
    await deletePhoto.run({ photoId: 'unrated' }, context.as(caller('owner')));
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '200': 1 });
    expect(await readPeerHistogram(context.store, 'male-45-up')).toEqual({ '500': 1 });
    await deleteAccount.run({ reason: 'Moving on to other things' }, context.as(caller('ben')));
    await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock);
    expect(await readPeerHistogram(context.store, 'male-45-up')).toEqual({});
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '200': 1 });
  });

  it('writes no shard when the vote is refused', async () => {
    const context = await ownerAndVoters();
    await vote(context, 'v1', 'p1', 4);
    const before = await context.store.contents();
    await expect(vote(context, 'v1', 'p1', 5)).rejects.toMatchObject({ code: 'already-exists' });
    await expect(vote(context, 'owner', 'p1', 5)).rejects.toMatchObject({ code: 'failed-precondition' });
    await expect(
      submitRating.run({ ownerId: 'owner', photoId: 'p1', rate: 9, seconds: 5 }, context.as(caller('v2'))),
    ).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(await context.store.contents()).toEqual(before);
    expect(await context.store.get<PeerStats>(peerShardPath('female-25-34', 'p1'))).toEqual({
      histogram: { '400': 1 },
    });
  });
});
