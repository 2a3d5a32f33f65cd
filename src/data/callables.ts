/**
 * Typed calls to the privileged handlers. Both backends use `httpsCallable`; in local mode the
 * SDK is pointed at the local server, which speaks the same protocol.
 */
import type { FunctionsError } from 'firebase/functions';
import type { CallableName, Callables } from '@/domain/callables';
import { DEBUG_MODE } from '@/config/env';
import { messageFor, severityFor } from '@/domain/errors';
import { reportError } from '@/lib/report-error';

/** A failed call, carrying the handler's code and a message fit to show. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Why a precondition failed, when the handler says (e.g. 'noTokens', 'maxActive'). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

// The handlers write these codes' messages for members; other codes get the catalogue's wording.
const MEMBER_FACING = new Set([
  'invalid-argument',
  'failed-precondition',
  'permission-denied',
  'not-found',
  'already-exists',
  'resource-exhausted',
  'unauthenticated',
  'out-of-range',
]);

function isFunctionsError(error: unknown): error is FunctionsError {
  return (
    error instanceof Error &&
    error.name === 'FirebaseError' &&
    String((error as FunctionsError).code).startsWith('functions/')
  );
}

// Codes that say the server failed, not the member's input: each such failure is reported.
const SERVER_FAULTS = new Set(['internal', 'unknown', 'unavailable', 'deadline-exceeded', 'data-loss']);

/** The photo a call is about, when its input names one, for the error report's context. */
function photoOf(input: unknown): { photoId?: string } {
  const photoId = (input as { photoId?: unknown } | null)?.photoId;
  return typeof photoId === 'string' ? { photoId } : {};
}

export function call<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
): Promise<Callables[Name]['result']> {
  // Taken now: once the call is under way the stack no longer says which screen made it.
  const stack = new Error(name).stack;
  const startedAt = performance.now();
  const pending = callHandler(name, input);
  // Debug mode records the call; what records it loads only then.
  if (DEBUG_MODE)
    void import('./debug-instrumentation').then((debug) => debug.recordCall(name, pending, startedAt, stack));
  return pending.catch((error: unknown) => {
    // A call the server failed is reported with the screen that made it (read from the stack).
    if (error instanceof CallError && SERVER_FAULTS.has(error.code))
      reportError(
        {
          type: 'firebase',
          severity: severityFor('firebase'),
          message: error.message,
          code: error.code,
          context: { action: name, ...photoOf(input) },
        },
        error,
        stack,
      );
    throw error;
  });
}

async function callHandler<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
): Promise<Callables[Name]['result']> {
  // The SDKs load on the first call, so the landing page does not carry them.
  const [{ httpsCallable }, { getFunctionsClient }] = await Promise.all([
    import('firebase/functions'),
    import('@/data/firebase-app'),
  ]);
  const functions = await getFunctionsClient();
  try {
    const result = await httpsCallable<Callables[Name]['input'], Callables[Name]['result']>(
      functions,
      name,
    )(input);
    return result.data;
  } catch (error) {
    if (isFunctionsError(error)) {
      const code = error.code.replace(/^functions\//, '');
      const details = (error.details ?? {}) as { fields?: Record<string, string>; reason?: string };
      // The SDK appends the HTTP status (" [400]"); members see the handler's own words.
      const message = MEMBER_FACING.has(code)
        ? error.message.replace(/\s*\[\d{3}\]$/, '')
        : messageFor('firebase', code);
      throw new CallError(code, message, details.fields, details.reason);
    }
    throw error;
  }
}
