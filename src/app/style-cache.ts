/**
 * The app's emotion cache, which MUI's styles go through, made after main.tsx has restored the styles
 * saved on this device (src/lib/saved-styles.ts), and saved again for the next start.
 */
import createCache from '@emotion/cache';
import { whenIdle } from '@/lib/idle';
import { hasMemberHint } from '@/lib/member-hint';
import { saveStyles, STYLE_KEY } from '@/lib/saved-styles';

export const styleCache = createCache({ key: STYLE_KEY });

/** Long enough for the first screen and what follows it to have made their styles. */
export const SAVE_STYLES_AFTER_MS = 10_000;

/** Only a member's screens start from saved styles; a visitor's pages come pre-rendered with theirs. */
function saveForMember(): void {
  if (hasMemberHint()) saveStyles(styleCache);
}

/** Saves the styles once the first screens are made, and again whenever the page is hidden or left. */
export function keepStylesForNextStart(): void {
  setTimeout(() => whenIdle(saveForMember), SAVE_STYLES_AFTER_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveForMember();
  });
  window.addEventListener('pagehide', saveForMember);
}
