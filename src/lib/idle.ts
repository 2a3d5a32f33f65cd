/**
 * Work the member has not asked for yet (code for a dialog they will likely open) waits until the
 * browser is idle, so it never competes with the paint or a tap in progress.
 */

/** Where the browser has no requestIdleCallback (Safari), the work waits this long instead. */
export const IDLE_FALLBACK_MS = 200;
/** Idle time may never come on a busy page; the work runs after this long at the latest. */
const IDLE_TIMEOUT_MS = 2000;

/** Runs the work once the browser is idle; the function returned cancels it if it has not run. */
export function whenIdle(work: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}

/** Waits a fixed time, as a retry's back-off does. */
export function pause(ms: number): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, ms));
}
