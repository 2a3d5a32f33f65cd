import { describe, expect, it } from 'vitest';
import { mayOpenAdvancedAnalytics, usesToday } from './daily-counter';
import { formatPrice, SUBSCRIPTION_PLANS, TOKEN_PACKS } from './plans';
import { advancedAnalytics, ageDecadeOf, ageDecades, genderSplit, tagCounts } from './vote';

describe('voter analytics', () => {
  it('groups voters by decade, splits them by gender and counts tags', () => {
    expect([16, 19, 20, 29, 37, 100].map(ageDecadeOf)).toEqual([10, 10, 20, 20, 30, 100]);
    expect(ageDecades([{ ageDecade: 10 }, { ageDecade: 20 }, { ageDecade: 20 }, { ageDecade: 40 }])).toEqual([
      { decade: '10s', voters: 1 },
      { decade: '20s', voters: 2 },
      { decade: '40s', voters: 1 },
    ]);
    expect(genderSplit([{ gender: 'male' }, { gender: 'male' }])).toEqual([{ gender: 'male', voters: 2 }]);
    expect(tagCounts([{ chips: ['kind', 'stylish'] }, { chips: ['stylish'] }, { chips: [] }])).toEqual([
      { tag: 'stylish', count: 2 },
      { tag: 'kind', count: 1 },
    ]);
  });
});

describe('daily limits', () => {
  it("count per calendar day in the member's time zone", () => {
    const evening = new Date('2026-11-23T20:00:00Z');
    const today = usesToday(undefined, evening, 'Europe/Paris');
    expect(today).toEqual({ day: usesToday(undefined, evening, 'UTC').day, timeZone: 'Europe/Paris' });
    const counted = { ...today, viewRating: 10 };
    // 23:30 in Paris is the same day; 00:30 the next.
    expect(usesToday(counted, new Date('2026-11-23T22:30:00Z'), 'Europe/Paris')).toBe(counted);
    expect(usesToday(counted, new Date('2026-11-23T23:30:00Z'), 'Europe/Paris').viewRating).toBeUndefined();
  });

  it('read the counted day in the zone it was counted in, whatever zone the member names now', () => {
    const counted = {
      ...usesToday(undefined, new Date('2026-11-23T20:00:00Z'), 'Europe/Paris'),
      viewRating: 10,
    };
    // Already the 24th in Tokyo, still the 23rd in Paris: the count stands.
    expect(usesToday(counted, new Date('2026-11-23T22:00:00Z'), 'Asia/Tokyo')).toBe(counted);
  });

  it('give free members one Advanced Analytics view a day and subscribers all', () => {
    expect(mayOpenAdvancedAnalytics(false, 0)).toBe(true);
    expect(mayOpenAdvancedAnalytics(false, 1)).toBe(false);
    expect(mayOpenAdvancedAnalytics(true, 50)).toBe(true);
  });
});

describe('advanced analytics', () => {
  it('shows the 6 latest voters by gender and decade, with ages by decade and genders', () => {
    const votes = Array.from({ length: 8 }, (_, index) => ({
      ageDecade: ageDecadeOf(20 + index * 3),
      gender: index % 2 ? ('male' as const) : ('female' as const),
      ratedAt: new Date(Date.UTC(2026, 10, 1 + index)),
    }));
    const analytics = advancedAnalytics(votes);
    // The avatars say nothing else: no id, no picture.
    expect(analytics.voters).toEqual([
      { gender: 'male', ageDecade: 40 },
      { gender: 'female', ageDecade: 30 },
      { gender: 'male', ageDecade: 30 },
      { gender: 'female', ageDecade: 30 },
      { gender: 'male', ageDecade: 20 },
      { gender: 'female', ageDecade: 20 },
    ]);
    expect(analytics.ages).toEqual([
      { decade: '20s', voters: 4 },
      { decade: '30s', voters: 3 },
      { decade: '40s', voters: 1 },
    ]);
    expect(analytics.genders).toEqual([
      { gender: 'female', voters: 4 },
      { gender: 'male', voters: 4 },
    ]);
  });
});

describe('plans and packs', () => {
  it('carry the specification prices', () => {
    expect(
      SUBSCRIPTION_PLANS.map((plan) => [
        plan.product,
        formatPrice(plan.price),
        plan.savings ?? '',
        plan.isPopular,
      ]),
    ).toEqual([
      ['yearly', '$11.99', 'Save 66%', false],
      ['quarterly', '$5.99', 'Save 33%', true],
      ['monthly', '$2.99', '', false],
    ]);
    expect(TOKEN_PACKS.map((pack) => [pack.label, pack.tokens, formatPrice(pack.price)])).toEqual([
      ['Starter', 5, '$0.99'],
      ['Most Popular', 10, '$1.99'],
      ['Best Value', 20, '$3.49'],
    ]);
  });
});
