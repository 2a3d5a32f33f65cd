import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { feedOrder } from '../../../src/domain/rating';
import { STATS_SHARDS_PATH, statsShardPath } from '../../../src/domain/site-stats';
import { deletePhoto } from '../handlers/delete-photo';
import { getLeaderboard } from '../handlers/leaderboard';
import { getPhotos, submitRating } from '../handlers/rating';
import { readSiteStats } from '../handlers/site-stats';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { readPeerHistogram } from '../handlers/peer-stats';
import { backfillPeersAndScores, backfillRankings, shardSiteStats, SINGLE_STATS_PATH } from './backfill';

describe('backfilling the ordering fields', () => {
  it('gives photos stored without them their feed order and leaderboard score, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'old', { rate: 4, votesCount: 6 });
    await context.store.runTransaction(async (tx) => {
      const stored = await tx.get<Record<string, unknown>>('users/ann/photos/old');
      // As an earlier version stored it: without the two fields.
      tx.set(
        'users/ann/photos/old',
        Object.fromEntries(
          Object.entries(stored!).filter(([field]) => field !== 'feedOrder' && field !== 'leaderboardScore'),
        ),
      );
    });
    expect((await getLeaderboard.run({}, context.as(caller('viewer')))).photos).toEqual([]);
    expect(await backfillRankings(context.store)).toBe(1);
    const photo = await context.store.get<Photo>('users/ann/photos/old');
    expect(photo?.feedOrder).toBe(feedOrder(photo!, false));
    expect(photo?.leaderboardScore).toBeGreaterThan(0);
    expect((await getPhotos.run({}, context.as(caller('viewer')))).photos.map((found) => found.id)).toEqual([
      'old',
    ]);
    expect((await getLeaderboard.run({}, context.as(caller('viewer')))).photos).toHaveLength(1);
    expect(await backfillRankings(context.store)).toBe(0);
  });
});

describe('backfilling the smoothed leaderboard score and the peer histograms', () => {
  it('ranks rated photos by the smoothed score and counts them in their groups, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'ben', { gender: 'male', age: 50, birthyear: 1976 });
    await seedMember(context.store, 'viewer', { gender: 'male' });
    // As an earlier version left them: ranked by the rate alone, in no peer group.
    await seedPhoto(context.store, 'ann', 'lucky', { rate: 5, votesCount: 5 });
    await seedPhoto(context.store, 'ben', 'proven', { rate: 4.8, votesCount: 200, gender: 'male' });
    await seedPhoto(context.store, 'ann', 'unrated');
    await context.store.runTransaction(async (tx) => {
      tx.update('users/ann/photos/lucky', { leaderboardScore: 50_000_000_005 });
      tx.update('users/ben/photos/proven', { leaderboardScore: 48_000_000_200 });
    });
    const board = async () =>
      (await getLeaderboard.run({}, context.as(caller('viewer')))).photos.map((photo) => photo.id);
    expect(await board()).toEqual(['lucky', 'proven']);

    expect(await backfillPeersAndScores(context.store, context.clock.now())).toBe(2);
    expect(await board()).toEqual(['proven', 'lucky']);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '500': 1 });
    expect(await readPeerHistogram(context.store, 'male-45-up')).toEqual({ '480': 1 });
    expect((await context.store.get<Photo>('users/ann/photos/lucky'))?.peerGroup).toBe('female-25-34');
    expect((await context.store.get<Photo>('users/ann/photos/unrated'))?.peerGroup).toBeUndefined();

    // A vote after it moves the photo within its group, as on any photo counted there.
    await submitRating.run(
      { ownerId: 'ann', photoId: 'lucky', rate: 2, seconds: 5 },
      context.as(caller('viewer')),
    );
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '450': 1 });
    expect(await backfillPeersAndScores(context.store, context.clock.now())).toBe(0);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '450': 1 });
  });
});

describe('moving the site stats into shards', () => {
  it('keeps an earlier data folder’s histogram and totals, each photo in its own shard, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'bob', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'p1', { rate: 3.5, votesCount: 4 });
    await seedPhoto(context.store, 'ann', 'p2', { rate: 2, votesCount: 3 });
    await seedPhoto(context.store, 'ann', 'unrated');
    // As an earlier version left it: one document, with the bucket of a photo deleted since.
    await context.store.runTransaction(async (tx) =>
      tx.set(SINGLE_STATS_PATH, { histogram: { '350': 1, '200': 1, '480': 1 }, votes: 40, votesSum: 140 }),
    );

    expect(await shardSiteStats(context.store)).toBe(true);
    expect(await context.store.get(SINGLE_STATS_PATH)).toBeUndefined();
    expect(await readSiteStats(context.store)).toEqual({
      histogram: { '350': 1, '200': 1 },
      votes: 40,
      votesSum: 140,
    });
    // Each photo's bucket and votes in its own shard, where votes and deletions look for them; the
    // votes on photos deleted since in the first.
    const expected = new Map<string, { votes: number; votesSum: number }>();
    for (const [path, votes, votesSum] of [
      [statsShardPath('p1'), 4, 14],
      [statsShardPath('p2'), 3, 6],
      [`${STATS_SHARDS_PATH}/0`, 33, 120],
    ] as const) {
      const totals = expected.get(path) ?? { votes: 0, votesSum: 0 };
      expected.set(path, { votes: totals.votes + votes, votesSum: totals.votesSum + votesSum });
    }
    for (const [path, totals] of expected) expect(await context.store.get(path)).toMatchObject(totals);
    expect(await context.store.get(statsShardPath('p1'))).toMatchObject({ histogram: { '350': 1 } });
    expect(await shardSiteStats(context.store)).toBe(false);

    // A vote and a deletion then find each photo's bucket where they look for it.
    await submitRating.run({ ownerId: 'ann', photoId: 'p1', rate: 5, seconds: 5 }, context.as(caller('bob')));
    await deletePhoto.run({ photoId: 'p2' }, context.as(caller('ann')));
    expect(await readSiteStats(context.store)).toEqual({ histogram: { '380': 1 }, votes: 41, votesSum: 145 });
  });

  it('does nothing for a data folder that never had the single document', async () => {
    const context = testContext();
    const before = await context.store.contents();
    expect(await shardSiteStats(context.store)).toBe(false);
    expect(await context.store.contents()).toEqual(before);
  });
});
