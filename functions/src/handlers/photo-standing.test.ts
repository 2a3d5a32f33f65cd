import { describe, expect, it } from 'vitest';
import { PEER_MIN_PHOTOS, peerShardPath, type PeerGroup } from '../../../src/domain/peer-stats';
import { STANDING_MESSAGES } from '../../../src/domain/photo-standing';
import { DEFAULT_SITE_AVERAGE } from '../../../src/domain/score-quality';
import { histogramBucket, type RateHistogram } from '../../../src/domain/scores';
import { STATS_SHARDS_PATH, type SiteStats } from '../../../src/domain/site-stats';
import type { Store } from '../store/store';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { deletePhoto } from './delete-photo';
import { getPhotoStanding } from './photo-standing';
import { submitRating } from './rating';

type Context = ReturnType<typeof testContext>;

/** `count` photos rated `rate`, as a histogram. */
const photosAt = (count: number, rate: number): RateHistogram => ({ [histogramBucket(rate)]: count });

/** The site's shards as votes would have left them: two shards, 4,000 votes averaging 3.2. */
async function seedSite(context: Context, histogram: RateHistogram) {
  await context.store.runTransaction(async (tx) => {
    tx.set(`${STATS_SHARDS_PATH}/3`, { histogram, votes: 1000, votesSum: 3400 } satisfies SiteStats);
    tx.set(`${STATS_SHARDS_PATH}/11`, { histogram: {}, votes: 3000, votesSum: 9400 } satisfies SiteStats);
  });
}

async function seedPeers(context: Context, group: PeerGroup, histogram: RateHistogram) {
  await context.store.runTransaction(async (tx) => tx.set(peerShardPath(group, 'any'), { histogram }));
}

/** An owner (a woman of 30) with a rated photo p1 and an unrated one p2, and another member with h1. */
async function owners() {
  const context = testContext();
  await seedMember(context.store, 'owner');
  await seedMember(context.store, 'other', { gender: 'male' });
  await seedPhoto(context.store, 'owner', 'p1', { rate: 4.6, votesCount: 12, peerGroup: 'female-25-34' });
  await seedPhoto(context.store, 'owner', 'p2');
  await seedPhoto(context.store, 'other', 'h1', { rate: 4.9, votesCount: 40, peerGroup: 'male-25-34' });
  return context;
}

/** The store with the paths read through it recorded. */
function recordingReads(store: Store): { store: Store; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    store: {
      ...store,
      get: (path) => (reads.push(path), store.get(path)),
      query: (path, query) => (reads.push(path), store.query(path, query)),
      queryGroup: (id, query) => (reads.push(id), store.queryGroup(id, query)),
      runTransaction: (work) => store.runTransaction(work),
      watch: (path, onChange, onError) => store.watch(path, onChange, onError),
      watchQuery: (path, query, onChange, onError) => store.watchQuery(path, query, onChange, onError),
    },
  };
}

const standingOf = (context: Context, photoId: unknown, uid = 'owner') =>
  getPhotoStanding.run({ photoId }, context.as(caller(uid)));

describe("getPhotoStanding: the owner's photo among every photo and among peers", () => {
  it('places the photo among every rated photo and its peers, with the site average its fair score weighs against', async () => {
    const context = await owners();
    // 20 photos on the site: 2 at 4.6 or better.
    await seedSite(context, { ...photosAt(2, 4.6), ...photosAt(18, 3) });
    // 40 in her group: 4 at 4.6 or better.
    await seedPeers(context, 'female-25-34', { ...photosAt(4, 4.6), ...photosAt(36, 3) });
    expect(await standingOf(context, 'p1')).toEqual({
      topPercent: 10,
      peer: { group: 'female-25-34', topPercent: 10 },
      siteAverage: (3400 + 9400) / 4000,
    });
  });

  it(`gives no place among peers until the group holds ${PEER_MIN_PHOTOS} photos`, async () => {
    const context = await owners();
    await seedSite(context, photosAt(20, 3));
    await seedPeers(context, 'female-25-34', { ...photosAt(4, 4.6), ...photosAt(PEER_MIN_PHOTOS - 5, 3) });
    expect(await standingOf(context, 'p1')).toMatchObject({ topPercent: 1, peer: null });
    await seedPeers(context, 'female-25-34', { ...photosAt(4, 4.6), ...photosAt(PEER_MIN_PHOTOS - 4, 3) });
    expect(await standingOf(context, 'p1')).toMatchObject({ peer: { topPercent: 14 } });
  });

  it('gives an unrated photo no place, and the middle of the scale as the average of a site with no votes', async () => {
    const context = await owners();
    expect(await standingOf(context, 'p2')).toEqual({
      topPercent: null,
      peer: null,
      siteAverage: DEFAULT_SITE_AVERAGE,
    });
  });

  it('follows the votes: the place and the average move as the photo is rated', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 100 });
    await seedPhoto(context.store, 'owner', 'p1');
    await seedPhoto(context.store, 'owner', 'p2');
    for (const voter of ['v1', 'v2', 'v3']) {
      await seedMember(context.store, voter, { gender: 'male' });
      for (const [photoId, rate] of [
        ['p1', 2],
        ['p2', 4],
      ] as const)
        await submitRating.run({ ownerId: 'owner', photoId, rate, seconds: 5 }, context.as(caller(voter)));
    }
    // p1 is in the bottom half, which the detail does not show.
    expect(await standingOf(context, 'p1')).toEqual({ topPercent: null, peer: null, siteAverage: 3 });
    expect(await standingOf(context, 'p2')).toMatchObject({ topPercent: 50 });
  });

  it('tells only a place the detail shows: none before 3 votes or below the top half, among all or among peers', async () => {
    const context = await owners();
    await seedPhoto(context.store, 'owner', 'p3', { rate: 4.6, votesCount: 2, peerGroup: 'female-25-34' });
    await seedPhoto(context.store, 'owner', 'p4', { rate: 2, votesCount: 12, peerGroup: 'female-25-34' });
    await seedSite(context, { ...photosAt(3, 4.6), ...photosAt(10, 3), ...photosAt(7, 2) });
    await seedPeers(context, 'female-25-34', { ...photosAt(4, 4.6), ...photosAt(20, 3), ...photosAt(16, 2) });
    // A place that moves as other photos are voted on would tell a voter where those stand.
    expect(await standingOf(context, 'p3')).toMatchObject({ topPercent: null, peer: null });
    expect(await standingOf(context, 'p4')).toMatchObject({ topPercent: null, peer: null });
    expect(await standingOf(context, 'p1')).toMatchObject({
      topPercent: 15,
      peer: { group: 'female-25-34', topPercent: 10 },
    });
  });
});

describe('getPhotoStanding refuses', () => {
  it("another member's photo, a missing one and a deleted one alike, reading nothing of the stats", async () => {
    const context = await owners();
    await seedSite(context, photosAt(20, 3));
    await deletePhoto.run({ photoId: 'p2' }, context.as(caller('owner')));
    for (const photoId of ['h1', 'nothing', 'p2']) {
      const recorded = recordingReads(context.store);
      const refusal = getPhotoStanding.run(
        { photoId },
        { ...context.as(caller('owner')), store: recorded.store },
      );
      await expect(refusal).rejects.toMatchObject({ code: 'not-found', message: STANDING_MESSAGES.notYours });
      expect(recorded.reads.sort()).toEqual([`users/owner`, `users/owner/photos/${photoId}`]);
    }
  });

  it('a visitor, a deleted member and a disabled one', async () => {
    const context = await owners();
    await expect(getPhotoStanding.run({ photoId: 'p1' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    await seedMember(context.store, 'gone', { deletedAt: new Date('2026-11-20T10:00:00Z') });
    await seedPhoto(context.store, 'gone', 'g1', { rate: 4, votesCount: 3 });
    await expect(standingOf(context, 'g1', 'gone')).rejects.toMatchObject({ code: 'not-found' });
    await seedMember(context.store, 'off', { disabled: true });
    await seedPhoto(context.store, 'off', 'o1', { rate: 4, votesCount: 3 });
    await expect(standingOf(context, 'o1', 'off')).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('inputs of the wrong shape with a clear message, before any read', async () => {
    const context = await owners();
    const bad: unknown[] = [
      undefined,
      null,
      'p1',
      ['p1'],
      { photoId: 7 },
      { photoId: ['p1'] },
      { photoId: '' },
      { photoId: '../other/photos/h1' },
      { photoId: 'x'.repeat(65) },
      { photoId: 'p1', ownerId: 'other' },
      JSON.parse('{"photoId":"p1","__proto__":{"admin":true}}'),
    ];
    for (const input of bad) {
      const recorded = recordingReads(context.store);
      const refusal = await getPhotoStanding
        .run(input, { ...context.as(caller('owner')), store: recorded.store })
        .then(
          () => null,
          (error: unknown) => error as { code: string; message: string },
        );
      expect(refusal, JSON.stringify(input)).toMatchObject({ code: 'invalid-argument' });
      expect(refusal?.message).toMatch(/\w/);
      expect(recorded.reads).toEqual([]);
    }
  });

  it("Firestore's reserved ids as invalid-argument, not a failure", async () => {
    const context = await owners();
    await expect(standingOf(context, '__name__')).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
