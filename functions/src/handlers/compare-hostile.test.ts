/**
 * startComparing as an attacker calls it, beside start-comparing.test.ts: ids the store itself
 * refuses, and marks that cannot be kept or pushed past the rule.
 */
import { describe, expect, it } from 'vitest';
import { COMPARE_MESSAGES } from '../../../src/domain/compare';
import type { Photo } from '../../../src/domain/photo';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { getPhotos } from './rating';
import { endComparisons, startComparing } from './start-comparing';

type Context = ReturnType<typeof testContext>;

const compare = (context: Context, uid: string, photoIds: string[]) =>
  startComparing.run({ photoIds }, context.as(caller(uid)));

const feedIds = async (context: Context, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

async function annWithTwo() {
  const context = testContext();
  await seedMember(context.store, 'viewer', { gender: 'male' });
  await seedMember(context.store, 'ann');
  await seedPhoto(context.store, 'ann', 'a1');
  await seedPhoto(context.store, 'ann', 'a2');
  return context;
}

describe('startComparing, attacked', () => {
  it("refuses the store's reserved ids (__name__ and the like) as not valid, before any read", async () => {
    const context = await annWithTwo();
    // Firestore refuses a document id of the form __…__ with INVALID_ARGUMENT: a 500 if it is read.
    for (const id of ['__name__', '__proto__', '__x__']) {
      const before = await context.store.contents();
      await expect(compare(context, 'ann', ['a1', id]), id).rejects.toMatchObject({
        code: 'invalid-argument',
        message: COMPARE_MESSAGES.photoNotValid,
      });
      expect(await context.store.contents()).toEqual(before);
    }
  });

  it('cannot mark a photo the feed does not offer: unevaluated, ineligible or errored ones stay in their place', async () => {
    const context = await annWithTwo();
    await seedPhoto(context.store, 'ann', 'unevaluated', { evaluated: false });
    await seedPhoto(context.store, 'ann', 'ineligible', { eligible: false });
    await seedPhoto(context.store, 'ann', 'errored', { error: 'Face not found' });
    const result = await compare(context, 'ann', ['a1', 'a2', 'unevaluated', 'ineligible', 'errored']);
    expect(result.comparing.sort()).toEqual(['a1', 'a2']);
    for (const id of ['unevaluated', 'ineligible', 'errored'])
      expect((await context.store.get<Photo>(`users/ann/photos/${id}`))?.comparing, id).toBeUndefined();
  });

  it('keeps a free owner’s compared photos after every premium owner’s, however often Compare is opened', async () => {
    const context = await annWithTwo();
    await seedMember(context.store, 'pam', { subscribed: true });
    await seedPhoto(context.store, 'pam', 'pam-rated', { votesCount: 400, rate: 3 }, true);
    for (let hour = 0; hour < 30; hour++) {
      await compare(context, 'ann', ['a1', 'a2']);
      context.clock.advanceMinutes(60);
      await endComparisons(context.store, context.clock);
    }
    expect(await feedIds(context, 'viewer')).toEqual(['pam-rated', 'a1', 'a2']);
  });

  it('ends a mark 24 hours after the last opening, when Compare is not opened again', async () => {
    const context = await annWithTwo();
    await compare(context, 'ann', ['a1', 'a2']);
    context.clock.advanceMinutes(24 * 60);
    expect(await endComparisons(context.store, context.clock)).toBe(2);
    const photo = await context.store.get<Photo>('users/ann/photos/a1');
    expect(photo?.comparing).toBe(false);
    expect(photo?.feedOrder.startsWith('1-.')).toBe(false);
  });
});
