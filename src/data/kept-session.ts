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
import type { CallableName, Callables } from '@/domain/callables';

/** Where Auth's SDK keeps the signed-in user (its `indexedDBLocalPersistence`). */
export const AUTH_DATABASE = 'firebaseLocalStorageDb';
export const AUTH_STORE = 'firebaseLocalStorage';
export const authUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

/** How long a call with the kept token may take before the screen asks through Auth instead. */
export const KEPT_CALL_LIMIT_MS = 15_000;

/** A token this close to its end is left to Auth, which refreshes it. */
export const KEPT_TOKEN_MARGIN_MS = 60_000;

export interface KeptSession {
  uid: string;
  /** As Auth has it: null for an account without one. */
  email: string | null;
  idToken: string;
}

interface StoredUser {
  uid?: unknown;
  email?: unknown;
  stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown };
}

function readStoredUser(key: string): Promise<StoredUser | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(AUTH_DATABASE);
    } catch {
      resolve(undefined);
      return;
    }
    // No database yet: none is made here (Auth makes its own, with its store).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const database = request.result;
      try {
        if (!database.objectStoreNames.contains(AUTH_STORE)) {
          database.close();
          resolve(undefined);
          return;
        }
        const read = database.transaction(AUTH_STORE, 'readonly').objectStore(AUTH_STORE).get(key);
        read.onsuccess = () => {
          database.close();
          resolve((read.result as { value?: StoredUser } | undefined)?.value);
        };
        read.onerror = () => {
          database.close();
          resolve(undefined);
        };
      } catch {
        database.close();
        resolve(undefined);
      }
    };
  });
}

/** The member Auth kept here and their ID token, while it has more than a minute to run; else nothing. */
export async function readKeptSession(
  config: Pick<AppEnv, 'firebase'> = env,
  now: number = Date.now(),
): Promise<KeptSession | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  const user = await readStoredUser(authUserKey(config.firebase.apiKey));
  const token = user?.stsTokenManager;
  if (
    typeof user?.uid !== 'string' ||
    user.uid === '' ||
    typeof token?.accessToken !== 'string' ||
    token.accessToken === '' ||
    typeof token.expirationTime !== 'number' ||
    token.expirationTime - now < KEPT_TOKEN_MARGIN_MS
  )
    return undefined;
  const email = typeof user.email === 'string' ? user.email : null;
  return { uid: user.uid, email, idToken: token.accessToken };
}

let atStart: Promise<KeptSession | undefined> | undefined;

/**
 * The session kept here as the page started, read once: boot's first read and /rate's first draw use the
 * same answer (a later read could meet a token Auth has since refreshed, or a sign-out).
 */
export function keptSessionAtStart(): Promise<KeptSession | undefined> {
  atStart ??= readKeptSession();
  return atStart;
}

/** Where a callable answers: the local server (or the emulator suite), or Cloud Functions. */
export function callableUrl(
  name: CallableName,
  config: Pick<AppEnv, 'useEmulators' | 'localServerUrl' | 'functionsRegion' | 'firebase'> = env,
): string {
  const { projectId } = config.firebase;
  if (config.useEmulators)
    return `${new URL(config.localServerUrl).origin}/${projectId}/${config.functionsRegion}/${name}`;
  return `https://${config.functionsRegion}-${projectId}.cloudfunctions.net/${name}`;
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

async function sendWithKeptSession<Name extends CallableName>(
  name: Name,
  input: Callables[Name]['input'],
  session: KeptSession,
): Promise<Callables[Name]['result']> {
  const response = await fetch(callableUrl(name), {
    // Not held for long: the screen asks itself, with the calls' own time limit and retries.
    signal: AbortSignal.timeout(KEPT_CALL_LIMIT_MS),
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.idToken}` },
    body: JSON.stringify({ data: input }),
  });
  if (!response.ok) throw new Error(`${name} answered ${response.status}.`);
  const answer = (await response.json()) as { result?: Callables[Name]['result'] };
  if (answer.result === undefined) throw new Error(`${name} gave no result.`);
  return answer.result;
}
