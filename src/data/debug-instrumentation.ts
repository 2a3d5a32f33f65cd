/**
 * The thin wrapper that records reads and calls for the debug panel, used by both adapters and by
 * `call`. Outside debug mode each helper hands straight through, recording nothing.
 */
import { DEBUG_MODE } from '@/config/env';
import type { Unsubscribe } from './auth';
import { readOperationLogSettings, recordOperation, startOperation } from './operation-log';

/**
 * A live subscription, recorded: its first answer as a `watch` with the time it took, each later one
 * as an `update`, a failure with its message.
 */
export function observe<T>(
  path: string,
  subscribe: (next: (value: T) => void, fail: (error: Error) => void) => Unsubscribe,
  countDocs: (value: T) => number,
  next: (value: T) => void,
  fail: (error: Error) => void,
): Unsubscribe {
  if (!DEBUG_MODE) return subscribe(next, fail);
  const start = startOperation();
  let answered = false;
  return subscribe(
    (value) => {
      recordOperation(start, {
        type: answered ? 'update' : 'watch',
        path,
        docCount: countDocs(value),
        ...(answered ? { durationMs: 0 } : {}),
      });
      answered = true;
      next(value);
    },
    (error) => {
      recordOperation(start, { type: answered ? 'update' : 'watch', path, docCount: 0, error });
      fail(error);
    },
  );
}

/** A one-time read or a callable, recorded with its duration, its documents and any failure. */
export async function observeRead<T>(
  type: 'get' | 'callable',
  path: string,
  read: () => Promise<T>,
  countDocs: (value: T) => number,
): Promise<T> {
  if (!DEBUG_MODE) return read();
  const start = startOperation();
  try {
    const value = await read();
    recordOperation(start, { type, path, docCount: countDocs(value) });
    return value;
  } catch (error) {
    recordOperation(start, { type, path, docCount: 0, error });
    throw error;
  }
}

/** A callable already under way, recorded when it settles; `call` took its start and its stack. */
export function recordCall(
  name: string,
  pending: Promise<unknown>,
  startedAt: number,
  stack: string | undefined,
): void {
  const start = { startedAt, stack: readOperationLogSettings().captureStacks ? (stack ?? null) : null };
  pending.then(
    (result) => recordOperation(start, { type: 'callable', path: name, docCount: documentsIn(result) }),
    (error: unknown) => recordOperation(start, { type: 'callable', path: name, docCount: 0, error }),
  );
}

/** The documents in a callable's answer: a list's length, the longest list it carries, else one. */
export function documentsIn(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  if (typeof result !== 'object' || result === null) return result === undefined ? 0 : 1;
  const lists = Object.values(result).filter(Array.isArray);
  return lists.length ? Math.max(...lists.map((list) => list.length)) : 1;
}

export const oneIfPresent = (value: unknown) => (value === null || value === undefined ? 0 : 1);
export const lengthOf = (value: readonly unknown[]) => value.length;
