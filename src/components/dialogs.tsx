/** Confirm and alert dialogs, opened from anywhere with a promise of the member's answer. */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  icon?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
}

export interface AlertOptions {
  title: string;
  message: ReactNode;
}

interface Dialogs {
  confirm(options: ConfirmOptions): Promise<boolean>;
  alert(options: AlertOptions): Promise<void>;
}

type Open =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (answer: boolean) => void }
  | { kind: 'alert'; options: AlertOptions; resolve: () => void };

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => setOpen({ kind: 'confirm', options, resolve })),
    [],
  );
  const alert = useCallback(
    (options: AlertOptions) => new Promise<void>((resolve) => setOpen({ kind: 'alert', options, resolve })),
    [],
  );
  const dialogs = useMemo(() => ({ confirm, alert }), [confirm, alert]);
  const answer = (value: boolean) => {
    if (open?.kind === 'confirm') open.resolve(value);
    else open?.resolve();
    setOpen(null);
  };
  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      <Dialog open={open !== null} onClose={() => answer(false)} aria-labelledby="app-dialog-title">
        {open && (
          <>
            <DialogTitle id="app-dialog-title">
              {open.kind === 'confirm' && open.options.icon ? (
                <Box component="span" sx={{ mr: 1, verticalAlign: 'middle' }}>
                  {open.options.icon}
                </Box>
              ) : null}
              {open.options.title}
            </DialogTitle>
            <DialogContent>
              <DialogContentText component="div">{open.options.message}</DialogContentText>
            </DialogContent>
            <DialogActions>
              {open.kind === 'confirm' ? (
                <>
                  <Button onClick={() => answer(false)}>{open.options.cancelLabel ?? 'Cancel'}</Button>
                  <Button variant="contained" onClick={() => answer(true)} autoFocus>
                    {open.options.confirmLabel ?? 'Confirm'}
                  </Button>
                </>
              ) : (
                <Button variant="contained" onClick={() => answer(true)} autoFocus>
                  OK
                </Button>
              )}
            </DialogActions>
          </>
        )}
      </Dialog>
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used inside DialogsProvider.');
  return dialogs;
}
