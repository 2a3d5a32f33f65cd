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
import { pushTokenState, type PushMessage, type StoredPushToken } from '@/domain/push';
import { logFailure } from '@/lib/report-error';
import { SHOW_PUSH } from '@/sw/sw-rules';
import { enableNotifications, type NotificationPorts } from './enable-notifications';

/** The browser's side of the flow: its Notification API, the backend's token, the server's record. */
export function browserNotificationPorts(stored: StoredPushToken): NotificationPorts {
  return {
    notifications: typeof Notification === 'undefined' ? undefined : Notification,
    supportsServiceWorker: 'serviceWorker' in navigator,
    stored,
    getToken: devicePushToken,
    saveToken: async (token) => void (await call('saveMessagingToken', { token })),
    now: () => new Date(),
  };
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
    else toast({ message: outcome.message, severity: outcome.severity });
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
  const state = stored && pushTokenState(stored, new Date());
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
