/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into /sw.js: the build precached, each
 * navigation answered with its page (the pre-rendered public pages with theirs, a member's screens and
 * a member's `/` with the app shell, the blog and articles from the server; src/config/app-pages.ts),
 * offline too, and display images kept at run time. A new version waits until the
 * page asks it to take over (the update prompt), so a member is never switched mid-action. It shows
 * push notifications (Firebase Cloud Messaging's, or the ones a page hands it from the local backend's
 * live channel) and opens the photo a tapped one is about.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { APP_SHELL_FILE, MEMBER_HINT_CACHE, MEMBER_HINT_URL, navigationAnswer } from '@/config/app-pages';
import { readPushMessage, type PushMessage } from '@/domain/push';
import {
  DISPLAY_IMAGE_CACHE,
  isDisplayImage,
  notificationFor,
  notificationTarget,
  NOT_APP_PAGES,
  SHOW_PUSH,
  SKIP_WAITING,
} from './sw-rules';

declare const self: ServiceWorkerGlobalScope;

/** Whether the page has noted a member signed in on this device (src/lib/member-hint.ts). */
async function memberOnDevice(): Promise<boolean> {
  try {
    return Boolean(await (await caches.open(MEMBER_HINT_CACHE)).match(MEMBER_HINT_URL));
  } catch {
    return false;
  }
}

/** The build's copy of a page; the server's answer should a version not have it. */
async function precached(file: string, request: Request): Promise<Response> {
  return (await matchPrecache(file)) ?? fetch(request);
}

async function answerNavigation(request: Request, url: URL): Promise<Response> {
  const answer = navigationAnswer(url.pathname, url.pathname === '/' && (await memberOnDevice()));
  if (answer.kind === 'page') return precached(answer.file, request);
  try {
    return await fetch(request);
  } catch {
    // Offline: the app renders the page from its own copy.
    return (await matchPrecache(APP_SHELL_FILE)) ?? Response.error();
  }
}

// Before the precache's own route, which would answer `/` with index.html for a member too.
registerRoute(
  new NavigationRoute(({ request, url }) => answerNavigation(request, url), { denylist: NOT_APP_PAGES }),
);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) => request.destination === 'image' && isDisplayImage(url),
  new CacheFirst({
    cacheName: DISPLAY_IMAGE_CACHE.name,
    plugins: [
      // Storage images shown without CORS arrive opaque (status 0); they are still the right bytes.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: DISPLAY_IMAGE_CACHE.maxEntries,
        maxAgeSeconds: DISPLAY_IMAGE_CACHE.maxAgeSeconds,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

function show(message: PushMessage): Promise<void> {
  const { title, options } = notificationFor(message);
  return self.registration.showNotification(title, options);
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; message?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  if (data?.type === SHOW_PUSH) {
    const message = readPushMessage(data.message);
    if (message) event.waitUntil(show(message));
  }
});

// Firebase Cloud Messaging: shown unless the member is looking at the app, whose bell shows it.
self.addEventListener('push', (event) => {
  let payload: unknown;
  try {
    payload = event.data?.json();
  } catch {
    return;
  }
  const message = readPushMessage(payload);
  if (!message) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => {
      if (windows.some((client) => client.focused && client.visibilityState === 'visible')) return;
      return show(message);
    }),
  );
});

// Tapping a notification opens its photo: in a window of the app this worker runs, else a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(notificationTarget(event.notification.data), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (windows) => {
      const open = windows[0];
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      await focused.navigate(url);
    }),
  );
});
