import { describe, expect, it } from 'vitest';
import {
  feedOrder,
  isHalfStep,
  isTargeted,
  keyRating,
  leaderboardScore,
  REPORT_REASONS,
  smoothedScore,
  swipeArmDistance,
  swipeRating,
  TAGS,
} from './rating';
import { fairScore } from './score-quality';

describe('the tag list', () => {
  it('has 59 distinct personality words including the spec examples', () => {
    expect(TAGS).toHaveLength(59);
    expect(new Set(TAGS).size).toBe(59);
    for (const word of ['amiable', 'assertive', 'attractive', 'confident', 'friendly', 'trustworthy'])
      expect(TAGS).toContain(word);
    for (const word of ['stylish', 'ugly', 'rude', 'suspicious']) expect(TAGS).toContain(word);
  });

  it('has the seven report reasons', () => {
    expect(REPORT_REASONS).toEqual([
      'Fake profile/Spam',
      'Inappropriate photo',
      'Restricted content',
      'Sexually explicit',
      'Underage user',
      'Illegal content',
      'Off-topic',
    ]);
  });
});

describe('rating input', () => {
  it('takes hearts from 0.5 to 5 in half steps only', () => {
    expect([0.5, 1, 2.5, 5].every(isHalfStep)).toBe(true);
    expect([0, 5.5, 3.3, -1, Number.NaN].some(isHalfStep)).toBe(false);
  });

  it('maps a swipe from -250 to 250 in steps of 50 to (offset + 250) / 100 hearts, the far left to 0.5', () => {
    expect(swipeRating(-250)).toBe(0.5);
    expect(swipeRating(-400)).toBe(0.5);
    expect(swipeRating(-230)).toBe(0.5);
    expect(swipeRating(-180)).toBe(0.5);
    expect(swipeRating(50)).toBe(3);
    expect(swipeRating(260)).toBe(5);
    expect(swipeRating(20)).toBeNull();
    expect(swipeRating(-20)).toBeNull();
    // The same distance gives the same step either way.
    expect(swipeRating(75)).toBe(3.5);
    expect(swipeRating(-75)).toBe(1.5);
  });

  it('counts a drag as a swipe only past a third of the photo, and never under 100 px', () => {
    expect(swipeArmDistance(0)).toBe(100);
    expect(swipeArmDistance(240)).toBe(100);
    expect(swipeArmDistance(360)).toBe(120);
    expect(swipeArmDistance(480)).toBe(160);
  });

  it('maps keys 1 to 5 to that many hearts and nothing else', () => {
    expect(['1', '2', '3', '4', '5'].map(keyRating)).toEqual([1, 2, 3, 4, 5]);
    expect(['0', '6', 'a', 'ArrowRight'].map(keyRating)).toEqual([null, null, null, null]);
  });
});

describe('feed targeting', () => {
  const photo = {
    showTo: 'both' as const,
    gender: 'female' as const,
    ageRange: [18, 37] as [number, number],
  };
  const viewer = { gender: 'male' as const, showGender: 'both' as const, age: 30 };

  it('shows a photo to everyone it is meant for', () => {
    expect(isTargeted(photo, viewer)).toBe(true);
    expect(isTargeted({ ...photo, showTo: 'male' }, viewer)).toBe(true);
  });

  it('hides it from the gender the owner did not choose', () => {
    expect(isTargeted({ ...photo, showTo: 'female' }, viewer)).toBe(false);
  });

  it("follows the viewer's show-me choice", () => {
    expect(isTargeted(photo, { ...viewer, showGender: 'male' })).toBe(false);
    expect(isTargeted(photo, { ...viewer, showGender: 'female' })).toBe(true);
  });

  it("keeps to the photo's age range, both ends included", () => {
    expect(isTargeted(photo, { ...viewer, age: 18 })).toBe(true);
    expect(isTargeted(photo, { ...viewer, age: 37 })).toBe(true);
    expect(isTargeted(photo, { ...viewer, age: 38 })).toBe(false);
    expect(isTargeted(photo, { ...viewer, age: 17 })).toBe(false);
  });
});

describe('feed order', () => {
  const at = (iso: string) => new Date(iso);
  it('puts premium owners first, then fewer votes, then newest', () => {
    const older = { id: 'a', votesCount: 1, uploadedAt: at('2026-11-01T00:00:00Z') };
    const newer = { id: 'b', votesCount: 1, uploadedAt: at('2026-11-02T00:00:00Z') };
    const fewer = { id: 'c', votesCount: 0, uploadedAt: at('2026-10-01T00:00:00Z') };
    const premium = { id: 'd', votesCount: 50, uploadedAt: at('2026-01-01T00:00:00Z') };
    const ordered = [
      feedOrder(older, false),
      feedOrder(newer, false),
      feedOrder(fewer, false),
      feedOrder(premium, true),
    ].sort();
    expect(ordered).toEqual([
      feedOrder(premium, true),
      feedOrder(fewer, false),
      feedOrder(newer, false),
      feedOrder(older, false),
    ]);
  });

  it('orders 9 votes before 10 (the count is padded)', () => {
    const uploadedAt = at('2026-11-01T00:00:00Z');
    expect(
      feedOrder({ id: 'a', votesCount: 9, uploadedAt }, false) <
        feedOrder({ id: 'a', votesCount: 10, uploadedAt }, false),
    ).toBe(true);
  });
});

describe('leaderboard score', () => {
  const SITE = 3.2;
  /** `count` votes of `hearts`, each kept whole in the fair score's tally. */
  const votes = (...groups: Array<[count: number, hearts: number]>) => {
    const votesCount = groups.reduce((sum, [count]) => sum + count, 0);
    const qualitySum = groups.reduce((sum, [count, hearts]) => sum + count * hearts, 0);
    const qualitySquares = groups.reduce((sum, [count, hearts]) => sum + count * hearts * hearts, 0);
    return {
      votesCount,
      rate: qualitySum / votesCount,
      qualityVotes: votesCount,
      qualitySum,
      qualitySquares,
    };
  };

  it('is 0 below 5 votes, whatever the hearts', () => {
    expect(leaderboardScore(votes([4, 5]), SITE)).toBe(0);
    expect(leaderboardScore(votes([5, 5]), SITE)).toBeGreaterThan(0);
  });

  it('does not put 5 votes of 5 hearts above 200 votes averaging 4.8', () => {
    const lucky = votes([5, 5]);
    const proven = votes([160, 5], [40, 4]);
    expect(proven.rate).toBeCloseTo(4.8);
    expect(smoothedScore(lucky, SITE)).toBeLessThan(4.3);
    expect(smoothedScore(proven, SITE)).toBeGreaterThan(4.7);
    expect(leaderboardScore(proven, SITE)).toBeGreaterThan(leaderboardScore(lucky, SITE));
  });

  it('lets enough votes of 5 hearts overtake them, and ranks a split verdict below a steady one', () => {
    expect(leaderboardScore(votes([40, 5]), SITE)).toBeGreaterThan(
      leaderboardScore(votes([160, 5], [40, 4]), SITE),
    );
    // Same average of 4, 20 votes each: all fours, or half fives and half threes.
    expect(smoothedScore(votes([20, 4]), SITE)).toBeGreaterThan(smoothedScore(votes([10, 5], [10, 3]), SITE));
  });

  it('is the lower end of the fair score the detail shows, ties to more votes', () => {
    const photo = votes([30, 4.5]);
    expect(smoothedScore(photo, SITE)).toBe(fairScore(photo, SITE)!.low);
    const same = { ...photo, votesCount: 31 };
    expect(leaderboardScore(same, SITE)).toBe(leaderboardScore(photo, SITE) + 1);
  });

  it('counts votes from before the fair score was kept as they were given', () => {
    const old = { rate: 4.6, votesCount: 50 };
    expect(smoothedScore(old, SITE)).toBeGreaterThan(4.4);
    expect(smoothedScore(old, SITE)).toBeLessThan(4.6);
    expect(leaderboardScore(old, SITE)).toBeGreaterThan(leaderboardScore(votes([5, 5]), SITE));
  });
});
