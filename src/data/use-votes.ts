/** The votes on one of the member's photos, live. */
import type { Vote } from '@/domain/vote';
import { useLive } from './use-live';

export function useVotes(
  ownerId: string,
  photoId: string,
): { votes: Vote[] | undefined; error: Error | null } {
  const { value, error } = useLive<Vote[]>(`${ownerId}/${photoId}`, (backend, onValue, onError) =>
    backend.votes.watchVotes(ownerId, photoId, onValue, onError),
  );
  // A voter the owner blocked leaves the owner's view (src/domain/blocks.ts).
  return { votes: value?.filter((vote) => !vote.blocked), error };
}
