import createCache from '@emotion/cache';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  restoreSavedStyles,
  SAVED_STYLES_MAX_AGE_MS,
  SAVED_STYLES_MAX_CHARS,
  saveStyles,
  STYLE_KEY,
} from './saved-styles';
import { storageKeys } from './storage';

const NOW = Date.parse('2026-11-23T12:00:00Z');

/** A cache as the app makes one, with a style inserted as emotion inserts a component's. */
function cacheWith(name: string, styles: string) {
  const cache = createCache({ key: STYLE_KEY });
  cache.insert(`.${STYLE_KEY}-${name}`, { name, styles, next: undefined }, cache.sheet, true);
  return cache;
}

const saved = () => {
  const raw = localStorage.getItem(storageKeys.savedStyles);
  return raw === null ? null : (JSON.parse(raw) as { savedAt: number; ids: string[]; css: string });
};

const keep = (value: unknown) => localStorage.setItem(storageKeys.savedStyles, JSON.stringify(value));

const restoredSheets = () => document.head.querySelectorAll(`style[data-emotion^="${STYLE_KEY} "]`);

beforeEach(() => localStorage.clear());
afterEach(() => {
  for (const sheet of document.head.querySelectorAll('style')) sheet.remove();
});

describe('saveStyles and restoreSavedStyles', () => {
  it('carry the styles made on one start to the next, where the cache counts them as inserted', () => {
    saveStyles(cacheWith('a1b2c3-Card', 'color:red;'), NOW);
    expect(saved()).toMatchObject({ savedAt: NOW, ids: ['a1b2c3-Card'] });
    expect(saved()?.css).toMatch(/\.css-a1b2c3-Card\s*\{\s*color: red;\s*\}/);

    expect(restoreSavedStyles(NOW + 1000)).toBe(NOW);
    const [sheet] = restoredSheets();
    expect(sheet?.getAttribute('data-emotion')).toBe('css a1b2c3-Card');
    const next = createCache({ key: STYLE_KEY });
    expect(next.inserted['a1b2c3-Card']).toBe(true);
    // Emotion skips what it counts as inserted: the rule is not made a second time.
    expect(next.sheet.tags.flatMap((tag) => Array.from(tag.sheet?.cssRules ?? []))).toHaveLength(1);
  });

  it('saves what was restored together with what this start made', () => {
    saveStyles(cacheWith('first', 'margin:0;'), NOW);
    // The week counts from the copy's first save, which restoring answers for the next one.
    const firstSaved = restoreSavedStyles(NOW + 1000);
    expect(firstSaved).toBe(NOW);
    saveStyles(cacheWith('second', 'padding:0;'), firstSaved ?? NaN);
    expect(saved()?.ids.sort()).toEqual(['first', 'second']);
    expect(saved()?.css).toContain('.css-first');
    expect(saved()?.css).toContain('.css-second');
    expect(saved()?.savedAt).toBe(NOW);
  });

  it('starts the copy afresh once it is a week old', () => {
    keep({ savedAt: NOW - SAVED_STYLES_MAX_AGE_MS - 1, ids: ['old'], css: '.css-old{color:blue}' });
    expect(restoreSavedStyles(NOW)).toBeUndefined();
    expect(restoredSheets()).toHaveLength(0);
    expect(saved()).toBeNull();
    saveStyles(cacheWith('fresh', 'color:red;'), NOW);
    expect(saved()).toMatchObject({ savedAt: NOW, ids: ['fresh'] });
  });

  it('drops a copy dated in the future (a clock set back)', () => {
    keep({ savedAt: NOW + 60_000, ids: ['later'], css: '' });
    expect(restoreSavedStyles(NOW)).toBeUndefined();
    expect(restoredSheets()).toHaveLength(0);
    expect(saved()).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['not an object', '"css"'],
    ['no ids', JSON.stringify({ savedAt: NOW, css: '' })],
    ['ids not strings', JSON.stringify({ savedAt: NOW, ids: [1], css: '' })],
    [
      'an id that would break out of the attribute',
      JSON.stringify({ savedAt: NOW, ids: ['a" onload="x'], css: '' }),
    ],
    ['a prototype key for an id', JSON.stringify({ savedAt: NOW, ids: ['__proto__ constructor'], css: '' })],
    ['css not a string', JSON.stringify({ savedAt: NOW, ids: ['a'], css: {} })],
    ['no date', JSON.stringify({ ids: ['a'], css: '' })],
  ])('ignores a copy with %s', (_, raw) => {
    localStorage.setItem(storageKeys.savedStyles, raw);
    expect(restoreSavedStyles(NOW)).toBeUndefined();
    expect(restoredSheets()).toHaveLength(0);
    expect(createCache({ key: STYLE_KEY }).inserted).toEqual({});
  });

  it('keeps no copy larger than local storage can spare', () => {
    saveStyles(cacheWith('small', 'color:red;'), NOW);
    expect(saved()).not.toBeNull();
    saveStyles(cacheWith('huge', `content:"${'x'.repeat(SAVED_STYLES_MAX_CHARS)}";`), NOW);
    expect(saved()).toBeNull();
  });

  it('leaves the next start to make its styles where storage is full', () => {
    const full = Object.getPrototypeOf(localStorage) as Storage;
    const setItem = full.setItem;
    full.setItem = () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    };
    try {
      expect(() => saveStyles(cacheWith('any', 'color:red;'), NOW)).not.toThrow();
    } finally {
      full.setItem = setItem;
    }
    expect(saved()).toBeNull();
  });
});
