import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { feedOrder } from '../../../src/domain/rating';
import { getLeaderboard } from '../handlers/leaderboard';
import { getPhotos } from '../handlers/rating';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { backfillRankings } from './backfill';

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
