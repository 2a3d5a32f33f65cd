import { describe, expect, it } from 'vitest';
import { countUse, dateKey, mayOpenAdvancedAnalytics, usedToday, type CounterStorage } from './daily-counter';
import { formatPrice, SUBSCRIPTION_PLANS, TOKEN_PACKS } from './plans';
import { ageDecades, genderSplit, tagCounts } from './vote';

class MemoryStorage implements CounterStorage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('voter analytics', () => {
  it('groups voters by decade, splits them by gender and counts tags', () => {
    expect(ageDecades([{ age: 19 }, { age: 24 }, { age: 29 }, { age: 41 }])).toEqual([
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

describe('daily counters', () => {
  it('count uses per local date and clean other dates', () => {
    const storage = new MemoryStorage();
    const monday = new Date(2026, 10, 23, 9);
    const tuesday = new Date(2026, 10, 24, 9);
    expect(dateKey(monday)).toBe('2026-11-23');
    expect(countUse(storage, 'aa.', monday)).toBe(1);
    expect(countUse(storage, 'aa.', monday)).toBe(2);
    storage.setItem('other.2026-11-01', '3');
    expect(countUse(storage, 'aa.', tuesday)).toBe(1);
    expect(storage.getItem('aa.2026-11-23')).toBeNull();
    expect(storage.getItem('other.2026-11-01')).toBe('3');
    expect(usedToday(storage, 'aa.', tuesday)).toBe(1);
  });

  it('give free members one Advanced Analytics view a day and subscribers all', () => {
    expect(mayOpenAdvancedAnalytics(false, 0)).toBe(true);
    expect(mayOpenAdvancedAnalytics(false, 1)).toBe(false);
    expect(mayOpenAdvancedAnalytics(true, 50)).toBe(true);
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
