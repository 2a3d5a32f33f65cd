/** Confirm and alert dialogs, opened from anywhere with a promise of the member's answer. */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { onDemand } from '@/lib/on-demand';

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

export type OpenDialog =
  | { kind: 'confirm'; options: ConfirmOptions; resolve: (answer: boolean) => void }
  | { kind: 'alert'; options: AlertOptions; resolve: () => void };

const DialogView = onDemand(() => import('./dialog-view').then((module) => module.DialogView));

const DialogsContext = createContext<Dialogs | null>(null);

export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
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
  const answer = useCallback(
    (value: boolean) => {
      if (open?.kind === 'confirm') open.resolve(value);
      else open?.resolve();
      setOpen(null);
    },
    [open],
  );
  return (
    <DialogsContext.Provider value={dialogs}>
      {children}
      {open && <DialogView dialog={open} onAnswer={answer} />}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = useContext(DialogsContext);
  if (!dialogs) throw new Error('useDialogs must be used inside DialogsProvider.');
  return dialogs;
}
