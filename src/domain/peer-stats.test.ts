import { describe, expect, it } from 'vitest';
import {
  ageBracket,
  ageOn,
  PEER_GROUPS,
  PEER_MIN_PHOTOS,
  peerGroupName,
  peerGroupOf,
  peerPercentile,
  peerShardPath,
  peerStanding,
  sumPeerStats,
} from './peer-stats';
import { moveInHistogram } from './scores';
import { statsShard } from './site-stats';

/** A group's histogram of `count` photos rated 2.0, 2.1, ... upwards, plus `extra` given rates. */
function histogramOf(count: number, ...extra: number[]) {
  let histogram = {};
  for (let n = 0; n < count; n++) histogram = moveInHistogram(histogram, null, 2 + n / 100);
  for (const rate of extra) histogram = moveInHistogram(histogram, null, rate);
  return histogram;
}

describe('peer groups', () => {
  it('puts ages into the four brackets at their edges', () => {
    expect([16, 24, 25, 34, 35, 44, 45, 90].map(ageBracket)).toEqual([
      '16-24',
      '16-24',
      '25-34',
      '25-34',
      '35-44',
      '35-44',
      '45-up',
      '45-up',
    ]);
  });

  it("takes the owner's age on the vote's day from the birth year, so a new year can move them", () => {
    const owner = { gender: 'female' as const, age: 24, birthyear: 2002 };
    expect(ageOn(owner, new Date('2026-12-31T23:00:00Z'))).toBe(24);
    expect(peerGroupOf(owner, new Date('2026-12-31T23:00:00Z'))).toBe('female-16-24');
    expect(peerGroupOf(owner, new Date('2027-01-01T00:00:00Z'))).toBe('female-25-34');
    // A record from before birth years were kept: its age as given.
    expect(peerGroupOf({ gender: 'male', age: 50 }, new Date('2026-06-01'))).toBe('male-45-up');
    expect(peerGroupOf({ age: 30, birthyear: 1996 }, new Date('2026-06-01'))).toBeNull();
    expect(peerGroupOf({ gender: 'male' }, new Date('2026-06-01'))).toBeNull();
  });

  it('names each of the eight groups in words', () => {
    expect(PEER_GROUPS).toHaveLength(8);
    expect(PEER_GROUPS.map(peerGroupName)).toEqual([
      'women 16 to 24',
      'women 25 to 34',
      'women 35 to 44',
      'women 45 and over',
      'men 16 to 24',
      'men 25 to 34',
      'men 35 to 44',
      'men 45 and over',
    ]);
  });

  it("shards a group as the site's are, by the photo's id", () => {
    expect(peerShardPath('male-35-44', 'photo-7')).toBe(`stats/peers/male-35-44/${statsShard('photo-7')}`);
    expect(
      sumPeerStats([{ histogram: { '300': 2 } }, undefined, {}, { histogram: { '300': 1, '450': 1 } }]),
    ).toEqual({ '300': 3, '450': 1 });
  });
});

const photo = { rate: 4.5, votesCount: 12, peerGroup: 'female-25-34' as const };

describe('the place among peers', () => {
  it('is given only once the group holds 30 photos', () => {
    const short = histogramOf(PEER_MIN_PHOTOS - 2, 4.5);
    expect(peerStanding(photo, short)).toBeNull();
    const enough = histogramOf(PEER_MIN_PHOTOS - 1, 4.5);
    expect(peerStanding(photo, enough)).toEqual({ group: 'female-25-34', topPercent: 4 });
  });

  it('is not given for a photo counted in no group yet, one with no votes, or before the histogram is read', () => {
    const histogram = histogramOf(60);
    expect(peerStanding({ rate: 4.5, votesCount: 12 }, histogram)).toBeNull();
    expect(peerStanding({ ...photo, votesCount: 0 }, histogram)).toBeNull();
    expect(peerStanding(photo, undefined)).toBeNull();
  });
});

describe('the percentile among peers', () => {
  const peer = { group: 'female-25-34' as const, topPercent: 4 };

  it("names the group beside the spec's wording", () => {
    expect(peerPercentile(12, peer)).toEqual({
      lead: 'Incredible shot',
      line: 'Your photo is in the top 4%!',
      group: 'women 25 to 34',
    });
  });

  it("follows the spec's rules: 3 votes at least, the top half only", () => {
    const histogram = histogramOf(60, 4.5);
    const place = (rate: number) => peerStanding({ ...photo, rate }, histogram);
    expect(peerPercentile(2, peer)).toBeNull();
    expect(peerPercentile(12, place(2.2))).toBeNull();
    expect(peerPercentile(12, place(2.4))).toMatchObject({
      lead: '👌',
      line: 'Your photo is in the top 35%!',
    });
    expect(peerPercentile(12, place(2.32))).toMatchObject({
      lead: '',
      line: 'Your photo is in the top 48%!',
    });
  });

  it('says nothing without a place among peers', () => {
    expect(peerPercentile(12, null)).toBeNull();
    expect(peerPercentile(12, undefined)).toBeNull();
  });
});
