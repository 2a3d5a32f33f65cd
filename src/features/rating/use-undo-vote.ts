/**
 * The last vote can be taken back for a few seconds: once the server has counted it, a toast offers
 * Undo for `UNDO_OFFER_MS`; the server reverts the vote, its tokens and its counts (`undoVote`), and
 * the photo comes back to be rated again. Each vote's toast replaces the one before, so only the
 * latest vote is offered, as the server allows.
 */
import { useCallback } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { UNDO_MESSAGES, UNDO_OFFER_MS, type FeedPhoto } from '@/domain/rating';

export function useUndoVote(onUndone: (photo: FeedPhoto) => void): (photo: FeedPhoto) => void {
  const toast = useToast();
  return useCallback(
    (photo: FeedPhoto) => {
      const undo = () =>
        call('undoVote', { ownerId: photo.userId, photoId: photo.id }).then(
          () => {
            onUndone(photo);
            toast({ message: UNDO_MESSAGES.undone, severity: 'info' });
          },
          (failure: unknown) =>
            toast({
              message: failure instanceof Error ? failure.message : String(failure),
              severity: 'error',
            }),
        );
      toast({
        message: UNDO_MESSAGES.offered,
        severity: 'success',
        duration: UNDO_OFFER_MS,
        cta: { label: UNDO_MESSAGES.undo, onClick: () => void undo() },
      });
    },
    [onUndone, toast],
  );
}
