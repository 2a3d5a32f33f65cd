import { describe, expect, it, vi } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { STATS_SHARDS, STATS_SHARDS_PATH, statsShard, statsShardPath } from '../../../src/domain/site-stats';
import { RATING_MESSAGES } from '../../../src/domain/rating';
import type { User } from '../../../src/domain/user';
import type { Vote } from '../../../src/domain/vote';
import {
  caller,
  countingReads,
  recordingTransactions,
  seedMember,
  seedPhoto,
  TestClock,
  testContext,
} from '../testing';
import { getLeaderboard, recordLeaderboardDay } from './leaderboard';
import { flagPhoto, getPhotos, submitRating, viewRating } from './rating';
import { foldVotes } from './vote-fold';
import { openVoter, readVoteKeys, VOTE_SECRET_PATH, voteIdOf } from './vote-keys';
import { readSiteStats } from './site-stats';
import { recordLogin } from './streak';

type Context = ReturnType<typeof testContext>;

async function feedIds(context: Context, uid: string, startAfter?: string) {
  const page = await getPhotos.run(startAfter ? { startAfter } : {}, context.as(caller(uid)));
  return { ids: page.photos.map((photo) => photo.id), next: page.next };
}

const rate = (context: Context, voter: string, ownerId: string, photoId: string, extra = {}) =>
  submitRating.run({ ownerId, photoId, rate: 4, seconds: 5, ...extra }, context.as(caller(voter)));

async function expectNothingWritten(
  context: Context,
  attempt: () => Promise<unknown>,
  message: RegExp | string,
) {
  const before = await context.store.contents();
  await expect(attempt()).rejects.toThrow(message);
  expect(await context.store.contents()).toEqual(before);
}

describe('getPhotos', () => {
  it('leaves out own, voted, reported, blocked, inactive, unevaluated, ineligible and errored photos', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', {
      gender: 'male',
      blocks: ['blocked'],
      blockedBy: ['blocker'],
    });
    for (const owner of ['ann', 'blocked', 'blocker']) await seedMember(context.store, owner);
    await seedPhoto(context.store, 'viewer', 'own');
    await seedPhoto(context.store, 'ann', 'shown');
    await seedPhoto(context.store, 'ann', 'voted');
    await seedPhoto(context.store, 'ann', 'reported');
    await seedPhoto(context.store, 'ann', 'inactive', { active: false });
    await seedPhoto(context.store, 'ann', 'unevaluated', { evaluated: false });
    await seedPhoto(context.store, 'ann', 'ineligible', { eligible: false });
    await seedPhoto(context.store, 'ann', 'errored', { error: 'User deleted' });
    await seedPhoto(context.store, 'blocked', 'by-blocked');
    await seedPhoto(context.store, 'blocker', 'by-blocker');
    await rate(context, 'viewer', 'ann', 'voted');
    await flagPhoto.run(
      { ownerId: 'ann', photoId: 'reported', reason: 'Off-topic' },
      context.as(caller('viewer')),
    );
    expect((await feedIds(context, 'viewer')).ids).toEqual(['shown']);
  });

  it("targets by the owner's audience, the viewer's show-me choice and the photo's age range", async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male', age: 30, showGender: 'female' });
    await seedMember(context.store, 'ann');
    await seedPhoto(context.store, 'ann', 'for-men', { showTo: 'male' });
    await seedPhoto(context.store, 'ann', 'for-women', { showTo: 'female' });
    await seedPhoto(context.store, 'ann', 'a-man', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'too-old', { ageRange: [40, 60] });
    await seedPhoto(context.store, 'ann', 'in-range', { ageRange: [30, 40] });
    expect((await feedIds(context, 'viewer')).ids.sort()).toEqual(['for-men', 'in-range']);
  });

  it('orders premium owners first, then fewer votes, then newest, and pages by 20', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'pam', { subscribed: true });
    const day = (n: number) => new Date(Date.UTC(2026, 10, n));
    await seedPhoto(context.store, 'ann', 'old-unrated', { uploadedAt: day(1) });
    await seedPhoto(context.store, 'ann', 'new-unrated', { uploadedAt: day(5) });
    await seedPhoto(context.store, 'ann', 'rated', { uploadedAt: day(9), votesCount: 3, rate: 3 });
    await seedPhoto(context.store, 'pam', 'premium', { uploadedAt: day(1), votesCount: 9, rate: 3 }, true);
    for (let n = 0; n < 20; n++)
      await seedPhoto(context.store, 'ann', `more-${String(n).padStart(2, '0')}`, {
        uploadedAt: day(2),
        votesCount: 5,
        rate: 3,
      });
    const first = await feedIds(context, 'viewer');
    expect(first.ids.slice(0, 4)).toEqual(['premium', 'new-unrated', 'old-unrated', 'rated']);
    expect(first.ids).toHaveLength(20);
    expect(first.next).not.toBeNull();
    const second = await feedIds(context, 'viewer', first.next!);
    expect(second.ids).toHaveLength(4);
    expect(second.next).toBeNull();
    expect(new Set([...first.ids, ...second.ids]).size).toBe(24);

    // The first batch is 2; the page after it goes on from the second photo.
    const batch = await getPhotos.run({ limit: 2 }, context.as(caller('viewer')));
    expect(batch.photos.map((photo) => photo.id)).toEqual(first.ids.slice(0, 2));
    const rest = await feedIds(context, 'viewer', batch.next!);
    expect(rest.ids).toEqual([...first.ids.slice(2), ...second.ids.slice(0, 2)]);
  });

  it("reads only the page's candidates of a member's history, however many votes and reports it holds", async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedMember(context.store, 'ann');
    for (let n = 0; n < 30; n++) await seedPhoto(context.store, 'ann', `p${String(n).padStart(2, '0')}`);
    // 400 votes given and 50 reports, 25 of them on photos the feed holds, written as the vote and report do.
    await context.store.runTransaction(async (tx) => {
      for (let n = 0; n < 400; n++) {
        const id = n < 20 ? `p${String(n).padStart(2, '0')}` : `gone-${n}`;
        tx.set(`users/viewer/votes/${id}`, { id, ownerId: 'ann', rate: 3, ratedAt: new Date() });
      }
      for (let n = 0; n < 50; n++) {
        const id = n < 5 ? `p${20 + n}` : `gone-report-${n}`;
        tx.set(`users/viewer/reports/${id}`, { id, ownerId: 'ann', reportedAt: new Date() });
      }
    });
    const counted = countingReads(context.store);
    const page = await getPhotos.run({}, { ...context.as(caller('viewer')), store: counted.store });
    expect(page.photos.map((photo) => photo.id)).toEqual(['p25', 'p26', 'p27', 'p28', 'p29']);
    expect(counted.reads.paths).not.toContain('users/viewer/votes');
    expect(counted.reads.paths).not.toContain('users/viewer/reports');
    // The viewer, the 30 photos scanned and at most two looks at each: nothing of the 450 records beyond them.
    expect(counted.reads.documents).toBeLessThanOrEqual(1 + 30 + 2 * 30 + 2);
  });

  it("hands back a position that tells nothing of the last photo: not its votes, its upload time or its owner's Premium", async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedMember(context.store, 'pam', { subscribed: true });
    const uploadedAt = new Date(Date.UTC(2026, 10, 3));
    await seedPhoto(context.store, 'pam', 'premium', { uploadedAt, votesCount: 7, rate: 3 }, true);
    await seedPhoto(context.store, 'pam', 'later', { uploadedAt, votesCount: 8, rate: 3 }, true);
    const first = await getPhotos.run({ limit: 1 }, context.as(caller('viewer')));
    expect(first.photos.map((photo) => photo.id)).toEqual(['premium']);
    const stored = await context.store.get<Photo>('users/pam/photos/premium');
    const position = first.next!;
    const [standing, votes, age] = stored!.feedOrder.split('-');
    expect([standing, votes]).toEqual(['0', '0000007']);
    expect(position).not.toContain(votes);
    expect(position).not.toContain(age);
    expect(position.startsWith(`${standing}-`)).toBe(false);
    // The same position twice reads differently, so two positions cannot be compared either.
    const again = await getPhotos.run({ limit: 1 }, context.as(caller('viewer')));
    expect(again.next).not.toBe(position);
    expect(position).toHaveLength(again.next!.length);
    // Handed back, it goes on after that photo.
    expect((await feedIds(context, 'viewer', position)).ids).toEqual(['later']);
  });

  it('refuses a position it did not make: a raw feed order, a changed one, one from another site', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedMember(context.store, 'ann');
    await seedPhoto(context.store, 'ann', 'p1');
    await seedPhoto(context.store, 'ann', 'p2');
    const { next } = await getPhotos.run({ limit: 1 }, context.as(caller('viewer')));
    const flipped = `${next!.slice(0, 20)}${next![20] === 'A' ? 'B' : 'A'}${next!.slice(21)}`;
    const elsewhere = testContext();
    await seedMember(elsewhere.store, 'viewer', { gender: 'male' });
    await seedMember(elsewhere.store, 'ann');
    await seedPhoto(elsewhere.store, 'ann', 'p1');
    await seedPhoto(elsewhere.store, 'ann', 'p2');
    const foreign = (await getPhotos.run({ limit: 1 }, elsewhere.as(caller('viewer')))).next!;
    for (const startAfter of ['1-0000000-0000000000001-p1', flipped, foreign]) {
      await expectNothingWritten(
        context,
        () => getPhotos.run({ startAfter }, context.as(caller('viewer'))),
        'The feed position is not valid',
      );
    }
  });

  it('refuses a page size that is not a whole number from 1 to 20', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer');
    for (const limit of [0, 21, 2.5, '2']) {
      await expect(getPhotos.run({ limit }, context.as(caller('viewer')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
  });

  it('asks for a complete profile and a signed-in caller', async () => {
    const context = testContext();
    await seedMember(context.store, 'newbie', { complete: false });
    await expect(getPhotos.run({}, context.as(caller('newbie')))).rejects.toThrow(
      'Please complete your profile first.',
    );
    await expect(getPhotos.run({}, context.as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

describe('submitRating', () => {
  async function twoMembers(ownerOverrides: Partial<User> = {}) {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 5, ...ownerOverrides });
    await seedMember(context.store, 'voter', { gender: 'male', age: 33, points: 2 });
    await seedPhoto(context.store, 'owner', 'p1');
    return context;
  }

  it('stores the vote, its light copy, the new average, viewing time, the histogram and the owner news', async () => {
    const context = await twoMembers();
    const result = await rate(context, 'voter', 'owner', 'p1', {
      rate: 4.5,
      comment: '  Great light ',
      chips: ['friendly', 'stylish'],
      seconds: 12,
    });
    // The voter learns nothing of the photo's average from the answer.
    expect(result).toEqual({ tokensEarned: 0 });
    // Under an id the owner cannot map back, naming the voter only sealed, their age only by decade.
    const keys = (await readVoteKeys(context.store))!;
    const [stored] = await context.store.query<Vote & { sealedVoter: string }>('users/owner/photos/p1/votes');
    expect(stored?.id).toBe(voteIdOf(keys, 'voter', 'owner', 'p1'));
    const vote = stored?.data;
    expect(vote).toEqual({
      rate: 4.5,
      originalRate: 4.5,
      comment: 'Great light',
      commented: true,
      chips: ['friendly', 'stylish'],
      ageDecade: 30,
      gender: 'male',
      sealedVoter: expect.any(String),
      viewingTimeSeconds: 12,
      ratedAt: context.clock.now(),
      date: '2026-11-22',
      evaluated: true,
      reactions: [],
      replies: [],
    });
    expect(openVoter(keys, vote?.sealedVoter)).toBe('voter');
    expect(vote?.ratedAt).toBeInstanceOf(Date);
    expect(await context.store.get('users/voter/votes/p1')).toMatchObject({
      id: 'p1',
      ownerId: 'owner',
      rate: 4.5,
    });
    await seedMember(context.store, 'second', { gender: 'female' });
    await rate(context, 'second', 'owner', 'p1', { rate: 2.5, seconds: 30, chips: ['stylish'] });
    const photo = await context.store.get<Photo>('users/owner/photos/p1');
    expect(photo).toMatchObject({
      rate: 3.5,
      votesCount: 2,
      totalViewingTimeSeconds: 42,
      averageViewingTimeSeconds: 21,
      qualityVotes: 2,
      // What the owner's detail shows of them, kept on the photo: hearts by ten-point step, tags chosen.
      voteTotals: { hearts: { '9': 1, '5': 1 }, tags: { friendly: 1, stylish: 2 } },
    });
    const [silent] = (await context.store.query<Vote>('users/owner/photos/p1/votes')).filter(
      ({ data }) => data.rate === 2.5,
    );
    expect(silent?.data.commented).toBe(false);
    const stats = { histogram: { '350': 1 }, votes: 2, votesSum: 7 };
    expect(await readSiteStats(context.store)).toEqual(stats);
    expect(await context.store.get(statsShardPath('p1'))).toEqual(stats);
    const owner = await context.store.get<User>('users/owner');
    expect(owner?.newVotes).toBe(2);
  });

  it("writes no document another vote shares; the fold moves the photo and only its photo's shard of the site stats", async () => {
    const context = await twoMembers();
    const other = ['p2', 'p3', 'p4', 'p5'].find((id) => statsShard(id) !== statsShard('p1'))!;
    await seedPhoto(context.store, 'owner', other);
    await seedMember(context.store, 'second', { gender: 'male' });
    const recorded = recordingTransactions(context.store);
    const vote = (voter: string, photoId: string, hearts: number) =>
      submitRating.run(
        { ownerId: 'owner', photoId, rate: hearts, seconds: 5 },
        { ...context.as(caller(voter)), store: recorded.store },
      );
    await vote('voter', 'p1', 4);
    await vote('voter', other, 2);
    await vote('second', 'p1', 3);
    // Each vote: its own transaction, then the fold's.
    const votes = recorded.transactions.filter((_, index) => index % 2 === 0);
    const folds = recorded.transactions.filter((_, index) => index % 2 === 1);
    const keys = (await readVoteKeys(context.store))!;
    expect(votes.map(({ writes }) => [...writes].sort())).toEqual(
      [
        ['voter', 'p1'],
        ['voter', other],
        ['second', 'p1'],
      ].map(([voter, photoId], index) =>
        [
          `users/owner`,
          `users/owner/photos/${photoId}/pendingVotes/${voter}`,
          `users/owner/photos/${photoId}/votes/${voteIdOf(keys, voter!, 'owner', photoId!)}`,
          `users/${voter}`,
          `users/${voter}/votes/${photoId}`,
          // What undoing it needs, the voter's alone, which ends the undo of their vote before.
          `voteUndos/${voter}`,
          ...(index === 1 ? [`users/owner/photos/p1/foldedVotes/${voter}`] : []),
          // The site's first vote makes the key votes are stored under, once.
          ...(index === 0 ? [VOTE_SECRET_PATH] : []),
        ].sort(),
      ),
    );
    expect(votes.every(({ reads }) => reads.every((path) => !path.startsWith('stats/')))).toBe(true);
    // The key is read once it exists, and then kept: later votes do not read it.
    expect(votes.map(({ reads }) => reads.includes(VOTE_SECRET_PATH))).toEqual([true, true, false]);
    const statsTouched = folds.map(({ reads, writes }) =>
      // The peer group's shard beside it: see peer-stats.test.ts.
      [...new Set([...reads, ...writes])].filter((path) => path.startsWith('stats/rates/')),
    );
    expect(statsTouched).toEqual([[statsShardPath('p1')], [statsShardPath(other)], [statsShardPath('p1')]]);
    expect(folds.map(({ writes }) => writes.filter((path) => path.includes('/photos/')))).toEqual(
      [
        ['p1', 'voter'],
        [other, 'voter'],
        ['p1', 'second'],
      ].map(([photoId, voter]) => [
        `users/owner/photos/${photoId}`,
        `users/owner/photos/${photoId}/pendingVotes/${voter}`,
        // What the fold added to the fair score for the vote, while it may be undone.
        `users/owner/photos/${photoId}/foldedVotes/${voter}`,
      ]),
    );
    expect(await context.store.get(statsShardPath('p1'))).toEqual({
      histogram: { '350': 1 },
      votes: 2,
      votesSum: 7,
    });
    expect(await readSiteStats(context.store)).toEqual({
      histogram: { '350': 1, '200': 1 },
      votes: 3,
      votesSum: 9,
    });
  });

  it("weighs the voter's habit, on a young site, against the site's average over every shard", async () => {
    const context = await twoMembers();
    const elsewhere = (statsShard('p1') + 1) % STATS_SHARDS;
    await context.store.runTransaction(async (tx) =>
      tx.set(`${STATS_SHARDS_PATH}/${elsewhere}`, { histogram: { '400': 30 }, votes: 100, votesSum: 400 }),
    );
    // Ten votes averaging 3 against a site averaging 4: half a heart harsher, shrunk for few votes.
    await context.store.runTransaction(async (tx) =>
      tx.update('users/voter', { votesGiven: 10, ratesGivenSum: 30, ratesGivenSquares: 100 }),
    );
    await rate(context, 'voter', 'owner', 'p1', { rate: 4 });
    const photo = await context.store.get<Photo>('users/owner/photos/p1');
    expect(photo?.qualityVotes).toBe(1);
    expect(photo?.qualitySum).toBeCloseTo(4.5, 10);
  });

  it("weighs the voter's habit against the photo's shard alone once it holds enough votes on other photos", async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 50 });
    await seedMember(context.store, 'voter', {
      gender: 'male',
      votesGiven: 10,
      ratesGivenSum: 30,
      ratesGivenSquares: 100,
    });
    await seedPhoto(context.store, 'owner', 'p1', { rate: 5, votesCount: 200 });
    const elsewhere = (statsShard('p1') + 1) % STATS_SHARDS;
    await context.store.runTransaction(async (tx) => {
      // The photo's shard: its own 200 fives and 1,000 votes averaging 3 on other photos.
      tx.set(statsShardPath('p1'), { histogram: { '500': 1, '300': 90 }, votes: 1200, votesSum: 4000 });
      tx.set(`${STATS_SHARDS_PATH}/${elsewhere}`, { histogram: { '450': 90 }, votes: 1000, votesSum: 4500 });
    });
    await rate(context, 'voter', 'owner', 'p1', { rate: 4 });
    // A voter who averages what the shard does is neither kind nor harsh: the vote counts as given.
    const photo = await context.store.get<Photo>('users/owner/photos/p1');
    expect(photo?.qualitySum).toBeCloseTo(200 * 5 + 4, 10);
  });

  it('counts a glance of under a second in the average but not in the fair score', async () => {
    const context = await twoMembers();
    await rate(context, 'voter', 'owner', 'p1', { rate: 5, seconds: 0.4 });
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({
      rate: 5,
      votesCount: 1,
      qualityVotes: 0,
    });
  });

  it('earns the voter a token on every 5th vote and costs a free owner one per vote received', async () => {
    const context = testContext();
    await seedMember(context.store, 'voter', { gender: 'male', points: 2 });
    await seedMember(context.store, 'owner', { points: 10 });
    await seedMember(context.store, 'premium', { points: 10, subscribed: true });
    for (let n = 1; n <= 4; n++) await seedPhoto(context.store, 'owner', `p${n}`);
    await seedPhoto(context.store, 'premium', 'p5');
    const earned = [];
    for (let n = 1; n <= 4; n++) earned.push((await rate(context, 'voter', 'owner', `p${n}`)).tokensEarned);
    earned.push((await rate(context, 'voter', 'premium', 'p5')).tokensEarned);
    expect(earned).toEqual([0, 0, 0, 0, 1]);
    expect((await context.store.get<User>('users/voter'))?.points).toBe(3);
    expect((await context.store.get<User>('users/owner'))?.points).toBe(6);
    expect((await context.store.get<User>('users/premium'))?.points).toBe(10);
  });

  it('turns every photo of a free owner inactive when their tokens reach 0', async () => {
    const context = await twoMembers({ points: 1 });
    await seedPhoto(context.store, 'owner', 'p2');
    await rate(context, 'voter', 'owner', 'p1');
    expect((await context.store.get<User>('users/owner'))?.points).toBe(0);
    const photos = await context.store.query<Photo>('users/owner/photos');
    expect(photos.map((doc) => doc.data.active)).toEqual([false, false]);
    // Marked, so they can be offered back together once the owner has tokens again.
    expect(photos.map((doc) => doc.data.pausedForTokens)).toEqual([true, true]);
    await seedMember(context.store, 'late', { gender: 'male' });
    await expect(rate(context, 'late', 'owner', 'p1')).rejects.toThrow(RATING_MESSAGES.unavailable);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const context = await twoMembers();
    await rate(context, 'voter', 'owner', 'p1');
    await seedMember(context.store, 'fresh', { gender: 'male' });
    const cases: Array<[Record<string, unknown>, string, string | RegExp]> = [
      [{ rate: 0 }, 'fresh', RATING_MESSAGES.halfSteps],
      [{ rate: 5.5 }, 'fresh', RATING_MESSAGES.halfSteps],
      [{ rate: 3.3 }, 'fresh', RATING_MESSAGES.halfSteps],
      [{ rate: undefined }, 'fresh', RATING_MESSAGES.required],
      [{ comment: 'x'.repeat(501) }, 'fresh', 'Comment must be at most 500 characters'],
      [{ comment: 'what a b1tch' }, 'fresh', RATING_MESSAGES.abusiveComment],
      [{ chips: ['purple'] }, 'fresh', 'Choose tags from the list'],
      [{}, 'voter', RATING_MESSAGES.alreadyRated],
      [{}, 'owner', RATING_MESSAGES.ownPhoto],
      [{ photoId: 'nope' }, 'fresh', RATING_MESSAGES.unavailable],
    ];
    for (const [input, who, message] of cases) {
      await expectNothingWritten(context, () => rate(context, who, 'owner', 'p1', input), message);
    }
  });

  it('refuses a vote on any photo the feed would not offer the voter, and writes nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'voter', {
      gender: 'male',
      age: 30,
      showGender: 'female',
      blocks: ['blocked'],
    });
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'blocked');
    await seedMember(context.store, 'blocker', { blocks: ['voter'] });
    await context.store.runTransaction(async (tx) => tx.update('users/voter', { blockedBy: ['blocker'] }));
    await seedPhoto(context.store, 'ann', 'for-women', { showTo: 'female' });
    await seedPhoto(context.store, 'ann', 'a-man', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'too-old', { ageRange: [40, 60] });
    await seedPhoto(context.store, 'ann', 'inactive', { active: false });
    await seedPhoto(context.store, 'ann', 'reported');
    await seedPhoto(context.store, 'blocked', 'b1');
    await seedPhoto(context.store, 'blocker', 'c1');
    await flagPhoto.run(
      { ownerId: 'ann', photoId: 'reported', reason: 'Fake profile/Spam' },
      context.as(caller('voter')),
    );
    await seedMember(context.store, 'subscriber', { gender: 'male', subscribed: true, blocks: ['blocked'] });
    for (const [ownerId, photoId] of [
      ['ann', 'for-women'],
      ['ann', 'a-man'],
      ['ann', 'too-old'],
      ['ann', 'inactive'],
      ['ann', 'reported'],
      ['blocked', 'b1'],
      ['blocker', 'c1'],
    ] as const) {
      await expectNothingWritten(
        context,
        () => rate(context, 'voter', ownerId, photoId),
        RATING_MESSAGES.unavailable,
      );
    }
    // View Rating shows no more than the feed offers either.
    await expectNothingWritten(
      context,
      () => viewRating.run({ ownerId: 'blocked', photoId: 'b1' }, context.as(caller('subscriber'))),
      RATING_MESSAGES.unavailable,
    );
  });

  it('accepts exactly as many votes as a free owner has tokens, however many raters vote at once on the last ones', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 17 });
    await seedPhoto(context.store, 'owner', 'p1');
    await seedPhoto(context.store, 'owner', 'p2');
    const voters = Array.from({ length: 30 }, (_, n) => `v${n}`);
    for (const voter of voters) await seedMember(context.store, voter, { gender: 'male' });
    const outcomes = await Promise.allSettled(
      voters.map((voter, n) => rate(context, voter, 'owner', n % 2 ? 'p1' : 'p2')),
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(outcomes.length - refused.length).toBe(17);
    // Told the photo is gone, as for a deleted one.
    expect(refused.map((error: Error) => error.message)).toEqual(Array(13).fill(RATING_MESSAGES.unavailable));
    const [p1, p2] = await Promise.all(
      ['p1', 'p2'].map((id) => context.store.get<Photo>(`users/owner/photos/${id}`)),
    );
    expect((p1?.votesCount ?? 0) + (p2?.votesCount ?? 0)).toBe(17);
    expect([p1?.active, p2?.active]).toEqual([false, false]);
    expect(await context.store.get<User>('users/owner')).toMatchObject({ points: 0, newVotes: 17 });
    const votes = await Promise.all(
      ['p1', 'p2'].map((id) => context.store.query(`users/owner/photos/${id}/votes`)),
    );
    expect(votes.flat().length).toBe(17);
  });

  it('keeps a vote whose fold failed, and the next fold (the trigger) counts it once', async () => {
    const context = await twoMembers();
    await seedMember(context.store, 'second', { gender: 'male' });
    let transactions = 0;
    const failingFold: typeof context.store = Object.assign(
      Object.create(context.store) as typeof context.store,
      {
        // The vote's transaction passes; the fold's after it is lost, as to contention between instances.
        runTransaction: <T>(work: Parameters<typeof context.store.runTransaction<T>>[0]) =>
          ++transactions === 2
            ? Promise.reject(new Error('ABORTED: too much contention'))
            : context.store.runTransaction(work),
      },
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      submitRating.run(
        { ownerId: 'owner', photoId: 'p1', rate: 4, seconds: 5 },
        { ...context.as(caller('voter')), store: failingFold },
      ),
    ).resolves.toEqual({ tokensEarned: 0 });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({ votesCount: 0 });
    expect(await context.store.query('users/owner/photos/p1/pendingVotes')).toHaveLength(1);
    // The next fold, the trigger's or the next vote's, counts it, and never twice.
    expect(await foldVotes(context.store, context.clock, 'owner', 'p1')).toBe(1);
    await rate(context, 'second', 'owner', 'p1', { rate: 2 });
    expect(await foldVotes(context.store, context.clock, 'owner', 'p1')).toBe(0);
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({ votesCount: 2, rate: 3 });
    expect(await context.store.query('users/owner/photos/p1/pendingVotes')).toEqual([]);
  });

  it('counts nothing for a photo deleted before its votes were folded, and leaves no pending vote', async () => {
    const context = await twoMembers();
    await context.store.runTransaction(async (tx) =>
      tx.set('users/owner/photos/p1/pendingVotes/voter', {
        rate: 4,
        viewingTimeSeconds: 5,
        voter: { votesGiven: 0, ratesGivenSum: 0, ratesGivenSquares: 0 },
        ratedAt: new Date('2026-11-22T10:00:00Z'),
      }),
    );
    await context.store.runTransaction(async (tx) => tx.delete('users/owner/photos/p1'));
    expect(await foldVotes(context.store, context.clock, 'owner', 'p1')).toBe(0);
    expect(await context.store.query('users/owner/photos/p1/pendingVotes')).toEqual([]);
    expect(await readSiteStats(context.store)).toMatchObject({ votes: 0 });
  });

  it('counts 200 votes from 200 members at once exactly: rate, count, tokens and histogram', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 1000 });
    await seedPhoto(context.store, 'owner', 'p1');
    const voters = Array.from({ length: 200 }, (_, n) => `v${n}`);
    for (const voter of voters) await seedMember(context.store, voter, { gender: 'male', votesGiven: 4 });
    const hearts = voters.map((_, n) => ((n % 10) + 1) / 2);
    await Promise.all(voters.map((voter, n) => rate(context, voter, 'owner', 'p1', { rate: hearts[n] })));
    const photo = await context.store.get<Photo>('users/owner/photos/p1');
    const average = hearts.reduce((sum, value) => sum + value, 0) / hearts.length;
    expect(photo?.votesCount).toBe(200);
    expect(photo?.rate).toBeCloseTo(average, 10);
    // Folded in batches, the totals count every vote once: 20 votes on each half-heart step.
    expect(photo?.voteTotals?.hearts).toEqual(
      Object.fromEntries(Array.from({ length: 10 }, (_, n) => [String(n + 1), 20])),
    );
    expect((await context.store.query('users/owner/photos/p1/votes')).length).toBe(200);
    const owner = await context.store.get<User>('users/owner');
    expect(owner).toMatchObject({ points: 800, newVotes: 200 });
    const tokens = await Promise.all(voters.map((voter) => context.store.get<User>(`users/${voter}`)));
    expect(tokens.every((voter) => voter?.points === 3 && voter.votesGiven === 5)).toBe(true);
    const stats = await readSiteStats(context.store);
    expect(Object.values(stats.histogram).reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(stats.votes).toBe(200);
    expect(await context.store.query('users/owner/photos/p1/pendingVotes')).toEqual([]);
  });
});

describe('viewRating', () => {
  it("shows subscribers a photo's current rate and refuses everyone else", async () => {
    const context = testContext();
    await seedMember(context.store, 'owner');
    await seedMember(context.store, 'premium', { subscribed: true });
    await seedMember(context.store, 'free');
    await seedPhoto(context.store, 'owner', 'p1', { rate: 3.5, votesCount: 4 });
    const ref = { ownerId: 'owner', photoId: 'p1' };
    expect(await viewRating.run(ref, context.as(caller('premium')))).toEqual({ rate: 3.5, votesCount: 4 });
    await expect(viewRating.run(ref, context.as(caller('free')))).rejects.toThrow(
      RATING_MESSAGES.viewRatingPremium,
    );
    await expect(
      viewRating.run({ ownerId: 'owner', photoId: 'gone' }, context.as(caller('premium'))),
    ).rejects.toThrow(RATING_MESSAGES.unavailable);
  });
});

describe('flagPhoto', () => {
  it('records the report, and after 3 distinct reports the photo leaves every feed', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner');
    await seedPhoto(context.store, 'owner', 'p1');
    for (const uid of ['r1', 'r2', 'r3', 'viewer']) await seedMember(context.store, uid, { gender: 'male' });
    await flagPhoto.run({ ownerId: 'owner', photoId: 'p1', reason: 'Off-topic' }, context.as(caller('r1')));
    expect(await context.store.get('users/owner/photos/p1/reports/r1')).toMatchObject({
      userId: 'r1',
      reason: 'Off-topic',
    });
    await expectNothingWritten(
      context,
      () => flagPhoto.run({ ownerId: 'owner', photoId: 'p1', reason: 'Off-topic' }, context.as(caller('r1'))),
      RATING_MESSAGES.alreadyReported,
    );
    await expectNothingWritten(
      context,
      () => flagPhoto.run({ ownerId: 'owner', photoId: 'p1', reason: 'Because' }, context.as(caller('r2'))),
      RATING_MESSAGES.reasonRequired,
    );
    expect((await feedIds(context, 'viewer')).ids).toEqual(['p1']);
    await flagPhoto.run(
      { ownerId: 'owner', photoId: 'p1', reason: 'Underage user' },
      context.as(caller('r2')),
    );
    await flagPhoto.run(
      { ownerId: 'owner', photoId: 'p1', reason: 'Fake profile/Spam' },
      context.as(caller('r3')),
    );
    expect(await context.store.get<Photo>('users/owner/photos/p1')).toMatchObject({
      reportsCount: 3,
      eligible: false,
    });
    expect((await feedIds(context, 'viewer')).ids).toEqual([]);
  });
});

describe('recordLogin', () => {
  it('counts each calendar day once in the member time zone, resets after a gap, marks milestones', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann', { points: 2 });
    const login = () => recordLogin.run({ timeZone: 'Europe/Berlin' }, context.as(caller('ann')));
    expect(await login()).toEqual({ loginStreak: 1, tokens: 5, milestone: false });
    expect(await login()).toEqual({ loginStreak: 1, tokens: 0, milestone: false });
    for (let day = 2; day <= 7; day++) {
      context.clock.advanceDays(1);
      expect((await login()).loginStreak).toBe(day);
    }
    const user = await context.store.get<User>('users/ann');
    expect(user).toMatchObject({ loginStreak: 7, points: 2 + 7 * 5, timeZone: 'Europe/Berlin' });
    context.clock.advanceDays(3);
    expect(await login()).toEqual({ loginStreak: 1, tokens: 5, milestone: false });
  });

  it('counts one day per real day whatever zones are sent, even each one as it passes midnight', async () => {
    const context = testContext(new TestClock(new Date('2026-11-22T00:00:00Z')));
    await seedMember(context.store, 'ann', { points: 0 });
    // One zone for each whole-hour offset from UTC+14 to UTC-12 (Etc names count the other way).
    const formats = Array.from({ length: 27 }, (_, index) => {
      const offset = 14 - index;
      const zone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
      return { zone, format: new Intl.DateTimeFormat('en-CA', { timeZone: zone }) };
    });
    let counted = 0;
    // Every 20 minutes for 2 days, the zone that has just passed midnight, as a farming client would.
    for (let step = 0; step < 2 * 72; step++) {
      const now = context.clock.now();
      const before = new Date(now.getTime() - 20 * 60_000);
      const zone = formats.find(({ format }) => format.format(now) !== format.format(before))?.zone ?? 'UTC';
      counted += (await recordLogin.run({ timeZone: zone }, context.as(caller('ann')))).tokens > 0 ? 1 : 0;
      context.clock.advanceMinutes(20);
    }
    // Two real days, plus at most the one day a jump across the date line gains once.
    expect(counted).toBeGreaterThanOrEqual(2);
    expect(counted).toBeLessThanOrEqual(4);
    expect((await context.store.get<User>('users/ann'))?.points).toBe(counted * 5);
  });

  it('refuses a time zone that is empty or not text, and writes nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    for (const timeZone of ['', 5, { zone: 'UTC' }, 'x'.repeat(65)]) {
      await expectNothingWritten(
        context,
        () => recordLogin.run({ timeZone }, context.as(caller('ann'))),
        /Time zone is not valid|timeZone must be text/,
      );
    }
  });

  it('celebrates the 7th day and refuses an unknown time zone', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann', { loginStreak: 6, lastLogin: new Date('2026-11-21T10:00:00Z') });
    expect(await recordLogin.run({ timeZone: 'UTC' }, context.as(caller('ann')))).toEqual({
      loginStreak: 7,
      tokens: 5,
      milestone: true,
    });
    await expectNothingWritten(
      context,
      () => recordLogin.run({ timeZone: 'Mars/Olympus' }, context.as(caller('ann'))),
      'Time zone is not valid',
    );
  });
});

describe('the leaderboard', () => {
  it('lists the 8 best rated active photos with at least 5 votes, ties to more votes', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'viewer');
    for (let n = 0; n < 10; n++)
      await seedPhoto(context.store, 'ann', `p${n}`, { rate: 3 + n * 0.2, votesCount: 5 + n });
    await seedPhoto(context.store, 'ann', 'few-votes', { rate: 5, votesCount: 4 });
    await seedPhoto(context.store, 'ann', 'inactive', { rate: 5, votesCount: 50, active: false });
    await seedPhoto(context.store, 'ann', 'tie-more', { rate: 4.8, votesCount: 30 });
    const { photos } = await getLeaderboard.run({}, context.as(caller('viewer')));
    expect(photos.map((photo) => photo.id)).toEqual(['tie-more', 'p9', 'p8', 'p7', 'p6', 'p5', 'p4', 'p3']);
    await expect(getLeaderboard.run({}, context.as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it("keeps to each owner's audience, and shows only women's or men's photos when asked", async () => {
    const context = testContext();
    await seedMember(context.store, 'ann', { gender: 'female' });
    await seedMember(context.store, 'bob', { gender: 'male' });
    await seedMember(context.store, 'him', { gender: 'male' });
    await seedMember(context.store, 'her', { gender: 'female' });
    await seedPhoto(context.store, 'ann', 'for-women', { rate: 5, votesCount: 40, showTo: 'female' });
    await seedPhoto(context.store, 'ann', 'for-all', { rate: 4.5, votesCount: 40, gender: 'female' });
    await seedPhoto(context.store, 'bob', 'his', { rate: 4, votesCount: 40, gender: 'male' });
    const board = async (viewer: string, input: object = {}) =>
      (await getLeaderboard.run(input, context.as(caller(viewer)))).photos.map((photo) => photo.id);
    expect(await board('him')).toEqual(['for-all', 'his']);
    expect(await board('her')).toEqual(['for-women', 'for-all', 'his']);
    expect(await board('her', { gender: 'male' })).toEqual(['his']);
    expect(await board('him', { gender: 'female' })).toEqual(['for-all']);
    for (const gender of ['both', 'other', 1, null]) {
      await expect(getLeaderboard.run({ gender }, context.as(caller('him')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    }
    await expect(getLeaderboard.run({ gender: 'other' }, context.as(caller('him')))).rejects.toThrow(
      'Choose female or male',
    );
  });

  it('records each day on the leaderboard once, however often the daily job runs', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedPhoto(context.store, 'ann', 'top', { rate: 4, votesCount: 6 });
    await seedPhoto(context.store, 'ann', 'unrated');
    const first = await recordLeaderboardDay(context.store, context.clock);
    expect(first.recorded).toBe(1);
    expect((await recordLeaderboardDay(context.store, context.clock)).recorded).toBe(0);
    context.clock.advanceDays(1);
    await recordLeaderboardDay(context.store, context.clock);
    const top = await context.store.get<Photo>('users/ann/photos/top');
    expect(top?.leaderboardDays).toEqual([first.day, first.day + 1]);
    expect((await context.store.get<Photo>('users/ann/photos/unrated'))?.leaderboardDays).toEqual([]);
  });
});
