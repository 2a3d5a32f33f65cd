/**
 * What an owner can learn about a voter (ARCHITECTURE.md, "Anonymity"): the hearts, comment, tags,
 * gender and age by decade of each vote, and the conversation on it, but nothing that names the
 * voter. The owner here has seen the voter's photo in the feed, with the voter's uid and image
 * address beside it; nothing the owner reads about the vote may be matched to those.
 */
import { describe, expect, it } from 'vitest';
import { canAccess } from '../../../src/domain/access';
import { votesPath } from '../../../src/domain/vote';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getAdvancedAnalytics } from './advanced-analytics';
import { reactToComment, replyToComment } from './comments';
import { getPhotoStanding } from './photo-standing';
import { getPhotos, submitRating } from './rating';

const voter = {
  uid: 'vince',
  name: 'Vincent Voter',
  avatar: 'http://files.test/files/images/vince/resized/avatar_1.webp?token=avatar',
  photo: 'http://files.test/files/images/vince/resized/v1.webp?token=photo',
  age: 37,
};

/** Olga's photos, and Vince, whose photo Olga's feed showed her, rating both with one heart and a comment. */
async function voteOnOlga() {
  const context = testContext();
  const { store, as } = context;
  await seedMember(store, 'olga', { displayName: 'Olga', subscribed: true, points: 5 });
  await seedMember(store, voter.uid, {
    displayName: voter.name,
    photoURL: voter.avatar,
    gender: 'male',
    age: voter.age,
    birthyear: 1989,
    points: 5,
  });
  await seedPhoto(store, 'olga', 'o1');
  await seedPhoto(store, 'olga', 'o2');
  await seedPhoto(store, voter.uid, 'v1', { imageUrl: voter.photo, gender: 'male' });
  const feed = await getPhotos.run({}, as(caller('olga')));
  for (const photoId of ['o1', 'o2'])
    await submitRating.run(
      { ownerId: 'olga', photoId, rate: 1, comment: 'Not for me', chips: ['shy'], seconds: 5 },
      as(caller(voter.uid)),
    );
  return { ...context, feed };
}

/** Everything the rules let the member read, as the store holds it. */
async function readableBy(context: Awaited<ReturnType<typeof voteOnOlga>>, uid: string) {
  return (await context.store.contents()).filter((row) => canAccess({ uid }, row.path, 'read'));
}

describe('what an owner learns about a voter', () => {
  it('is nothing that matches the uid, name, picture or photos the feed showed of them', async () => {
    const context = await voteOnOlga();
    const { store, as, feed } = context;
    // The join an owner would make: the feed names the voter's uid beside their face.
    expect(feed.photos).toContainEqual(expect.objectContaining({ id: 'v1', userId: voter.uid }));

    const olga = as(caller('olga'));
    const vince = as(caller(voter.uid));
    const [vote] = await store.query(votesPath('olga', 'o1'));
    const ref = { ownerId: 'olga', photoId: 'o1', voteId: vote!.id };
    const { replyId } = await replyToComment.run({ ...ref, text: 'Why?' }, olga);
    const answer = await replyToComment.run({ ...ref, text: 'Just my taste' }, vince);
    await reactToComment.run({ ...ref, replyId, emoji: '😢' }, vince);
    await reactToComment.run({ ...ref, emoji: '😮' }, vince);
    await reactToComment.run({ ...ref, replyId: answer.replyId, emoji: '👍' }, olga);
    const analytics = await getAdvancedAnalytics.run({ photoId: 'o1' }, olga);
    const standing = await getPhotoStanding.run({ photoId: 'o1' }, olga);

    const read = JSON.stringify([await readableBy(context, 'olga'), analytics, standing]);
    for (const identifying of [voter.uid, voter.name, voter.avatar, voter.photo, 'images/vince'])
      expect(read).not.toContain(identifying);
    // Demographics in bands: the voter's decade, never their age.
    const votes = (await readableBy(context, 'olga'))
      .filter((row) => row.path.includes('/votes/'))
      .map((row) => JSON.parse(row.data) as Record<string, unknown>);
    expect(votes).toHaveLength(2);
    for (const each of votes) {
      expect(each).not.toHaveProperty('age');
      expect(each).toMatchObject({ ageDecade: 30, gender: 'male', rate: 1 });
    }
    expect(analytics.voters).toEqual([{ gender: 'male', ageDecade: 30 }]);
  });

  it("does not tell that two votes on two of the owner's photos come from one voter", async () => {
    const { store } = await voteOnOlga();
    const [first] = await store.query(votesPath('olga', 'o1'));
    const [second] = await store.query(votesPath('olga', 'o2'));
    expect(first!.id).not.toBe(second!.id);
    expect([first!.id, second!.id]).not.toContain(voter.uid);
  });
});
