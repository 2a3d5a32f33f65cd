/** The toast bar itself, loaded with the first toast. */
import { Alert, Button, Snackbar } from '@mui/material';
import { DEFAULT_TOAST_MS } from '@/domain/constants';
import { aboveBottomBars } from '@/lib/bottom-bars';
import type { ToastState } from './toast';

interface Props {
  toast: ToastState;
  onClose: (event?: unknown, reason?: string) => void;
}

export function ToastBar({ toast, onClose: close }: Props) {
  const { cta } = toast;
  return (
    <Snackbar
      key={toast.key}
      open={toast.open}
      autoHideDuration={toast.duration ?? DEFAULT_TOAST_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the cookie banner, the offline notice and the tab bar, never over their controls. While a
      // dialog, drawer or menu is open those bars are under its backdrop, out of reach anyway: toasts take
      // the screen's bottom edge again, clear of the middle where dialogs keep their buttons.
      sx={(theme) => ({
        bottom: aboveBottomBars('8px'),
        [theme.breakpoints.up('sm')]: { bottom: aboveBottomBars('24px') },
        [`body:has(.MuiModal-root:not(.MuiModal-hidden)) &`]: {
          bottom: 8,
          [theme.breakpoints.up('sm')]: { bottom: 24 },
        },
      })}
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
  );
}
