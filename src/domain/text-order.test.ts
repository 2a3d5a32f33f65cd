import { describe, expect, it } from 'vitest';
import { compareText } from './text-order';

describe('strings ordered as written', () => {
  it('orders by code unit, equal strings tie', () => {
    expect(['stylish', 'confident', 'friendly', 'confident'].sort(compareText)).toEqual([
      'confident',
      'confident',
      'friendly',
      'stylish',
    ]);
    expect(compareText('a', 'a')).toBe(0);
    expect(compareText('B', 'a')).toBeLessThan(0);
    expect(compareText('photo-10', 'photo-9')).toBeLessThan(0);
  });
});
