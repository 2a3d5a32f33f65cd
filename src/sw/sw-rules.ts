/** What the service worker caches, apart from its code so it can be tested in a page's environment. */

/**
 * Display images: the local server's download-token URLs (`/files/...?token=`) and Firebase Storage's.
 * Bounded in count (an opaque response may weigh megabytes in the browser's quota) and in age.
 */
export const DISPLAY_IMAGE_CACHE = {
  name: 'display-images',
  maxEntries: 150,
  maxAgeSeconds: 30 * 24 * 60 * 60,
} as const;

const FIREBASE_STORAGE_HOST = 'firebasestorage.googleapis.com';

export function isDisplayImage(url: URL): boolean {
  if (url.hostname === FIREBASE_STORAGE_HOST) return true;
  return url.pathname.startsWith('/files/') && url.searchParams.has('token');
}

/** Same-origin pages that are not the app: Firebase's auth handler, the server's files and test checkout. */
export const NOT_APP_PAGES = [/^\/__\//, /^\/files\//, /^\/checkout\//];

/** The message that tells a waiting worker to take over (workbox-window's messageSkipWaiting sends it). */
export const SKIP_WAITING = 'SKIP_WAITING';
