import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_MESSAGES, SUBSCRIBER_VIEW_RATING_PER_DAY } from '../../../src/domain/daily-counter';
import { RATING_MESSAGES } from '../../../src/domain/rating';
import { caller, seedMember, seedPhoto, seedVote, testContext, type TestClock } from '../testing';
import { getAdvancedAnalytics } from './advanced-analytics';
import { viewRating } from './rating';

async function setUp() {
  const context = testContext();
  await seedMember(context.store, 'owner', { gender: 'male' });
  await seedMember(context.store, 'premium', { gender: 'male', subscribed: true, timeZone: 'Europe/Paris' });
  await seedMember(context.store, 'free', { gender: 'male' });
  await seedPhoto(context.store, 'owner', 'p1', { votesCount: 2, rate: 4.5 });
  await seedPhoto(context.store, 'free', 'mine', { votesCount: 0 });
  await seedVote(context.store, 'free', 'mine', 'v1', { gender: 'female', ageDecade: 30 });
  return context;
}

const ref = { ownerId: 'owner', photoId: 'p1' };

describe('View Rating a day', () => {
  it('gives a subscriber 10 a day, counted by the server, and 10 more the next day', async () => {
    const context = await setUp();
    const premium = context.as(caller('premium'));
    for (let use = 0; use < SUBSCRIBER_VIEW_RATING_PER_DAY; use++)
      expect(await viewRating.run(ref, premium)).toEqual({ rate: 4.5, votesCount: 2 });
    await expect(viewRating.run(ref, premium)).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: DAILY_LIMIT_MESSAGES.viewRating,
    });
    (context.clock as TestClock).advanceDays(1);
    expect(await viewRating.run(ref, premium)).toEqual({ rate: 4.5, votesCount: 2 });
  });

  it('offers Premium to free members and counts nothing for them', async () => {
    const context = await setUp();
    const before = await context.store.contents();
    await expect(viewRating.run(ref, context.as(caller('free')))).rejects.toMatchObject({
      code: 'permission-denied',
      message: RATING_MESSAGES.viewRatingPremium,
      details: { reason: 'premium' },
    });
    expect(await context.store.contents()).toEqual(before);
  });

  it('does not spend a use on a photo it does not show', async () => {
    const context = await setUp();
    await expect(
      viewRating.run({ ownerId: 'owner', photoId: 'gone' }, context.as(caller('premium'))),
    ).rejects.toThrow(RATING_MESSAGES.unavailable);
    expect(await context.store.get('dailyUses/premium')).toBeUndefined();
  });
});

describe('Advanced Analytics a day', () => {
  it('serves a free member one view a day, then says Premium would show more', async () => {
    const context = await setUp();
    const free = context.as(caller('free'));
    expect(await getAdvancedAnalytics.run({ photoId: 'mine' }, free)).toEqual({
      voters: [{ gender: 'female', ageDecade: 30 }],
      ages: [{ decade: '30s', voters: 1 }],
      genders: [{ gender: 'female', voters: 1 }],
    });
    await expect(getAdvancedAnalytics.run({ photoId: 'mine' }, free)).rejects.toMatchObject({
      code: 'permission-denied',
      message: DAILY_LIMIT_MESSAGES.advancedAnalytics,
      details: { reason: 'premium' },
    });
    (context.clock as TestClock).advanceDays(1);
    await expect(getAdvancedAnalytics.run({ photoId: 'mine' }, free)).resolves.toMatchObject({
      ages: [{ voters: 1 }],
    });
  });

  it('serves Premium members always, and only their own photos', async () => {
    const context = await setUp();
    await seedPhoto(context.store, 'premium', 'own');
    for (let time = 0; time < 5; time++)
      await getAdvancedAnalytics.run({ photoId: 'own' }, context.as(caller('premium')));
    expect(await context.store.get('dailyUses/premium')).toBeUndefined();
    await expect(
      getAdvancedAnalytics.run({ photoId: 'p1' }, context.as(caller('free'))),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});
