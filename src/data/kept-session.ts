/**
 * The session Auth keeps on this device, read straight from Auth's storage before Auth's SDK has even
 * loaded. A member's first read (/rate's feed, /leaderboard's board) goes out with the ID token Auth
 * saved, rather than after Auth has loaded, started and asked its server whether the account still
 * exists: a round trip to another origin, with its CORS preflight, on a phone's connection.
 *
 * Only the first read, asked for ahead (src/app/boot.ts): the server checks the token as on every call,
 * refusing one expired, revoked with the account or of a disabled member; Auth's own answer takes over
 * for everything after, and a sign-out clears what was read. Where Auth's storage is not as this
 * expects (a new SDK's format, blocked storage, no session), or the token is near its end, there is
 * nothing, and the read waits for Auth as before.
 */
import { DEBUG_MODE, env, type AppEnv } from '@/config/env';
import { callableUrl } from '@/config/read-env';
import type { CallableName, Callables } from '@/domain/callables';
import {
  AUTH_DATABASE,
  AUTH_STORE,
  authUserKey,
  KEPT_CALL_LIMIT_MS,
  KEPT_TOKEN_MARGIN_MS,
  postWithToken,
  readStoredSession,
  type KeptSession,
} from './first-read';
import { firstRead } from './first-read-global';

/** The member Auth kept here and their ID token, while it has more than a minute to run; else nothing. */
export function readKeptSession(
  config: Pick<AppEnv, 'firebase'> = env,
  now: number = Date.now(),
): Promise<KeptSession | undefined> {
  return readStoredSession(
    { database: AUTH_DATABASE, store: AUTH_STORE, key: authUserKey(config.firebase.apiKey) },
    now,
    KEPT_TOKEN_MARGIN_MS,
  );
}

let atStart: Promise<KeptSession | undefined> | undefined;

/**
 * The session kept here as the page started, read once: boot's first read and /rate's first draw use the
 * same answer (a later read could meet a token Auth has since refreshed, or a sign-out).
 */
export function keptSessionAtStart(): Promise<KeptSession | undefined> {
  // Read by the page's head already where it has the line of script that does (src/data/first-read.ts).
  atStart ??= firstRead()?.kept ?? readKeptSession();
  return atStart;
}

/**
 * A callable called as its SDK would (the same request and answer), with the kept token. Any failure
 * rejects, without retries or reports: the screen then asks through `call` itself.
 */
export function callWithKeptSession<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
  session: KeptSession,
): Promise<Callables[Name]['result']> {
  const startedAt = performance.now();
  const pending = sendWithKeptSession(name, input, session);
  // Debug mode lists it with the other calls, as `call` does.
  if (DEBUG_MODE)
    void import('./debug-instrumentation').then((debug) =>
      debug.recordCall(name, pending, startedAt, new Error(name).stack),
    );
  return pending;
}

function sendWithKeptSession<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
  session: KeptSession,
): Promise<Callables[Name]['result']> {
  // Not held for long: the screen asks itself, with the calls' own time limit and retries.
  return postWithToken(callableUrl(name, env), name, input, session.idToken, KEPT_CALL_LIMIT_MS) as Promise<
    Callables[Name]['result']
  >;
}
