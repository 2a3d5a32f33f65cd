/**
 * A member's first read, started by a line of script in the page's head (scripts/first-read-script.ts)
 * rather than by the app's code: on /rate the first feed page is asked for with the token Auth kept on
 * the device as the HTML is parsed, while the page's scripts are still on their way, and its first photo
 * drawn where the screen will show it as soon as it answers (src/lib/first-photo.ts); /leaderboard's
 * first row likewise (src/lib/first-board.ts); My Photos and /profile are drawn as the device last showed
 * them (src/lib/screen-snapshot.ts). The app takes up what it started (`firstRead`): the session read
 * (src/data/kept-session.ts), the feed page (src/data/feed-prefetch.ts) and the board.
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
 * How long, at most, the page holds the app's code back for what its head drew (/rate's photo,
 * /leaderboard's row, a kept screen): on a slow network the code is then asked for anyway.
 */
export const PHOTO_FIRST_LIMIT_MS = 2500;

/**
 * How long after what the head drew has loaded the code waits for the browser to say it painted it,
 * where it says nothing (no record of the largest paint, or a larger one painted first).
 */
export const PHOTO_PAINT_WAIT_MS = 500;

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
  /**
   * /leaderboard's board: the page's address, where the board answers, where the member's record is
   * kept on the device (the key before their uid; its show-me choice picks the board) and what is asked
   * for each choice.
   */
  board: { path: string; url: string; userCopyPrefix: string; inputs: Record<string, unknown> };
  /** The screens drawn from the copy the device kept of them (src/lib/screen-snapshot.ts). */
  snapshotPaths: readonly string[];
  /** PHOTO_FIRST_LIMIT_MS. */
  photoFirstLimitMs: number;
  /** PHOTO_PAINT_WAIT_MS. */
  paintWaitMs: number;
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
 * Draws /leaderboard's first photos before the app (src/lib/first-board.ts `drawFirstBoardLayer`),
 * answering with their images.
 */
type DrawBoard = (photos: unknown[], pathname: string) => HTMLImageElement[];

/**
 * Draws the member's last look at My Photos or /profile before the app (src/lib/screen-snapshot.ts
 * `drawScreenSnapshot`), answering with its layer and the images in view.
 */
type DrawSnapshot = (
  uid: string,
  pathname: string,
) => { layer: HTMLElement; images: HTMLImageElement[] } | undefined;

/** What the head drew: the images it waits for, and the layer whose paint it waits for if any. */
interface Drawn {
  images: HTMLImageElement[];
  layer?: HTMLElement;
  loads: Array<Promise<void>>;
}

/**
 * The page's head, on a device where a member is signed in: reads the kept session at once, connects to
 * the member's servers and, on /rate and /leaderboard, asks for the first photos with it and draws them
 * when they answer; on My Photos and /profile it draws the screen as the device last showed it. It holds
 * the app's code until what it drew has loaded and been painted (`photoFirst`). Leaves what it started
 * under FIRST_READ_GLOBAL; a failure is the app's to meet again, which asks itself.
 */
export function startFirstRead(
  config: FirstReadConfig,
  read: typeof readStoredSession,
  post: typeof postWithToken,
  draw: Draw,
  drawBoard: DrawBoard,
  drawSnapshot: DrawSnapshot,
): void {
  try {
    if (!localStorage.getItem(config.memberHintKey)) return;
  } catch {
    return;
  }
  const kept = read(config.storage, Date.now(), config.tokenMarginMs);
  const path = location.pathname;
  const on = (page: string) => path === page || path.indexOf(page + '/') === 0;
  const feed = on(config.feed.path)
    ? kept.then((session) =>
        session
          ? post(config.feed.url, 'getPhotos', config.feed.input, session.idToken, config.callLimitMs)
          : undefined,
      )
    : undefined;
  // The board for the show-me choice the member's record on this device last held; none without one.
  const board = on(config.board.path)
    ? kept.then((session) => {
        if (!session) return undefined;
        let gender: unknown;
        try {
          const copy = JSON.parse(localStorage.getItem(config.board.userCopyPrefix + session.uid) || 'null');
          gender = copy && copy.showGender;
        } catch {
          return undefined;
        }
        if (typeof gender !== 'string' || !Object.prototype.hasOwnProperty.call(config.board.inputs, gender))
          return undefined;
        const input = config.board.inputs[gender];
        return {
          uid: session.uid,
          gender,
          answer: post(config.board.url, 'getLeaderboard', input, session.idToken, config.callLimitMs),
        };
      })
    : undefined;
  // The drawn images, and each one's load or failure, listened for as it is drawn.
  const loading = (images: HTMLImageElement[], layer?: HTMLElement): Drawn => ({
    images,
    layer,
    loads: images.map(
      (image) =>
        new Promise<void>((resolve) => {
          if (image.complete) resolve();
          image.addEventListener('load', () => resolve());
          image.addEventListener('error', () => resolve());
        }),
    ),
  });
  // Whatever an answer holds, drawing it is only a head start: the screen shows the photos anyway.
  const drawWhen = <T>(answer: Promise<T>, drawIt: (value: T) => Drawn): Promise<Drawn> =>
    answer.then(
      (value) => {
        try {
          return drawIt(value);
        } catch {
          return loading([]);
        }
      },
      () => loading([]),
    );
  const onSnapshot = config.snapshotPaths.some((page) => path === page || path === page + '/');
  const drawn: Promise<Drawn> | undefined = feed
    ? drawWhen(feed, (page) => {
        const first = (page as FeedPageStart | undefined)?.photos[0];
        const image = first
          ? draw(
              { id: first.id, imageUrl: first.imageUrl, caption: first.caption || config.defaultCaption },
              location.pathname,
            )
          : undefined;
        return loading(image ? [image] : []);
      })
    : board
      ? drawWhen(
          board.then((started) => started?.answer),
          (answer) => {
            const photos = (answer as { photos?: unknown } | undefined)?.photos;
            return loading(Array.isArray(photos) ? drawBoard(photos, location.pathname) : []);
          },
        )
      : onSnapshot
        ? // Whose the copy is, from Auth's storage with any token, even one run out: Auth refreshes it
          // when it starts, and the copy needs only the member.
          drawWhen(read(config.storage, Date.now(), Number.NEGATIVE_INFINITY), (session) => {
            const snapshot = session ? drawSnapshot(session.uid, location.pathname) : undefined;
            return snapshot ? loading(snapshot.images, snapshot.layer) : loading([]);
          })
        : undefined;
  // Where a service worker answers, the code comes from the device and is not held.
  const photoFirst =
    drawn &&
    !(typeof navigator !== 'undefined' && navigator.serviceWorker && navigator.serviceWorker.controller)
      ? new Promise<void>((resolve) => {
          setTimeout(resolve, config.photoFirstLimitMs);
          void drawn.then(({ images, layer, loads }) => {
            if (images.length === 0 && !layer) {
              resolve();
              return;
            }
            // Painted, not only loaded: the code's requests would otherwise still share the moments
            // before the drawing is on screen. The browser's record of the page's largest paint names
            // one of its images or, for a kept screen, anything in its layer then; where it keeps none,
            // or something larger was painted first, a moment after the load stands in.
            let painted = false;
            let loadedAll = false;
            const settle = () => {
              if (painted && loadedAll) resolve();
            };
            try {
              const observer = new PerformanceObserver((list) => {
                const entries = list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>;
                const shows = (element: Element | null | undefined) =>
                  !!element &&
                  (images.indexOf(element as HTMLImageElement) >= 0 || (!!layer && layer.contains(element)));
                if (!entries.some((entry) => shows(entry.element))) return;
                observer.disconnect();
                painted = true;
                settle();
              });
              observer.observe({ type: 'largest-contentful-paint', buffered: true });
            } catch {
              painted = true;
            }
            void Promise.all(loads).then(() => {
              loadedAll = true;
              settle();
              setTimeout(() => {
                painted = true;
                settle();
              }, config.paintWaitMs);
            });
          });
        })
      : undefined;
  (window as unknown as Record<string, FirstRead>)[config.globalName] = {
    at: performance.now(),
    kept,
    feed,
    board,
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
