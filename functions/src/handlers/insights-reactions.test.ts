/** The owner's thumb on a photo's AI insights, and the count admins read, attacked too. */
import { describe, expect, it } from 'vitest';
import {
  INSIGHTS_MESSAGES,
  INSIGHTS_REACTIONS_PATH,
  type AiInsights,
  type Photo,
} from '../../../src/domain/photo';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { adminInsightsReactions, reactToInsights } from './insights-reactions';

/** What the tests need of insights: that the photo has some. */
const INSIGHTS = { photoVibe: 'Warm and easy' } as unknown as AiInsights;

async function withPhotos() {
  const context = testContext();
  await seedMember(context.store, 'olga');
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedPhoto(context.store, 'olga', 'p1', { aiInsights: INSIGHTS });
  await seedPhoto(context.store, 'olga', 'p2', { aiInsights: INSIGHTS });
  await seedPhoto(context.store, 'olga', 'bare');
  return context;
}

const admin = caller('ada', { isAdmin: true });

describe('reactToInsights', () => {
  it('sets, changes and takes back the reaction, and the count for admins follows exactly', async () => {
    const context = await withPhotos();
    const olga = context.as(caller('olga'));
    await reactToInsights.run({ photoId: 'p1', reaction: 'like' }, olga);
    await reactToInsights.run({ photoId: 'p1', reaction: 'like' }, olga);
    await reactToInsights.run({ photoId: 'p2', reaction: 'dislike' }, olga);
    expect(await adminInsightsReactions.run({}, context.as(admin))).toEqual({ like: 1, dislike: 1 });
    await reactToInsights.run({ photoId: 'p1', reaction: 'dislike' }, olga);
    expect(await adminInsightsReactions.run({}, context.as(admin))).toEqual({ like: 0, dislike: 2 });
    await reactToInsights.run({ photoId: 'p2', reaction: null }, olga);
    expect(await adminInsightsReactions.run({}, context.as(admin))).toEqual({ like: 0, dislike: 1 });
    expect((await context.store.get<Photo>('users/olga/photos/p1'))?.aiReaction).toBe('dislike');
    expect((await context.store.get<Photo>('users/olga/photos/p2'))?.aiReaction).toBeNull();
  });

  it("refuses a photo without insights, another member's photo and hostile input, writing nothing", async () => {
    const context = await withPhotos();
    await seedMember(context.store, 'mallory');
    const before = await context.store.contents();
    await expect(
      reactToInsights.run({ photoId: 'bare', reaction: 'like' }, context.as(caller('olga'))),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: INSIGHTS_MESSAGES.noInsights });
    await expect(
      reactToInsights.run({ photoId: 'p1', reaction: 'dislike' }, context.as(caller('mallory'))),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      reactToInsights.run({ photoId: 'p1', reaction: 'like' }, context.as(null)),
    ).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    for (const input of [
      { photoId: 'p1', reaction: 'love' },
      { photoId: 'p1', reaction: 1 },
      { photoId: 'p1' },
      { photoId: 'p1', reaction: ['like'] },
      { photoId: '../p1', reaction: 'like' },
      { photoId: 'p1', reaction: 'like', userId: 'mallory' },
      { photoId: 'x'.repeat(100_000), reaction: 'like' },
      JSON.parse('{"photoId":"p1","reaction":"like","__proto__":{"aiReaction":"like"}}'),
    ])
      await expect(reactToInsights.run(input, context.as(caller('olga')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    expect(await context.store.contents()).toEqual(before);
    expect(await context.store.get(INSIGHTS_REACTIONS_PATH)).toBeUndefined();
  });
});

describe('adminInsightsReactions', () => {
  it('answers admins only, with zeros before any reaction', async () => {
    const context = await withPhotos();
    expect(await adminInsightsReactions.run({}, context.as(admin))).toEqual({ like: 0, dislike: 0 });
    await expect(adminInsightsReactions.run({}, context.as(caller('olga')))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(adminInsightsReactions.run({ x: 1 }, context.as(admin))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});
