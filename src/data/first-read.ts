/**
 * A member's first read, started by a line of script in the page's head (scripts/first-read-script.ts)
 * rather than by the app's code: on /rate the first feed page is asked for with the token Auth kept on
 * the device as the HTML is parsed, while the page's scripts are still on their way, and its first photo
 * drawn where the screen will show it as soon as it answers (src/lib/first-photo.ts). The app takes up
 * what it started (`firstRead`): the session read (src/data/kept-session.ts) and the page
 * (src/data/feed-prefetch.ts).
 *
 * `readStoredSession`, `postWithToken` and `startFirstRead` go into the page as their source text:
 * each uses only its parameters and the browser's globals, and the app calls the same functions.
 */

import type { MemberOrigin } from '../config/read-env';
import type { FirstRead } from './first-read-global';

/** Where Auth's SDK keeps the signed-in user (its `indexedDBLocalPersistence`). */
export const AUTH_DATABASE = 'firebaseLocalStorageDb';
export const AUTH_STORE = 'firebaseLocalStorage';
export const authUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`;

/** How long a call with the kept token may take before the screen asks through Auth instead. */
export const KEPT_CALL_LIMIT_MS = 15_000;

/**
 * How long, at most, /rate's page holds the app's code back for its first photo: on a slow network the
 * code is then asked for anyway.
 */
export const PHOTO_FIRST_LIMIT_MS = 2500;

/** A token this close to its end is left to Auth, which refreshes it. */
export const KEPT_TOKEN_MARGIN_MS = 60_000;

export interface KeptSession {
  uid: string;
  /** As Auth has it: null for an account without one. */
  email: string | null;
  idToken: string;
}

/** The feed page's shape, as far as drawing its first photo reads it. */
interface FeedPageStart {
  photos: Array<{ id: string; imageUrl: string; caption: string | null }>;
}

/** Where Auth's SDK keeps the signed-in user (its `indexedDBLocalPersistence`), and under which key. */
export interface AuthStorage {
  database: string;
  store: string;
  key: string;
}

/**
 * The member Auth kept on this device and their ID token, while it has more than `marginMs` to run;
 * else nothing (no database yet, blocked storage, another format, no session). Opens no database
 * Auth has not made.
 */
export function readStoredSession(
  storage: AuthStorage,
  now: number,
  marginMs: number,
): Promise<KeptSession | undefined> {
  return new Promise<
    { uid?: unknown; email?: unknown; stsTokenManager?: Record<string, unknown> } | undefined
  >((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(undefined);
      return;
    }
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(storage.database);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const database = request.result;
      try {
        if (!database.objectStoreNames.contains(storage.store)) {
          database.close();
          resolve(undefined);
          return;
        }
        const read = database
          .transaction(storage.store, 'readonly')
          .objectStore(storage.store)
          .get(storage.key);
        read.onsuccess = () => {
          database.close();
          const found = read.result as { value?: unknown } | undefined;
          resolve(typeof found?.value === 'object' && found.value !== null ? found.value : undefined);
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
  }).then((user) => {
    const token = user?.stsTokenManager;
    if (
      typeof user?.uid !== 'string' ||
      user.uid === '' ||
      typeof token?.accessToken !== 'string' ||
      token.accessToken === '' ||
      typeof token.expirationTime !== 'number' ||
      token.expirationTime - now < marginMs
    )
      return undefined;
    return {
      uid: user.uid,
      email: typeof user.email === 'string' ? user.email : null,
      idToken: token.accessToken,
    };
  });
}

/**
 * A callable called as its SDK would (the same request and answer) with an ID token: any failure
 * rejects, without retries or reports, and the caller asks again through the SDK.
 */
export function postWithToken(
  url: string,
  name: string,
  input: unknown,
  idToken: string,
  limitMs: number,
): Promise<unknown> {
  // Started in a promise, so what throws at once (a browser without AbortSignal.timeout) rejects too.
  return Promise.resolve()
    .then(() =>
      fetch(url, {
        signal: AbortSignal.timeout(limitMs),
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
        body: JSON.stringify({ data: input }),
      }),
    )
    .then((response) => {
      if (!response.ok) throw new Error(`${name} answered ${response.status}.`);
      return response.json() as Promise<{ result?: unknown }>;
    })
    .then((answer) => {
      if (answer.result === undefined) throw new Error(`${name} gave no result.`);
      return answer.result;
    });
}

/** What the page's head is built with. */
export interface FirstReadConfig {
  /** FIRST_READ_GLOBAL, given rather than read: the function's text is all the page has. */
  globalName: string;
  memberHintKey: string;
  storage: AuthStorage;
  tokenMarginMs: number;
  callLimitMs: number;
  /** /rate's first feed page: the screen's address, where the page answers, and what it asks for. */
  feed: { path: string; url: string; input: unknown };
  defaultCaption: string;
  /** PHOTO_FIRST_LIMIT_MS. */
  photoFirstLimitMs: number;
  /** The servers a member's screens reach, connected to at once (`memberOrigins`). */
  origins: MemberOrigin[];
}

/**
 * Draws /rate's first photo before the app (src/lib/first-photo.ts `drawFirstPhotoLayer`), answering
 * with its image.
 */
type Draw = (
  photo: { id: string; imageUrl: string; caption: string },
  pathname: string,
) => HTMLImageElement | undefined;

/**
 * The page's head, on a device where a member is signed in: reads the kept session at once, connects to
 * the member's servers and, on /rate, asks for the first feed page with it, draws its first photo when
 * it answers and holds the app's code until that photo has loaded (`photoFirst`). Leaves what it
 * started under FIRST_READ_GLOBAL; a failure is the app's to meet again, which asks itself.
 */
export function startFirstRead(
  config: FirstReadConfig,
  read: typeof readStoredSession,
  post: typeof postWithToken,
  draw: Draw,
): void {
  try {
    if (!localStorage.getItem(config.memberHintKey)) return;
  } catch {
    return;
  }
  const kept = read(config.storage, Date.now(), config.tokenMarginMs);
  const path = location.pathname;
  const onRate = path === config.feed.path || path.indexOf(config.feed.path + '/') === 0;
  const feed = onRate
    ? kept.then((session) =>
        session
          ? post(config.feed.url, 'getPhotos', config.feed.input, session.idToken, config.callLimitMs)
          : undefined,
      )
    : undefined;
  const drawn = feed?.then(
    (page) => {
      // Whatever the answer holds, drawing it is only a head start: the screen shows the photo anyway.
      try {
        const first = (page as FeedPageStart | undefined)?.photos[0];
        return first
          ? draw(
              { id: first.id, imageUrl: first.imageUrl, caption: first.caption || config.defaultCaption },
              location.pathname,
            )
          : undefined;
      } catch {
        return undefined;
      }
    },
    () => undefined,
  );
  // Where a service worker answers, the code comes from the device and is not held.
  const photoFirst =
    drawn &&
    !(typeof navigator !== 'undefined' && navigator.serviceWorker && navigator.serviceWorker.controller)
      ? new Promise<void>((resolve) => {
          setTimeout(resolve, config.photoFirstLimitMs);
          void drawn.then((image) => {
            if (!image || image.complete) {
              resolve();
              return;
            }
            image.addEventListener('load', () => resolve());
            image.addEventListener('error', () => resolve());
          });
        })
      : undefined;
  (window as unknown as Record<string, FirstRead>)[config.globalName] = {
    at: performance.now(),
    kept,
    feed,
    photoFirst,
  };
  // The connections the first read and the screens use, opened while the session is read.
  for (const origin of config.origins) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = origin.href;
    if (origin.cors) link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
  }
}
