import { describe, expect, it } from 'vitest';
import { guestName } from './guest-name';
import { parseReferrerId, withoutTrackingParams } from './tracking';

describe('tracking parameters', () => {
  it('removes every tracking parameter and keeps the rest', () => {
    expect(
      withoutTrackingParams(
        '?fbclid=1&gclid=2&utm_source=a&utm_medium=b&utm_campaign=c&utm_term=d&utm_content=e',
      ),
    ).toBe('');
    expect(withoutTrackingParams('?referrer=abc&utm_source=a&oobCode=z')).toBe('?referrer=abc&oobCode=z');
  });

  it('leaves a clean address alone', () => {
    expect(withoutTrackingParams('?referrer=abc')).toBeNull();
    expect(withoutTrackingParams('')).toBeNull();
  });
});

describe('referrer', () => {
  it('accepts uid-shaped values only', () => {
    expect(parseReferrerId('Ab3_x-9')).toBe('Ab3_x-9');
    expect(parseReferrerId('<script>')).toBeNull();
    expect(parseReferrerId('')).toBeNull();
    expect(parseReferrerId(null)).toBeNull();
    expect(parseReferrerId('x'.repeat(129))).toBeNull();
  });
});

describe('guest names', () => {
  it('reads like a guest with a number', () => {
    expect(guestName(() => 0)).toBe('Guest Bright Badger 100');
    expect(guestName(() => 0.999)).toBe('Guest Witty Wren 999');
    expect(guestName()).toMatch(/^Guest [A-Z][a-z]+ [A-Z][a-z]+ \d{3}$/);
  });
});
