/**
 * The bottom toast bar: one message at a time with a severity and an optional call to action.
 * The default duration is the specification's 1000 ms; callers pass longer ones where it names them.
 * Background news that arrives while a toast shows waits its turn.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  type ReactNode,
} from 'react';
import type { ToastSeverity } from '@/domain/errors';
import { onNotice } from '@/lib/notices';
import { onDemand } from '@/lib/on-demand';

const ToastBar = onDemand(() => import('./toast-bar').then((module) => module.ToastBar));

export interface ToastCallToAction {
  label: string;
  onClick?: () => void;
  href?: string;
}

export interface ToastOptions {
  message: string;
  severity?: ToastSeverity;
  duration?: number;
  cta?: ToastCallToAction;
  /** News nobody asked for just now (the app ready offline): waits for the toast showing to close. */
  background?: boolean;
}

export interface ToastState extends ToastOptions {
  open: boolean;
  key: number;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** How many background toasts may wait behind the one showing; beyond that the oldest waiting is dropped. */
export const TOAST_QUEUE_LIMIT = 3;

interface ToastQueue {
  current: ToastState;
  waiting: ToastOptions[];
}

type ToastAction = { type: 'show'; options: ToastOptions } | { type: 'close' };

/**
 * One toast at a time. What a member's action answers replaces the toast showing, as the newest answer
 * is the one they wait for; background news waits its turn instead, so the service worker's "ready
 * offline", arriving just after a member pressed Send, cannot wipe out "the reset link has been sent"
 * before it is read. The same message again restarts the one showing.
 */
function toastQueue(state: ToastQueue, action: ToastAction): ToastQueue {
  const { current, waiting } = state;
  if (action.type === 'close') {
    const [next, ...rest] = waiting;
    if (next) return { current: { ...next, open: true, key: current.key + 1 }, waiting: rest };
    return current.open ? { current: { ...current, open: false }, waiting } : state;
  }
  const { options } = action;
  if (!current.open || current.message === options.message || !options.background) {
    return { current: { ...options, open: true, key: current.key + 1 }, waiting };
  }
  if (waiting.some((queued) => queued.message === options.message)) return state;
  return { current, waiting: [...waiting, options].slice(-TOAST_QUEUE_LIMIT) };
}

const NO_TOAST: ToastQueue = { current: { open: false, message: '', key: 0 }, waiting: [] };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [{ current: toast }, dispatch] = useReducer(toastQueue, NO_TOAST);
  const show = useCallback<ShowToast>((options) => dispatch({ type: 'show', options }), []);
  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    dispatch({ type: 'close' });
  }, []);
  // What code outside React announces (a read retried after a network error) shows here too.
  useEffect(() => onNotice(show), [show]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast.key > 0 && <ToastBar toast={toast} onClose={close} />}
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider.');
  return show;
}
