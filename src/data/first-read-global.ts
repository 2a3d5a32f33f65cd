/**
 * What the page's head leaves the app under one name on `window` (src/data/first-read.ts starts it),
 * and what the app's first script waits for before it asks for the app's code. A module of its own,
 * with nothing to import, so the first script carries none of the rest.
 */
import type { KeptSession } from './first-read';

/** The name the page's head leaves what it started under, on `window`. */
export const FIRST_READ_GLOBAL = 'photoraterFirstRead';

/** What the page's head started: the kept session, and on /rate the first feed page asked for with it. */
export interface FirstRead {
  /** When the head started (`performance.now()`), which the page's freshness counts from. */
  at: number;
  kept: Promise<KeptSession | undefined>;
  /** Nothing when nobody is kept or the page is not /rate. */
  feed: Promise<unknown> | undefined;
  /**
   * On /leaderboard, the board asked for with the kept session, for the member and show-me choice it
   * was asked for; nothing without a session or a record kept on the device.
   */
  board: Promise<{ uid: string; gender: string; answer: Promise<unknown> } | undefined> | undefined;
  /**
   * On /rate and /leaderboard, what the app's code is asked for after (`whenCodeMayLoad`): the first
   * photos' load or failure, a read that failed or brought none, or PHOTO_FIRST_LIMIT_MS, whichever
   * comes first.
   * A photo and the code over one phone connection share its bytes, and the code (some 250 KB) would
   * hold the photo (some 10 KB) back by seconds; the photo is what the member came for, and the screen
   * it stands in for takes over once the code has run. Nothing elsewhere, and nothing where a service
   * worker answers the page: its copy of the code is on the device already.
   */
  photoFirst: Promise<void> | undefined;
}

declare global {
  interface Window {
    [FIRST_READ_GLOBAL]?: FirstRead;
  }
}

/** What the page's head started, if it started anything. */
export function firstRead(): FirstRead | undefined {
  return typeof window === 'undefined' ? undefined : window[FIRST_READ_GLOBAL];
}

/** Settles when the app's code may be asked for: at once, unless the page's head holds it (`photoFirst`). */
export function whenCodeMayLoad(): Promise<void> {
  return firstRead()?.photoFirst ?? Promise.resolve();
}
