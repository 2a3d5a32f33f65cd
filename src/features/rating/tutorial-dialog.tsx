/** The first visit to the feed: how rating works, once per device. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

const STEPS = [
  'Give 0.5 to 5 hearts: tap the hearts, press the keys 1 to 5, or swipe the photo well to the side: the further right, the more hearts; all the way left gives 0.5. The hearts show before you let go, and a short flick does nothing.',
  'Changed your mind? Undo the rating you just gave for a few seconds after it.',
  'Add tags and an honest, kind comment if you like. Comments are anonymous.',
  'Skip a photo with Skip, the right arrow key, or by letting go of a swipe in the middle.',
  'Every 5th rating earns you a token, and tokens keep your own photos active.',
];

export function TutorialDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="tutorial-title" maxWidth="xs">
      <DialogTitle id="tutorial-title">How rating works</DialogTitle>
      <DialogContent>
        {STEPS.map((step) => (
          <Typography key={step} sx={{ mb: 1.5 }}>
            {step}
          </Typography>
        ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
