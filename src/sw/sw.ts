/// <reference lib="webworker" />
/**
 * The service worker, built by vite-plugin-pwa (injectManifest) into /sw.js: the app shell precached,
 * every navigation answered with it, display images kept at run time. A new version waits until the
 * page asks it to take over (the update prompt), so a member is never switched mid-action.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { DISPLAY_IMAGE_CACHE, isDisplayImage, NOT_APP_PAGES, SKIP_WAITING } from './sw-rules';

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

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
