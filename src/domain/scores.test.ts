import { describe, expect, it } from 'vitest';
import { isNewPhoto, leaderboardBadge, newPhoto, type Photo } from './photo';
import {
  formatScore,
  formatScoreRange,
  histogramBucket,
  moveInHistogram,
  percentileText,
  rateColor,
  ratingBuckets,
  removeFromHistogram,
  scoreParts,
  tenPointScore,
  tokenColor,
  topPercent,
  verdict,
  viewingTimeMessages,
} from './scores';

describe('verdict bands', () => {
  it.each([
    [5, 'Absolutely Stunning!'],
    [4.5, 'Absolutely Stunning!'],
    // Shown as 9.0, so it reads as 9.0 does.
    [4.49, 'Absolutely Stunning!'],
    [4.44, 'Very Attractive'],
    [4, 'Very Attractive'],
    [3.5, 'Attractive'],
    [3, 'Above Average'],
    [2.5, 'Average'],
    [2, 'Below Average'],
    [1.97, 'Needs Work'],
    [0, 'Needs Work'],
  ])('%s reads %s', (rate, expected) => {
    expect(verdict(rate)).toBe(expected);
  });
});

describe('score display', () => {
  it('says every score out of 10 with one decimal and its verdict', () => {
    expect(tenPointScore(4.25)).toBe('8.5');
    expect(tenPointScore(4.3)).toBe('8.6');
    expect(tenPointScore(0.5)).toBe('1.0');
    expect(formatScore(4.3)).toBe('8.6/10 · Very Attractive');
    expect(formatScore(5)).toBe('10.0/10 · Absolutely Stunning!');
    expect(formatScore(2.2)).toBe('4.4/10 · Below Average');
    expect(scoreParts(3.5)).toEqual({ score: '7.0', outOfTen: '7.0/10', verdict: 'Attractive' });
    expect(formatScoreRange(3.8, 4.4)).toBe('7.6 to 8.8');
  });

  it('colours by percentage', () => {
    expect([1.25, 2.5, 4, 4.1].map(rateColor)).toEqual(['error', 'warning', 'primary', 'success']);
    // Red only with none left: a new member's 7 is not an error.
    expect([0, 1, 7, 20, 21].map(tokenColor)).toEqual(['error', 'warning', 'warning', 'warning', undefined]);
  });
});

describe('percentile', () => {
  const histogram = {
    [histogramBucket(1)]: 50,
    [histogramBucket(3)]: 30,
    [histogramBucket(4.2)]: 15,
    [histogramBucket(4.9)]: 5,
  };

  it('moves a photo between buckets as its rate changes, dropping empty buckets', () => {
    const first = moveInHistogram({}, null, 4);
    expect(first).toEqual({ '400': 1 });
    const moved = moveInHistogram({ ...first, '250': 2 }, 4, 2.5);
    expect(moved).toEqual({ '250': 3 });
  });

  it("takes a deleted photo's rate out of its bucket, and an empty bucket away", () => {
    expect(removeFromHistogram({ '250': 3, '400': 1 }, 2.5)).toEqual({ '250': 2, '400': 1 });
    expect(removeFromHistogram({ '250': 3, '400': 1 }, 4.004)).toEqual({ '250': 3 });
    // A bucket that holds nothing stays empty rather than going below zero.
    expect(removeFromHistogram({ '250': 3 }, 1)).toEqual({ '250': 3 });
  });

  it('counts the photos rated as high or higher from the histogram', () => {
    expect(topPercent(histogram, 4.9)).toBe(5);
    expect(topPercent(histogram, 4.2)).toBe(20);
    expect(topPercent(histogram, 3)).toBe(50);
    expect(topPercent({}, 3)).toBeNull();
  });

  it('speaks only from 3 votes and within the top half, with the spec messages', () => {
    expect(percentileText(2, 5)).toBeNull();
    expect(percentileText(3, 51)).toBeNull();
    expect(percentileText(3, 10)).toEqual({
      lead: 'Incredible shot',
      line: 'Your photo is in the top 10%!',
    });
    expect(percentileText(3, 20)?.lead).toBe('Wow!');
    expect(percentileText(3, 30)?.lead).toBe('👍');
    expect(percentileText(3, 40)?.lead).toBe('👌');
    expect(percentileText(3, 50)).toEqual({ lead: '', line: 'Your photo is in the top 50%!' });
  });
});

describe('viewing time', () => {
  it('says nothing up to 60 seconds, then names the milestone reached', () => {
    expect(viewingTimeMessages(60, 60)).toEqual([]);
    expect(viewingTimeMessages(61, 0)).toEqual(['People look at your photo for over a minute on average!']);
    expect(viewingTimeMessages(185, 0)).toEqual(['People look at your photo for over 3 minutes on average!']);
    expect(viewingTimeMessages(0, 1900)).toEqual([
      'Your photo has been looked at for over 30 minutes in total!',
    ]);
    expect(viewingTimeMessages(0, 3600)).toEqual(['Your photo has been looked at for over 1 hour in total!']);
  });
});

describe('rating overview and photo badges', () => {
  it('groups hearts into ten-point pairs', () => {
    expect(ratingBuckets([0.5, 1, 1.5, 2.5, 3, 5, 4.5])).toEqual({
      '1-2': 2,
      '3-4': 1,
      '5-6': 2,
      '7-8': 0,
      '9-10': 2,
    });
  });

  const photo = (overrides: Partial<Photo>) =>
    ({ uploadedAt: new Date(0), rate: 0, votesCount: 0, leaderboardDays: [], ...overrides }) as Photo;

  it('starts a new photo unrated, evaluated and eligible', () => {
    const at = new Date(5);
    const photo = newPhoto({
      id: 'p',
      userId: 'u',
      imageName: 'p.jpg',
      resizedImageName: 'p.webp',
      imageUrl: 'x',
      showTo: 'both',
      gender: 'male',
      ageRange: [18, 37],
      active: true,
      uploadedAt: at,
    });
    expect(photo).toMatchObject({
      rate: 0,
      votesCount: 0,
      eligible: true,
      evaluated: true,
      allowAI: true,
      updatedAt: at,
      leaderboardDays: [],
    });
    expect(newPhoto({ ...photo, rate: 3 }).rate).toBe(3);
  });

  it('marks photos new for under 2 days and names leaderboard days', () => {
    const now = new Date(2 * 24 * 60 * 60 * 1000);
    expect(isNewPhoto(photo({ uploadedAt: new Date(1) }), now)).toBe(true);
    expect(isNewPhoto(photo({ uploadedAt: new Date(0) }), now)).toBe(false);
    expect(leaderboardBadge(photo({}))).toBeNull();
    expect(leaderboardBadge(photo({ leaderboardDays: [1] }))).toBe('New on Leaderboard!');
    expect(leaderboardBadge(photo({ leaderboardDays: [1, 2] }))).toBe('Leaderboard');
  });
});
