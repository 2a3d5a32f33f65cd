/** The votes on one of the member's photos, live. */
import { useEffect, useState } from 'react';
import type { Vote } from '@/domain/vote';
import { getBackend } from './backend';

export function useVotes(
  ownerId: string,
  photoId: string,
): { votes: Vote[] | undefined; error: Error | null } {
  const key = `${ownerId}/${photoId}`;
  const [state, setState] = useState<{ key: string; votes: Vote[] | undefined; error: Error | null }>({
    key: '',
    votes: undefined,
    error: null,
  });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    getBackend().then(
      (backend) => {
        if (!active) return;
        stop = backend.votes.watchVotes(
          ownerId,
          photoId,
          (votes) => setState({ key, votes, error: null }),
          (error) => setState({ key, votes: undefined, error }),
        );
      },
      (error: unknown) =>
        setState({ key, votes: undefined, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      active = false;
      stop?.();
    };
  }, [ownerId, photoId, key]);
  return state.key === key ? state : { votes: undefined, error: null };
}
