/** The newest commented votes on one of the member's photos, live, up to `count`. */
import { useState } from 'react';
import type { Vote } from '@/domain/vote';
import { useLive } from './use-live';

export function useComments(
  ownerId: string,
  photoId: string,
  count: number,
): { comments: Vote[] | undefined; more: boolean; error: Error | null } {
  const { value, error } = useLive<Vote[]>(`${ownerId}/${photoId}/${count}`, (backend, onValue, onError) =>
    backend.votes.watchComments(ownerId, photoId, count, onValue, onError),
  );
  // Asking for more starts a new watch: the comments already shown stay until its first answer.
  const photo = `${ownerId}/${photoId}`;
  const [shown, setShown] = useState<{ photo: string; comments: Vote[] } | null>(null);
  if (value && shown?.comments !== value) setShown({ photo, comments: value });
  const kept = shown?.photo === photo ? shown.comments : undefined;
  const watched = value ?? kept;
  return {
    // A voter the owner blocked leaves the owner's view (src/domain/blocks.ts).
    comments: watched?.filter((vote) => !vote.blocked),
    // As many as asked for came: there may be more.
    more: watched?.length === count,
    error,
  };
}
