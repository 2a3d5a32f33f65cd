/**
 * The offer to turn back on, together, the photos that were switched off when the member's tokens ran
 * out (`pausedForTokens`): shown once they have tokens again, after a purchase. As many as the active
 * maximum leaves room for are turned on in one call; the rest stay off, and the offer says so.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { maxActivePhotos } from '@/domain/limits';
import type { Photo } from '@/domain/photo';
import type { User } from '@/domain/user';

export const REACTIVATION_MESSAGES = {
  title: 'Turn your photos back on?',
  paused: (count: number) =>
    count === 1
      ? 'One photo was switched off when your tokens ran out. Turn it back on to get votes again.'
      : `${count} photos were switched off when your tokens ran out. Turn them back on to get votes again.`,
  room: (room: number) =>
    `Only ${room} more can be active at once: the newest ${room === 1 ? 'is' : 'are'} turned back on.`,
  turnOn: (count: number) => (count === 1 ? 'Turn it back on' : 'Turn them back on'),
  notNow: 'Not now',
  done: (count: number) => (count === 1 ? 'Your photo is back on.' : `${count} photos are back on.`),
  failed: 'Your photos could not be turned back on. Please try again.',
} as const;

/** The photos the offer turns back on: switched off for tokens, newest first, as many as there is room for. */
export function photosToReactivate(
  photos: Photo[],
  subscribed: boolean,
): { paused: Photo[]; chosen: Photo[] } {
  const paused = photos
    .filter((photo) => photo.pausedForTokens && !photo.active && !photo.error)
    .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
  const active = photos.filter((photo) => photo.active).length;
  const room = Math.max(0, maxActivePhotos(subscribed) - active);
  return { paused, chosen: paused.slice(0, room) };
}

interface Props {
  user: Pick<User, 'points' | 'subscribed'>;
  photos: Photo[];
  onClose: () => void;
}

export function ReactivationOffer({ user, photos, onClose }: Props) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { paused, chosen } = photosToReactivate(photos, user.subscribed);
  if (paused.length === 0 || chosen.length === 0 || user.points <= 0) return null;

  const turnOn = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const { activated } = await call('activatePhotos', { photoIds: chosen.map((photo) => photo.id) });
      toast({ message: REACTIVATION_MESSAGES.done(activated), severity: 'success', duration: 4000 });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : REACTIVATION_MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="reactivation-title" fullWidth maxWidth="xs">
      <DialogTitle id="reactivation-title">{REACTIVATION_MESSAGES.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{REACTIVATION_MESSAGES.paused(paused.length)}</DialogContentText>
        {chosen.length < paused.length && (
          <DialogContentText sx={{ mt: 1 }}>{REACTIVATION_MESSAGES.room(chosen.length)}</DialogContentText>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{REACTIVATION_MESSAGES.notNow}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void turnOn()}>
          {REACTIVATION_MESSAGES.turnOn(chosen.length)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
