/**
 * The CSS the app's styles made on this device, kept for its next start. Emotion turns a component's
 * styles into CSS when the screen first commits: stylis parses, prefixes and serializes each rule
 * before it is inserted, the larger part of a member screen's commit (150-200 ms of one task with the
 * CPU slowed 4x). Restored before the style cache is created, in emotion's own server-rendered form
 * (`<style data-emotion="css id id ...">`), the saved styles count as inserted and are skipped.
 *
 * A style's id is a hash of its source, so what is saved under it stays right from one build to the
 * next; styles no build uses any more would only pile up, so the copy is started afresh every week.
 */
import { storageKeys } from './storage';

export const SAVED_STYLES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Beyond this the copy is not kept: local storage is small and shared with the app's other copies. */
export const SAVED_STYLES_MAX_CHARS = 500_000;
/** The emotion cache's key, which the restored sheet is marked with. */
export const STYLE_KEY = 'css';
/** Ids emotion makes: a hash, or a hash and a label, or a keyframes name. */
const STYLE_ID = /^[\w-]+$/;

interface SavedStyles {
  savedAt: number;
  ids: string[];
  css: string;
}

/** What saving reads of an emotion cache. */
export interface StyleCacheView {
  inserted: Record<string, unknown>;
  sheet: { tags: HTMLStyleElement[] };
}

function read(): SavedStyles | null {
  try {
    const raw = localStorage.getItem(storageKeys.savedStyles);
    if (raw === null) return null;
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null) return null;
    const { savedAt, ids, css } = saved as Partial<Record<keyof SavedStyles, unknown>>;
    if (typeof savedAt !== 'number' || typeof css !== 'string' || !Array.isArray(ids)) return null;
    if (!ids.every((id): id is string => typeof id === 'string' && STYLE_ID.test(id))) return null;
    return { savedAt, ids, css };
  } catch {
    // Blocked storage or a copy that is not JSON: the styles are made as on a first start.
    return null;
  }
}

function forget(): void {
  try {
    localStorage.removeItem(storageKeys.savedStyles);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

/**
 * Puts the saved styles in the page for the style cache to take up; must run before it is created.
 * Answers when the copy was first saved, for saving it again under the same date (a copy in daily use
 * is still started afresh weekly); nothing when there is no copy fit to use.
 */
export function restoreSavedStyles(now: number = Date.now()): number | undefined {
  const saved = read();
  if (!saved) return undefined;
  if (now - saved.savedAt > SAVED_STYLES_MAX_AGE_MS || saved.savedAt > now) {
    forget();
    return undefined;
  }
  const sheet = document.createElement('style');
  sheet.setAttribute('data-emotion', [STYLE_KEY, ...saved.ids].join(' '));
  sheet.textContent = saved.css;
  document.head.append(sheet);
  return saved.savedAt;
}

/**
 * Saves every style the cache holds, restored or made here, dated `savedAt` (when the copy was first
 * saved), unless the copy would be too large. Emotion inserts its rules through the CSSOM in
 * production, so they are read from each sheet's rules, not its text.
 */
export function saveStyles(cache: StyleCacheView, savedAt: number): void {
  const ids = Object.keys(cache.inserted).filter((id) => STYLE_ID.test(id));
  const css = cache.sheet.tags
    .flatMap((tag) => Array.from(tag.sheet?.cssRules ?? [], (rule) => rule.cssText))
    .join('\n');
  const copy = JSON.stringify({ savedAt, ids, css } satisfies SavedStyles);
  if (copy.length > SAVED_STYLES_MAX_CHARS) {
    forget();
    return;
  }
  try {
    localStorage.setItem(storageKeys.savedStyles, copy);
  } catch {
    // Full or blocked storage: the next start makes its styles itself.
  }
}
