/** A dialog's title with its Close button in the corner, as the photo dialogs show it. */
import CloseIcon from '@mui/icons-material/Close';
import { DialogTitle, IconButton } from '@mui/material';
import type { ReactNode } from 'react';

export function ClosableDialogTitle({
  id,
  onClose,
  children,
}: {
  /** What the dialog's aria-labelledby names. */
  id: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <DialogTitle id={id} sx={{ pr: 6 }}>
      {children}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
}
