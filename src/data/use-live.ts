/** A live subscription through the backend's adapters, as React state; the key names what is watched. */
import { startTransition, useEffect, useState } from 'react';
import type { Unsubscribe } from './auth';
import { getBackend } from './backend';
import type { Backend } from './repositories';

export interface LiveState<T> {
  value: T | undefined;
  error: Error | null;
}

export function useLive<T>(
  key: string,
  subscribe: (backend: Backend, onValue: (value: T) => void, onError: (error: Error) => void) => Unsubscribe,
): LiveState<T> {
  const [state, setState] = useState<LiveState<T> & { key: string }>({
    key: '',
    value: undefined,
    error: null,
  });
  useEffect(() => {
    let stop: Unsubscribe | undefined;
    let active = true;
    const fail = (error: unknown) =>
      setState({ key, value: undefined, error: error instanceof Error ? error : new Error(String(error)) });
    getBackend().then((backend) => {
      // The first value in a transition: the screen drawing what came renders in slices between which
      // the browser answers input, rather than in one long task (a list of photos, a member's votes).
      // Later ones at once, in step with what the member's own actions change meanwhile.
      let first = true;
      const take = (value: T) => setState({ key, value, error: null });
      if (active)
        stop = subscribe(
          backend,
          (value) => {
            if (first) startTransition(() => take(value));
            else take(value);
            first = false;
          },
          fail,
        );
    }, fail);
    return () => {
      active = false;
      stop?.();
    };
    // The key stands for everything `subscribe` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { value: undefined, error: null };
}
