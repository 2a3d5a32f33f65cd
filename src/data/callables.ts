/**
 * Typed calls to the privileged handlers. Both backends use `httpsCallable`; in local mode the
 * SDK is pointed at the local server, which speaks the same protocol.
 */
import type { FunctionsError } from 'firebase/functions';
import { READ_CALLABLES, type CallableName, type Callables } from '@/domain/callables';
import { DEBUG_MODE } from '@/config/env';
import { errorToast, messageFor, networkRetryNotice, severityFor } from '@/domain/errors';
import { pause } from '@/lib/idle';
import { announce } from '@/lib/notices';
import { reportError } from '@/lib/report-error';

/** A failed call, carrying the handler's code and a message fit to show. */
export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** Why a precondition failed, when the handler says (e.g. 'noTokens', 'maxActive'). */
    readonly reason?: string,
    /** The request did not get an answer (no connection, or the server out of reach). */
    readonly network = false,
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

/** A read that got no answer is sent again twice, 1 s and then 2 s later, saying so each time. */
export const NETWORK_RETRY_DELAYS_MS = [1000, 2000];

async function withNetworkRetries<Result>(send: () => Promise<Result>): Promise<Result> {
  for (let failures = 1; ; failures++) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof CallError) || !error.network) throw error;
      const notice = networkRetryNotice(failures);
      announce({ message: notice.message, ...errorToast(notice.severity) });
      const delay = NETWORK_RETRY_DELAYS_MS[failures - 1];
      if (delay === undefined) throw error;
      await pause(delay);
    }
  }
}

export function call<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
): Promise<Callables[Name]['result']> {
  // Taken now: once the call is under way the stack no longer says which screen made it.
  const stack = new Error(name).stack;
  const startedAt = performance.now();
  const pending = READ_CALLABLES.has(name)
    ? withNetworkRetries(() => callHandler(name, input))
    : callHandler(name, input);
  // Debug mode records the call; what records it loads only then.
  if (DEBUG_MODE)
    void import('./debug-instrumentation').then((debug) => debug.recordCall(name, pending, startedAt, stack));
  return pending.catch((error: unknown) => {
    // A call the server failed is reported with the screen that made it (read from the stack).
    // A call that got no answer is the connection's fault, which is never reported.
    if (error instanceof CallError && SERVER_FAULTS.has(error.code) && !error.network)
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

/** Fetches the SDKs a call needs ahead of the first one: a member's first screen calls at once. */
export function prepareCalls(): void {
  void Promise.all([
    import('firebase/functions'),
    import('@/data/firebase-app').then((app) => app.getFunctionsClient()),
  ]).catch(() => undefined);
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
      // The SDK says 'internal' in lower case, with no details, only when the request got no answer.
      const network =
        code === 'unavailable' ||
        code === 'deadline-exceeded' ||
        (code === 'internal' && error.message === 'internal' && error.details === undefined);
      throw new CallError(code, message, details.fields, details.reason, network);
    }
    throw error;
  }
}
