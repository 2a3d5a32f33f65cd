/**
 * The app's emotion cache, which MUI's styles go through: made when the app starts, after the styles
 * saved on this device are put back in the page (src/lib/saved-styles.ts) so it takes them up, and
 * saved again for the next start. Restored here rather than in main.tsx, so the sheet is parsed after
 * the page's first paint rather than before it.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { whenIdle } from '@/lib/idle';
import { hasMemberHint } from '@/lib/member-hint';
import { restoreSavedStyles, saveStyles, STYLE_KEY } from '@/lib/saved-styles';

/** Long enough for the first screen and what follows it to have made their styles. */
export const SAVE_STYLES_AFTER_MS = 10_000;

/**
 * The cache, started from the saved styles on a member's device; a visitor's pages come pre-rendered
 * with theirs, and only a member's styles are saved, once the first screens are made and whenever the
 * page is hidden or left, if it made any since the last save (leaving a tab both hides and leaves it).
 */
export function startStyleCache(): EmotionCache {
  let savedAt = hasMemberHint() ? restoreSavedStyles() : undefined;
  const cache = createCache({ key: STYLE_KEY });
  // Styles are only ever added: their count tells whether there is anything new to save.
  let savedCount = Object.keys(cache.inserted).length;
  const save = () => {
    const count = Object.keys(cache.inserted).length;
    if (!hasMemberHint() || count === savedCount) return;
    savedAt ??= Date.now();
    saveStyles(cache, savedAt);
    savedCount = count;
  };
  setTimeout(() => whenIdle(save), SAVE_STYLES_AFTER_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  window.addEventListener('pagehide', save);
  return cache;
}
