import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { keepStylesForNextStart, SAVE_STYLES_AFTER_MS, styleCache } from './style-cache';

beforeEach(() => {
  localStorage.clear();
  styleCache.insert(
    '.css-kept',
    { name: 'kept', styles: 'color:red;', next: undefined },
    styleCache.sheet,
    true,
  );
});
afterEach(() => vi.useRealTimers());

const savedIds = () =>
  (JSON.parse(localStorage.getItem(storageKeys.savedStyles) ?? '{"ids":[]}') as { ids: string[] }).ids;

describe('keepStylesForNextStart', () => {
  it("saves the app's styles on a member's device when the page is left, and again once the first screens are made", () => {
    vi.useFakeTimers();
    localStorage.setItem(storageKeys.memberHint, '1');
    keepStylesForNextStart();
    window.dispatchEvent(new Event('pagehide'));
    expect(savedIds()).toContain('kept');
    localStorage.removeItem(storageKeys.savedStyles);
    vi.advanceTimersByTime(SAVE_STYLES_AFTER_MS + 5000);
    expect(savedIds()).toContain('kept');
  });

  it("saves nothing on a visitor's device, whose pages come pre-rendered with their styles", () => {
    keepStylesForNextStart();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(storageKeys.savedStyles)).toBeNull();
  });
});
