/**
 * Messages for the toast bar from code outside React (the data layer's network retries); the toast
 * provider shows each as it comes.
 */
import type { ToastSeverity } from '@/domain/errors';

export interface Notice {
  message: string;
  severity: ToastSeverity;
  duration: number;
}

type Listener = (notice: Notice) => void;

const listeners = new Set<Listener>();

export function announce(notice: Notice): void {
  for (const listener of listeners) listener(notice);
}

/** Hears every notice from now on; returns what stops it. */
export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
