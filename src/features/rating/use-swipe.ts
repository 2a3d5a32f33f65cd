/**
 * The swipe over the photo being rated (spec 1 section 4): a drag that goes past the arming distance
 * (`swipeArmDistance`) becomes a swipe, whose release gives the spec's hearts or, let go in the middle,
 * skips. A drag that never got that far is let go with nothing done: the photo springs back.
 */
import { useCallback, useRef, useState, type PointerEvent } from 'react';
import { swipeArmDistance, swipeRating } from '@/domain/rating';

export type SwipeRelease = { rate: number } | { skip: true };

export interface Swipe {
  /** How far the photo is dragged now; 0 when it is not. */
  dragX: number;
  /** Whether letting go now would rate or skip; false while the drag is still a flick. */
  armed: boolean;
  /** The hearts letting go now would give, null for a skip; only meaningful when armed. */
  preview: number | null;
  handlers: {
    onPointerDown(event: PointerEvent<HTMLElement>): void;
    onPointerMove(event: PointerEvent<HTMLElement>): void;
    onPointerUp(event: PointerEvent<HTMLElement>): void;
    onPointerCancel(): void;
  };
}

interface Gesture {
  startX: number;
  armAt: number;
  armed: boolean;
}

export function useSwipe(onRelease: (release: SwipeRelease) => void): Swipe {
  const [dragX, setDragX] = useState(0);
  const [armed, setArmed] = useState(false);
  const gesture = useRef<Gesture | null>(null);

  const reset = useCallback(() => {
    gesture.current = null;
    setDragX(0);
    setArmed(false);
  }, []);

  const onPointerDown = useCallback((event: PointerEvent<HTMLElement>) => {
    const width = event.currentTarget.getBoundingClientRect().width;
    gesture.current = { startX: event.clientX, armAt: swipeArmDistance(width), armed: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }, []);

  const onPointerMove = useCallback((event: PointerEvent<HTMLElement>) => {
    const drag = gesture.current;
    if (!drag) return;
    const offset = event.clientX - drag.startX;
    if (!drag.armed && Math.abs(offset) >= drag.armAt) {
      drag.armed = true;
      setArmed(true);
    }
    setDragX(offset);
  }, []);

  const onPointerUp = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      const drag = gesture.current;
      reset();
      // A flick, or a tap: nothing happens.
      if (!drag) return;
      const offset = event.clientX - drag.startX;
      if (!drag.armed && Math.abs(offset) < drag.armAt) return;
      const rate = swipeRating(offset);
      onRelease(rate === null ? { skip: true } : { rate });
    },
    [onRelease, reset],
  );

  return {
    dragX,
    armed,
    preview: swipeRating(dragX),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: reset },
  };
}
