/** The streak milestones (7, 30 and every 50 days): confetti and a word of thanks. */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect } from 'react';
import { streakBadge } from '@/domain/streak';
import { celebrate } from '@/lib/celebrate';

export function StreakCelebration({ streak, onClose }: { streak: number; onClose: () => void }) {
  useEffect(() => {
    void celebrate();
  }, []);
  return (
    <Dialog open onClose={onClose} aria-labelledby="streak-title" maxWidth="xs">
      <DialogTitle id="streak-title">🔥 {streak}-day streak!</DialogTitle>
      <DialogContent>
        <Typography>
          You have visited {streak} days in a row: {streakBadge(streak)}. Every day you come back earns 5
          tokens.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Keep it going
        </Button>
      </DialogActions>
    </Dialog>
  );
}
