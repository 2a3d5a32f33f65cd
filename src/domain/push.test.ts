import { describe, expect, it } from 'vitest';
import { pushTokenState } from './push';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-22T10:00:00Z');
const storedDaysAgo = (days: number) => ({
  messagingToken: 'token',
  messagingTokenUpdated: new Date(now.getTime() - days * DAY),
});

describe('a push token', () => {
  it('is used for 7 days, refreshed after that and expired after 30', () => {
    expect(pushTokenState({}, now)).toBe('missing');
    expect(pushTokenState(storedDaysAgo(7), now)).toBe('fresh');
    expect(pushTokenState(storedDaysAgo(7.01), now)).toBe('stale');
    expect(pushTokenState(storedDaysAgo(30), now)).toBe('stale');
    expect(pushTokenState(storedDaysAgo(30.01), now)).toBe('expired');
  });
});
