/**
 * Firebase Cloud Messaging in the page: the device's token for the app's own service worker (which
 * receives and shows the pushes), and its deletion at sign-out. Loaded only when a member enables
 * notifications or signs out with them allowed, so no other page carries the SDK.
 */
import { deleteToken, getMessaging, getToken, isSupported } from 'firebase/messaging';
import { env } from '@/config/env';
import { firebaseApp } from '@/data/firebase-app';

/** The service worker is there once the production build has registered it; not in development. */
const WORKER_WAIT_MS = 10_000;

async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const missing = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('No service worker is active on this page.')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, missing]);
  } finally {
    clearTimeout(timer);
  }
}

export async function fcmToken(): Promise<string> {
  if (!env.firebaseVapidKey)
    throw new Error('VITE_FIREBASE_VAPID_KEY is not set: push needs the web push key.');
  if (!(await isSupported())) throw new Error('This browser cannot receive Firebase Cloud Messaging.');
  return getToken(getMessaging(firebaseApp), {
    vapidKey: env.firebaseVapidKey,
    serviceWorkerRegistration: await serviceWorker(),
  });
}

/**
 * The SDK deletes the token through the service worker getToken was given on this page; on any other
 * page (sign-out seldom follows enabling) it would register its own firebase-messaging-sw.js, which
 * the app does not serve, and fail. getToken hands it the app's worker and answers with the token
 * it keeps for it.
 */
export async function deleteFcmToken(): Promise<void> {
  // Without the key no token was ever made here; without the worker its push subscription is gone.
  if (!env.firebaseVapidKey || !(await isSupported())) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const messaging = getMessaging(firebaseApp);
  await getToken(messaging, { vapidKey: env.firebaseVapidKey, serviceWorkerRegistration: registration });
  await deleteToken(messaging);
}
