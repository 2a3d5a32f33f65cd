import { describe, expect, it } from 'vitest';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getLeaderboard } from './leaderboard';
import { submitRating } from './rating';

type Context = ReturnType<typeof testContext>;

/** Each vote from a member of its own, looking at the photo `seconds` before voting. */
async function votesOn(context: Context, photoId: string, hearts: number[], seconds: number) {
  for (const [n, rate] of hearts.entries()) {
    const voter = `${photoId}-voter-${n}`;
    await seedMember(context.store, voter, { gender: 'male' });
    await submitRating.run({ ownerId: 'owner', photoId, rate, seconds }, context.as(caller(voter)));
  }
}

describe('the smoothed leaderboard, gamed', () => {
  it('does not rank a photo by votes the fair score leaves out, however many there are', async () => {
    const context = testContext();
    await seedMember(context.store, 'owner', { points: 1000 });
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedPhoto(context.store, 'owner', 'honest');
    await seedPhoto(context.store, 'owner', 'rushed');
    await votesOn(context, 'honest', [...Array<number>(30).fill(5), ...Array<number>(30).fill(4)], 6);
    // Five votes of 5 hearts sent without looking at the photo: hasty, so left out of the fair score.
    await votesOn(context, 'rushed', [5, 5, 5, 5, 5], 0);

    const { photos } = await getLeaderboard.run({}, context.as(caller('viewer')));
    expect(photos.map((photo) => photo.id)).toEqual(['honest']);
  });
});
