/**
 * What the service worker caches and how it shows notifications, apart from its code so it can be
 * tested in a page's environment.
 */
import { isAppPath, type PushMessage } from '@/domain/push';

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

/** The page asks the worker to show a push the live channel brought (local backend, app in the background). */
export const SHOW_PUSH = 'SHOW_PUSH';

/** The system notification for a push: the app's icon, the page to open kept with it. */
export function notificationFor(message: PushMessage): { title: string; options: NotificationOptions } {
  return {
    title: message.title,
    options: {
      body: message.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    },
  };
}

/** Where a tapped notification goes: its photo, or the app's start when it names no page of the app. */
export function notificationTarget(data: unknown): string {
  const url = (data as { url?: unknown } | null)?.url;
  return isAppPath(url) ? url : '/';
}
