/** Below-the-fold parts that wait for the top's first paint (src/lib/after-paint.ts). */
import { startTransition, useEffect, useState } from 'react';
import { afterNextPaint } from './after-paint';

/**
 * False on a component's first render, true once that render has been painted: what is below the fold
 * renders then, in a transition (in slices), so the first frame shows the top at once.
 */
export function useFirstPaintDone(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
