/**
 * Push on Firebase: the adapter's own logic (the web push key, the app's service worker, which
 * devices load Messaging at sign-out). Firebase Cloud Messaging has no emulator, so its SDK is
 * replaced by a stand-in that keeps to what the real one does: getToken uses the worker it is given
 * and remembers it for the page; deleteToken deletes through that worker, and on a page that gave
 * none registers the SDK's own firebase-messaging-sw.js, which fails as the app serves no such file.
 * Storing the token through the `saveMessagingToken` callable is the permission flow's
 * (src/features/pwa, tested there); the token it stores comes from here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { createFirebaseBackend } from './firebase-backend';
import { deleteFcmToken, fcmToken } from './messaging';

const PROJECT = vi.hoisted(() => `demo-messaging-${Math.random().toString(36).slice(2, 10)}`);
vi.mock('@/config/env', async () =>
  (await import('./testing/env')).adapterEnv(PROJECT, { VITE_FIREBASE_VAPID_KEY: 'web-push-key' }),
);

const fcm = vi.hoisted(() => {
  interface Messaging {
    worker?: object;
  }
  const failedRegistration = () =>
    Object.assign(new Error('Messaging: We are unable to register the default service worker.'), {
      code: 'messaging/failed-service-worker-registration',
    });
  const state = {
    /** This page's Messaging, made anew for each test: each test is a fresh page. */
    page: undefined as Messaging | undefined,
    /** The device's tokens, as FCM and the SDK's IndexedDB keep them across pages. */
    tokens: new Set<string>(),
  };
  const sdk = {
    isSupported: vi.fn(async () => true),
    getMessaging: vi.fn((): Messaging => (state.page ??= {})),
    getToken: vi.fn(
      async (messaging: Messaging, options: { vapidKey?: string; serviceWorkerRegistration?: object }) => {
        if (Notification.permission !== 'granted')
          throw Object.assign(new Error('Messaging: permission blocked'), {
            code: 'messaging/permission-blocked',
          });
        if (options.serviceWorkerRegistration) messaging.worker = options.serviceWorkerRegistration;
        if (!messaging.worker) throw failedRegistration();
        const token = `token-for-${options.vapidKey ?? 'the SDK default key'}`;
        state.tokens.add(token);
        return token;
      },
    ),
    deleteToken: vi.fn(async (messaging: Messaging) => {
      if (!messaging.worker) throw failedRegistration();
      state.tokens.clear();
      return true;
    }),
  };
  return { state, sdk };
});
vi.mock('firebase/messaging', () => fcm.sdk);

const worker = { scope: '/', active: {} };

function browser({
  permission = 'granted',
  ready = Promise.resolve(worker),
  registered = worker as object | null,
}: {
  permission?: NotificationPermission;
  ready?: Promise<object>;
  /** The worker registered for the page, null for none. */
  registered?: object | null;
} = {}) {
  vi.stubGlobal('Notification', { permission });
  vi.stubGlobal('navigator', {
    serviceWorker: { ready, getRegistration: vi.fn(async () => registered ?? undefined) },
  });
}

beforeEach(() => {
  fcm.state.page = undefined;
  fcm.state.tokens.clear();
  env.firebaseVapidKey = 'web-push-key';
  browser();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe("the device's push token", () => {
  it("is Firebase Cloud Messaging's token for the app's own service worker and the web push key", async () => {
    expect(await createFirebaseBackend().push.deviceToken()).toBe('token-for-web-push-key');
    expect(fcm.sdk.getToken).toHaveBeenCalledWith(fcm.state.page, {
      vapidKey: 'web-push-key',
      serviceWorkerRegistration: worker,
    });
  });

  it('is refused with a clear message without the web push key, or in a browser Messaging cannot run in', async () => {
    env.firebaseVapidKey = undefined;
    await expect(fcmToken()).rejects.toThrow('VITE_FIREBASE_VAPID_KEY is not set');
    env.firebaseVapidKey = 'web-push-key';
    fcm.sdk.isSupported.mockResolvedValueOnce(false);
    await expect(fcmToken()).rejects.toThrow('This browser cannot receive Firebase Cloud Messaging.');
    expect(fcm.sdk.getToken).not.toHaveBeenCalled();
  });

  it('is refused after 10 s when no service worker becomes active (a development build has none)', async () => {
    vi.useFakeTimers();
    browser({ ready: new Promise<never>(() => undefined) });
    const token = fcmToken();
    const refused = expect(token).rejects.toThrow('No service worker is active on this page.');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fcm.sdk.getToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await refused;
  });
});

describe('forgetting the device at sign-out', () => {
  it('deletes the token on a page other than the one that asked for it', async () => {
    // Notifications were enabled on an earlier page; this one has not asked Messaging for anything.
    fcm.state.tokens.add('token-for-web-push-key');
    await createFirebaseBackend().push.forgetDevice();
    expect(fcm.state.tokens.size).toBe(0);
  });

  it('deletes it on the page that asked for it too', async () => {
    const backend = createFirebaseBackend();
    await backend.push.deviceToken();
    await backend.push.forgetDevice();
    expect(fcm.state.tokens.size).toBe(0);
  });

  it.each<[string, () => void]>([
    ['notifications were never allowed', () => browser({ permission: 'default' })],
    ['notifications are blocked', () => browser({ permission: 'denied' })],
    ['the browser has no notifications', () => vi.stubGlobal('Notification', undefined)],
  ])('loads nothing of Messaging where %s', async (_, setUp) => {
    setUp();
    await createFirebaseBackend().push.forgetDevice();
    expect(fcm.sdk.isSupported).not.toHaveBeenCalled();
    expect(fcm.sdk.getMessaging).not.toHaveBeenCalled();
  });

  it('has nothing to delete without a service worker, a web push key, or Messaging support', async () => {
    browser({ registered: null });
    await deleteFcmToken();
    browser();
    env.firebaseVapidKey = undefined;
    await deleteFcmToken();
    env.firebaseVapidKey = 'web-push-key';
    fcm.sdk.isSupported.mockResolvedValueOnce(false);
    await deleteFcmToken();
    expect(fcm.sdk.getToken).not.toHaveBeenCalled();
    expect(fcm.sdk.deleteToken).not.toHaveBeenCalled();
  });
});
