/**
 * The bottom toast bar: one message at a time with a severity and an optional call to action.
 * The default duration is the specification's 1000 ms; callers pass longer ones where it names them.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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
}

export interface ToastState extends ToastOptions {
  open: boolean;
  key: number;
}

type ShowToast = (options: ToastOptions) => void;

const ToastContext = createContext<ShowToast | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState>({ open: false, message: '', key: 0 });
  const show = useCallback<ShowToast>((options) => {
    setToast((previous) => ({ ...options, open: true, key: previous.key + 1 }));
  }, []);
  const close = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setToast((previous) => ({ ...previous, open: false }));
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
