/**
 * The service worker's registration through workbox-window, which loads only here (after first paint).
 * The page reloads itself when a new version takes over, leaving a mark for the 'updated' toast.
 */
import { storageKeys } from '@/lib/storage';

export interface ServiceWorkerEvents {
  /** A new version is installed and waits for the member's word. */
  onWaiting: () => void;
  /** The first version is installed: the app works offline from now on. */
  onOfflineReady: () => void;
}

export interface ServiceWorkerControls {
  checkForUpdate: () => Promise<void>;
  /** The waiting version takes over; the page then reloads into it. */
  takeOver: () => void;
}

export const SERVICE_WORKER_URL = '/sw.js';

export async function registerServiceWorker(events: ServiceWorkerEvents): Promise<ServiceWorkerControls> {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => events.onWaiting());
  workbox.addEventListener('activated', (event) => {
    if (!event.isUpdate) events.onOfflineReady();
  });
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    sessionStorage.setItem(storageKeys.appUpdated, '1');
    window.location.reload();
  });
  await workbox.register();
  return {
    checkForUpdate: () => workbox.update(),
    takeOver: () => workbox.messageSkipWaiting(),
  };
}

/**
 * The development server has no service worker; one left by a production build on the same address
 * would keep answering with that build's pages.
 */
export async function unregisterServiceWorkers(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
}

/** Whether this page is the first after a reload into a new version (read only: a render may be redone). */
export function hasUpdatedMark(): boolean {
  return sessionStorage.getItem(storageKeys.appUpdated) !== null;
}

/** Once the 'updated' toast is on its way: the next page is no longer the first after the update. */
export function clearUpdatedMark(): void {
  sessionStorage.removeItem(storageKeys.appUpdated);
}
