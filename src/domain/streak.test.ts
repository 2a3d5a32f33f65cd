import { describe, expect, it } from 'vitest';
import { calendarDay, isStreakMilestone, isTimeZone, nextStreak, streakBadge } from './streak';
import { afterVoteReceived, costOfVoteReceived, tokensForVoteGiven } from './tokens';

describe('the login streak', () => {
  const berlin = 'Europe/Berlin';

  it('starts at 1 with 5 tokens', () => {
    expect(nextStreak({ loginStreak: 0 }, new Date('2026-11-22T10:00:00Z'), berlin)).toEqual({
      loginStreak: 1,
      tokens: 5,
      counted: true,
    });
  });

  it('changes nothing the same calendar day, in the member time zone', () => {
    // 22:30 and 01:00 UTC the next day: the same day in Los Angeles, two days in Berlin.
    const last = new Date('2026-11-22T22:30:00Z');
    const now = new Date('2026-11-23T01:00:00Z');
    expect(nextStreak({ loginStreak: 4, lastLogin: last }, now, 'America/Los_Angeles')).toEqual({
      loginStreak: 4,
      tokens: 0,
      counted: false,
    });
    expect(nextStreak({ loginStreak: 4, lastLogin: last }, now, berlin)).toEqual({
      loginStreak: 5,
      tokens: 5,
      counted: true,
    });
  });

  it('adds one on the next day and starts over after a larger gap', () => {
    const last = new Date('2026-11-20T08:00:00Z');
    expect(
      nextStreak({ loginStreak: 6, lastLogin: last }, new Date('2026-11-21T21:00:00Z'), berlin).loginStreak,
    ).toBe(7);
    expect(nextStreak({ loginStreak: 6, lastLogin: last }, new Date('2026-11-22T08:00:00Z'), berlin)).toEqual(
      { loginStreak: 1, tokens: 5, counted: true },
    );
  });

  it('counts calendar days across a daylight-saving change', () => {
    expect(
      calendarDay(new Date('2026-10-26T12:00:00Z'), berlin) -
        calendarDay(new Date('2026-10-24T12:00:00Z'), berlin),
    ).toBe(2);
  });

  it('celebrates at 7, 30 and multiples of 50, and names the badge tiers', () => {
    expect([6, 7, 30, 49, 50, 100, 150].map(isStreakMilestone)).toEqual([
      false,
      true,
      true,
      false,
      true,
      true,
      true,
    ]);
    expect([1, 6, 7, 29, 30, 365].map(streakBadge)).toEqual([
      'Building momentum',
      'Building momentum',
      'On fire',
      'On fire',
      'legend',
      'legend',
    ]);
  });

  it('knows real time zones only', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('tokens', () => {
  it('earn one on every 5th vote given', () => {
    expect([1, 4, 5, 6, 10, 15].map(tokensForVoteGiven)).toEqual([0, 0, 1, 0, 1, 1]);
  });

  it('cost free owners one per vote received, premium owners nothing, and stop at 0', () => {
    expect(costOfVoteReceived(false)).toBe(1);
    expect(costOfVoteReceived(true)).toBe(0);
    expect(afterVoteReceived(2, false)).toEqual({ points: 1, deactivate: false });
    expect(afterVoteReceived(1, false)).toEqual({ points: 0, deactivate: true });
    expect(afterVoteReceived(0, true)).toEqual({ points: 0, deactivate: false });
  });
});
