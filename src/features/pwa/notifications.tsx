/**
 * Push notifications in the app: the bell menu's 'Enable notifications' (the permission flow with
 * its messages), the token kept fresh on a device that allowed them (refreshed after 7 days), and,
 * with the local backend, the pushes the live channel brings handed to the service worker while the
 * app is in the background (in front, the bell shows them).
 */
import { MenuItem } from '@mui/material';
import { useCallback, useEffect } from 'react';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { devicePushToken, watchPushes } from '@/data/push';
import { devicePushState, type PushMessage, type StoredPushToken } from '@/domain/push';
import { storageKeys } from '@/lib/storage';
import { logFailure } from '@/lib/report-error';
import { SHOW_PUSH } from '@/sw/sw-rules';
import { enableNotifications, type NotificationPorts } from './enable-notifications';

/** The token this device registered, as it remembers it. */
const registeredHere = () => localStorage.getItem(storageKeys.pushRegistered);

/** The browser's side of the flow: its Notification API, the backend's token, the server's record. */
export function browserNotificationPorts(stored: StoredPushToken): NotificationPorts {
  return {
    notifications: typeof Notification === 'undefined' ? undefined : Notification,
    supportsServiceWorker: 'serviceWorker' in navigator,
    stored,
    getToken: devicePushToken,
    saveToken: async (token) => void (await call('saveMessagingToken', { token })),
    remember: (token) => localStorage.setItem(storageKeys.pushRegistered, token),
    registered: registeredHere,
    now: () => new Date(),
  };
}

/**
 * Whether the bell offers 'Enable notifications' on this device: unless the browser allows them here
 * and this device's own token is on the member's record (another device's does not count).
 */
export function offersNotifications(
  stored: StoredPushToken,
  devicePermission: NotificationPermission | undefined,
  registered: string | null,
  now: Date,
): boolean {
  if (devicePermission !== 'granted') return true;
  const state = devicePushState(stored, registered, now);
  return state === 'missing' || state === 'expired';
}

/** Runs the permission flow and tells the member how it went: a toast, or the blocked dialog. */
export function useEnableNotifications(
  stored: StoredPushToken,
  ports: (stored: StoredPushToken) => NotificationPorts = browserNotificationPorts,
): () => Promise<void> {
  const toast = useToast();
  const { alert } = useDialogs();
  return useCallback(async () => {
    const outcome = await enableNotifications(ports(stored));
    if (outcome.kind === 'blocked') await alert({ title: outcome.title, message: outcome.message });
    else
      toast({
        message: outcome.message,
        severity: outcome.severity,
        ...(outcome.duration ? { duration: outcome.duration } : {}),
      });
  }, [stored, ports, toast, alert]);
}

interface ItemProps {
  stored: StoredPushToken;
  /** Closes the menu before the browser asks. */
  onChosen: () => void;
  ports?: (stored: StoredPushToken) => NotificationPorts;
}

export function EnableNotificationsItem({ stored, onChosen, ports }: ItemProps) {
  const enable = useEnableNotifications(stored, ports);
  const device = (ports ?? browserNotificationPorts)(stored);
  const registered = device.registered?.() ?? null;
  if (!offersNotifications(stored, device.notifications?.permission, registered, device.now())) return null;
  return (
    <MenuItem
      onClick={() => {
        onChosen();
        void enable();
      }}
    >
      Enable notifications
    </MenuItem>
  );
}

const permitted = () => typeof Notification !== 'undefined' && Notification.permission === 'granted';

/** Shows a push through the service worker, as a push from the push service would be shown. */
async function showInBackground(message: PushMessage): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: SHOW_PUSH, message });
}

/**
 * For a signed-in member on a device that allowed notifications: a token older than 7 days is
 * fetched and stored again, and pushes the page receives are shown while the app is in the background.
 */
export function usePushOnThisDevice(stored: StoredPushToken | undefined): void {
  const signedIn = stored !== undefined;
  // This device's own token: another device's on the record says nothing of this one.
  const state = stored && devicePushState(stored, registeredHere(), new Date());
  const due = state === 'stale' || state === 'expired';

  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    return watchPushes((message) => {
      if (!permitted() || document.visibilityState === 'visible') return;
      showInBackground(message).catch((error: unknown) =>
        logFailure(error, { feature: 'push', action: 'show notification' }),
      );
    });
  }, [signedIn]);

  useEffect(() => {
    if (!due || !permitted() || !('serviceWorker' in navigator)) return;
    devicePushToken()
      .then((token) => call('saveMessagingToken', { token }))
      .catch((error: unknown) => logFailure(error, { feature: 'push', action: 'refresh token' }, 'network'));
  }, [due]);
}
