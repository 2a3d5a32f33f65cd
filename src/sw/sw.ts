/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into /sw.js: the app shell precached,
 * every navigation answered with it, display images kept at run time. A new version waits until the
 * page asks it to take over (the update prompt), so a member is never switched mid-action. It shows
 * push notifications (Firebase Cloud Messaging's, or the ones a page hands it from the local backend's
 * live channel) and opens the photo a tapped one is about.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
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

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_APP_PAGES }));

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
