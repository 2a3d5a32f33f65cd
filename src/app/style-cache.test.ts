import type { EmotionCache } from '@emotion/cache';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { SAVE_STYLES_AFTER_MS, startStyleCache } from './style-cache';

const savedIds = () =>
  (JSON.parse(localStorage.getItem(storageKeys.savedStyles) ?? '{"ids":[]}') as { ids: string[] }).ids;

const keepCopy = (ids: string[]) =>
  localStorage.setItem(
    storageKeys.savedStyles,
    JSON.stringify({ savedAt: Date.now(), ids, css: ids.map((id) => `.css-${id}{color:red}`).join('') }),
  );

/** A style inserted as emotion inserts a component's. */
const make = (cache: EmotionCache, name: string) =>
  cache.insert(`.css-${name}`, { name, styles: 'color:blue;', next: undefined }, cache.sheet, true);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  for (const sheet of document.head.querySelectorAll('style')) sheet.remove();
});

describe('startStyleCache', () => {
  it("on a member's device starts from the saved styles and saves them with its own when the page is left, and once the first screens are made", () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.memberHint, '1');
    keepCopy(['restored']);
    const cache = startStyleCache();
    expect(cache.inserted.restored).toBe(true);
    make(cache, 'made');
    window.dispatchEvent(new Event('pagehide'));
    expect(savedIds().sort()).toEqual(['made', 'restored']);
    make(cache, 'later');
    vi.advanceTimersByTime(SAVE_STYLES_AFTER_MS + 5000);
    expect(savedIds().sort()).toEqual(['later', 'made', 'restored']);
  });

  it('saves nothing when no style was made since the last save (leaving a tab both hides and leaves it)', () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    keepCopy(['restored']);
    const cache = startStyleCache();
    localStorage.removeItem(storageKeys.savedStyles);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
    make(cache, 'made');
    window.dispatchEvent(new Event('pagehide'));
    expect(savedIds().sort()).toEqual(['made', 'restored']);
    localStorage.removeItem(storageKeys.savedStyles);
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
  });

  it("on a visitor's device, whose pages come pre-rendered with their styles, neither restores nor saves", () => {
    keepCopy(['restored']);
    const cache = startStyleCache();
    expect(cache.inserted.restored).toBeUndefined();
    localStorage.removeItem(storageKeys.savedStyles);
    make(cache, 'made');
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
  });
});
