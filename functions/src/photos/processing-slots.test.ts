import { describe, expect, it } from 'vitest';
import { IMAGE_WORK_AT_ONCE, imageSlotUse, withImageSlot } from './processing-slots';

describe('image work slots', () => {
  it(`runs at most ${IMAGE_WORK_AT_ONCE} at once; the others wait their turn and all finish`, async () => {
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const jobs = Array.from({ length: 6 }, (_, index) =>
      withImageSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return index;
      }),
    );
    // Let each job that may start, start; then finish them one by one.
    for (let finished = 0; finished < 6; finished++) {
      while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(imageSlotUse().running).toBeLessThanOrEqual(IMAGE_WORK_AT_ONCE);
      releases.shift()!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(IMAGE_WORK_AT_ONCE);
  });
});
