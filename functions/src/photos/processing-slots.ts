/**
 * Image work (decoding, resizing, face analysis) takes hundreds of megabytes for a large photo, so
 * only a few run at once in a process; the others wait their turn instead of exhausting memory.
 */
import pLimit from 'p-limit';

/** Two at once keeps a 50 MP photo's worst case near half a gigabyte and both cores busy. */
export const IMAGE_WORK_AT_ONCE = 2;

const slots = pLimit(IMAGE_WORK_AT_ONCE);

export function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  return slots(work);
}

/** How many are running and waiting now (tests and the benchmark read it). */
export function imageSlotUse(): { running: number; waiting: number } {
  return { running: slots.activeCount, waiting: slots.pendingCount };
}
