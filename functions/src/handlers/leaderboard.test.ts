import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getLeaderboard } from './leaderboard';
import { submitRating } from './rating';

type Context = ReturnType<typeof testContext>;

/** Each vote from a member of its own, so no voter's habit shifts the fair score. */
async function votesOn(context: Context, photoId: string, hearts: number[]) {
  for (const [n, rate] of hearts.entries()) {
    const voter = `${photoId}-voter-${n}`;
    await seedMember(context.store, voter, { gender: 'male' });
    await submitRating.run({ ownerId: 'owner', photoId, rate, seconds: 6 }, context.as(caller(voter)));
  }
}

describe('the leaderboard by the smoothed score', () => {
  it('puts 200 votes averaging 4.8 above 5 votes of 5 hearts, and still shows each rate', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 1000 });
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedPhoto(context.store, 'owner', 'lucky');
    await seedPhoto(context.store, 'owner', 'proven');
    await seedPhoto(context.store, 'owner', 'middling');
    await votesOn(context, 'middling', Array<number>(30).fill(3));
    await votesOn(context, 'proven', [...Array<number>(160).fill(5), ...Array<number>(40).fill(4)]);
    await votesOn(context, 'lucky', [5, 5, 5, 5, 5]);

    const { photos } = await getLeaderboard.run({}, context.as(caller('viewer')));
    expect(photos.map((photo) => [photo.id, photo.rate, photo.votesCount])).toEqual([
      ['proven', expect.closeTo(4.8, 6), 200],
      ['lucky', 5, 5],
      ['middling', 3, 30],
    ]);
    // Stored by the votes' transactions: the lower end of each fair score's 90% range.
    const smoothed = async (id: string) =>
      Math.floor((await context.store.get<Photo>(`users/owner/photos/${id}`))!.leaderboardScore / 1e7) / 1000;
    expect(await smoothed('lucky')).toBeLessThan(4.6);
    expect(await smoothed('proven')).toBeGreaterThan(4.7);
  });

  it('leaves a photo off until its 5th vote, and ranks enough perfect votes above the 4.8s', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 1000 });
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedPhoto(context.store, 'owner', 'new');
    await seedPhoto(context.store, 'owner', 'proven');
    await votesOn(context, 'new', [5, 5, 5, 5]);
    await votesOn(context, 'proven', [...Array<number>(80).fill(5), ...Array<number>(20).fill(4)]);
    const board = async () =>
      (await getLeaderboard.run({}, context.as(caller('viewer')))).photos.map((photo) => photo.id);
    expect(await board()).toEqual(['proven']);
    await seedMember(context.store, 'fifth', { gender: 'male' });
    await submitRating.run(
      { ownerId: 'owner', photoId: 'new', rate: 5, seconds: 6 },
      context.as(caller('fifth')),
    );
    expect(await board()).toEqual(['proven', 'new']);
    for (let n = 0; n < 60; n++) {
      await seedMember(context.store, `more-${n}`, { gender: 'male' });
      await submitRating.run(
        { ownerId: 'owner', photoId: 'new', rate: 5, seconds: 6 },
        context.as(caller(`more-${n}`)),
      );
    }
    expect(await board()).toEqual(['new', 'proven']);
  });
});
