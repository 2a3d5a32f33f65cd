// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_LIMIT_MS, afterNextPaint } from './after-paint';

const hidden = (value: boolean) =>
  Object.defineProperty(document, 'visibilityState', {
    value: value ? 'hidden' : 'visible',
    configurable: true,
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  hidden(false);
});

describe('afterNextPaint', () => {
  it('runs the work in a task of its own after the next frame, once', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
    const work = vi.fn();
    afterNextPaint(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(work).not.toHaveBeenCalled();
    // The task queued from the frame runs next.
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS * 2);
    expect(work).toHaveBeenCalledOnce();
  });

  it('does not wait for a frame on a hidden page, nor longer than its limit on a visible one', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
    // A frame that never comes.
    vi.spyOn(window, 'requestAnimationFrame').mockReturnValue(0);
    const visible = vi.fn();
    afterNextPaint(visible);
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS - 1);
    expect(visible).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(visible).toHaveBeenCalledOnce();

    hidden(true);
    const background = vi.fn();
    afterNextPaint(background);
    vi.advanceTimersByTime(1);
    expect(background).toHaveBeenCalledOnce();
  });

  it('runs nothing once cancelled', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'],
    });
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    cancel();
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });
});
