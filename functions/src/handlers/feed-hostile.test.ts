/**
 * The feed since it answers before `ensureUser` and puts compared photos first: whatever state the
 * caller's record is in, and however a photo is marked, it offers only what the rules allow.
 */
import { describe, expect, it } from 'vitest';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getPhotos } from './rating';
import { startComparing } from './start-comparing';

type Context = ReturnType<typeof testContext>;

const feedIds = async (context: Context, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

/** Two photos of `owner`, both unrated and so both marked by opening Compare. */
async function comparedPair(context: Context, owner: string, fields: Record<string, unknown> = {}) {
  await seedPhoto(context.store, owner, `${owner}-1`, fields);
  await seedPhoto(context.store, owner, `${owner}-2`, fields);
  await startComparing.run({ photoIds: [`${owner}-1`, `${owner}-2`] }, context.as(caller(owner)));
}

describe('the feed, asked before the record is ready or by a member it must refuse', () => {
  it('refuses a member with no record yet, a deleted, a disabled or an incomplete one, and writes nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await comparedPair(context, 'ann');
    await seedMember(context.store, 'gone', { deletedAt: new Date('2026-11-20T00:00:00Z') });
    await seedMember(context.store, 'off', { disabled: true });
    await seedMember(context.store, 'half', { complete: false });
    await seedMember(context.store, 'no-gender', { gender: undefined });
    await seedMember(context.store, 'no-age', { age: undefined });
    await seedMember(context.store, 'no-choice', { showGender: undefined });
    const refusals: Array<[string, string]> = [
      ['not-yet', 'not-found'],
      ['gone', 'not-found'],
      ['off', 'permission-denied'],
      ['half', 'failed-precondition'],
      ['no-gender', 'failed-precondition'],
      ['no-age', 'failed-precondition'],
      ['no-choice', 'failed-precondition'],
    ];
    for (const [uid, code] of refusals) {
      const before = await context.store.contents();
      await expect(getPhotos.run({}, context.as(caller(uid))), uid).rejects.toMatchObject({ code });
      expect(await context.store.contents()).toEqual(before);
    }
    await expect(getPhotos.run({}, context.as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('keeps compared photos to blocks both ways, the audience, the show-me choice and the age range', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', {
      gender: 'male',
      age: 30,
      showGender: 'female',
      blocks: ['blocked'],
      blockedBy: ['blocker'],
    });
    for (const owner of ['blocked', 'blocker', 'for-women', 'too-old', 'a-man', 'fine'])
      await seedMember(context.store, owner);
    await comparedPair(context, 'blocked');
    await comparedPair(context, 'blocker');
    await comparedPair(context, 'for-women', { showTo: 'female' });
    await comparedPair(context, 'too-old', { ageRange: [40, 60] });
    await comparedPair(context, 'a-man', { gender: 'male' });
    await comparedPair(context, 'fine');
    expect((await feedIds(context, 'viewer')).sort()).toEqual(['fine-1', 'fine-2']);
    // The owners themselves never get their own compared photos.
    expect(await feedIds(context, 'fine')).not.toContain('fine-1');
  });

  it('drops a compared photo that leaves the feed: made inactive, ineligible or errored after the mark', async () => {
    const context = testContext();
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedMember(context.store, 'ann');
    await comparedPair(context, 'ann');
    expect((await feedIds(context, 'viewer')).sort()).toEqual(['ann-1', 'ann-2']);
    for (const change of [{ active: false }, { eligible: false }, { error: 'User deleted' }]) {
      await context.store.runTransaction(async (tx) => tx.update('users/ann/photos/ann-1', change));
      expect(await feedIds(context, 'viewer'), JSON.stringify(change)).toEqual(['ann-2']);
      await context.store.runTransaction(async (tx) =>
        tx.update('users/ann/photos/ann-1', { active: true, eligible: true, error: null }),
      );
    }
  });
});
