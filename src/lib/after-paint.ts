/**
 * Work that follows what a tap shows (sending a vote, saving to the device, updating the address)
 * waits until that has been painted, so the member sees the result in the first frame after the tap,
 * not after the bookkeeping.
 */
/** A frame that has not come by then (a page in the background paints none) no longer holds the work up. */
export const AFTER_PAINT_LIMIT_MS = 1000;

/**
 * Runs the work just after the next frame is painted (a frame's callbacks run before its paint; a
 * task queued from one runs after it), at once in a task of its own on a hidden page. The function
 * returned cancels it if it has not run.
 */
export function afterNextPaint(work: () => void): () => void {
  let pending = true;
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const run = () => {
    if (!pending) return;
    pending = false;
    for (const timer of timers) clearTimeout(timer);
    cancelAnimationFrame(frame);
    work();
  };
  const frame = requestAnimationFrame(() => timers.push(setTimeout(run)));
  timers.push(setTimeout(run, document.visibilityState === 'hidden' ? 0 : AFTER_PAINT_LIMIT_MS));
  return () => {
    pending = false;
    cancelAnimationFrame(frame);
    for (const timer of timers) clearTimeout(timer);
  };
}

/** `afterNextPaint` as a promise. */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve));
}
