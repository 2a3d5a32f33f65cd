/** The confirm or alert dialog itself, loaded the first time one opens. */
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { OpenDialog } from './dialogs';

export function DialogView({ dialog, onAnswer }: { dialog: OpenDialog; onAnswer: (value: boolean) => void }) {
  return (
    <Dialog open onClose={() => onAnswer(false)} aria-labelledby="app-dialog-title">
      <DialogTitle id="app-dialog-title">
        {dialog.kind === 'confirm' && dialog.options.icon ? (
          <Box component="span" sx={{ mr: 1, verticalAlign: 'middle' }}>
            {dialog.options.icon}
          </Box>
        ) : null}
        {dialog.options.title}
      </DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{dialog.options.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {dialog.kind === 'confirm' ? (
          <>
            <Button onClick={() => onAnswer(false)}>{dialog.options.cancelLabel ?? 'Cancel'}</Button>
            <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
              {dialog.options.confirmLabel ?? 'Confirm'}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => onAnswer(true)} autoFocus>
            OK
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
