/** The first-photo celebration, shown once per member on this device. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { FIRST_PHOTO_BONUS_TOKENS } from '@/domain/limits';

export function HoorayDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open aria-labelledby="hooray-title">
      <DialogTitle id="hooray-title">Hooray!!</DialogTitle>
      <DialogContent>
        <Typography>
          Your first photo is up, and you have earned {FIRST_PHOTO_BONUS_TOKENS} extra tokens. Rate other
          members&apos; photos to earn more and get your votes faster.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
