/**
 * The bottom toast bar: one message at a time with a severity and an optional call to action.
 * The default duration is the specification's 1000 ms; callers pass longer ones where it names them.
 */
import { Alert, Button, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_TOAST_MS } from '@/domain/constants';
import type { ToastSeverity } from '@/domain/errors';

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

interface ToastState extends ToastOptions {
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
  const value = useMemo(() => show, [show]);
  const { cta } = toast;
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast.key}
        open={toast.open}
        autoHideDuration={toast.duration ?? DEFAULT_TOAST_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={close}
          severity={toast.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%' }}
          action={
            cta ? (
              <Button
                color="inherit"
                size="small"
                href={cta.href}
                onClick={() => {
                  cta.onClick?.();
                  close();
                }}
              >
                {cta.label}
              </Button>
            ) : undefined
          }
        >
          {toast.message}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider.');
  return show;
}
