/**
 * Each photo starts at the top of the screen: a member who scrolled down to comment would otherwise
 * meet the next face cut off. Before the paint, so the next photo is never drawn scrolled.
 */
import { useLayoutEffect, useRef } from 'react';

export function useTopForEachPhoto(photoId: string | undefined): void {
  const shown = useRef(photoId);
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = photoId;
    if (previous !== undefined && previous !== photoId) window.scrollTo({ top: 0 });
  }, [photoId]);
}
