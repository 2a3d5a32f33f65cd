import { useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from '@/lib/idle';

/**
 * Renders its children once the browser is first idle after the screen has rendered: what a member
 * does not look at first (the streak's count, the bell, the install offer) stays out of the tasks that
 * draw the screen, each a task of its own after them.
 */
export function AtIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle ? children : null;
}
