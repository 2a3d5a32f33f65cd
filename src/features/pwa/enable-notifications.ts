/**
 * The push permission flow (spec 2 sections 7 to 9): asks the browser, gets the device's token (3 tries,
 * 1 s apart) and stores it through the server. The token source is the backend's (Firebase Cloud
 * Messaging, or the local stand-in), given by the caller, so each branch can be tested.
 */
import { PUSH_TOKEN_ATTEMPTS, PUSH_TOKEN_RETRY_MS } from '@/domain/constants';
import { devicePushState, PUSH_MESSAGES, type StoredPushToken } from '@/domain/push';
import { pause } from '@/lib/idle';
import { logFailure } from '@/lib/report-error';

/** How long the denial stays: long enough to read how to allow notifications in the browser. */
export const DENIED_TOAST_MS = 10_000;

export type NotificationOutcome =
  | {
      kind: 'toast';
      severity: 'success' | 'info' | 'warning' | 'error';
      message: string;
      duration?: number;
    }
  | { kind: 'blocked'; title: string; message: string };

export interface NotificationPorts {
  /** The browser's Notification API, absent where it has none. */
  notifications: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  supportsServiceWorker: boolean;
  /** What the member's record holds now. */
  stored: StoredPushToken;
  getToken: () => Promise<string>;
  saveToken: (token: string) => Promise<void>;
  /** Remembers on this device the token it registered, so the bell knows this device is done. */
  remember?: (token: string) => void;
  /** The token this device registered before, as it remembers it. */
  registered?: () => string | null;
  now: () => Date;
  wait?: (ms: number) => Promise<void>;
}

async function tokenWithRetries(ports: NotificationPorts): Promise<string | null> {
  const wait = ports.wait ?? pause;
  for (let attempt = 1; attempt <= PUSH_TOKEN_ATTEMPTS; attempt++) {
    try {
      const token = await ports.getToken();
      if (token) return token;
    } catch (error) {
      // Tried again; after the last try the member is told to check the connection.
      logFailure(error, { feature: 'push', action: `get token, try ${attempt}` }, 'network');
    }
    if (attempt < PUSH_TOKEN_ATTEMPTS) await wait(PUSH_TOKEN_RETRY_MS);
  }
  return null;
}

const toast = (severity: 'success' | 'info' | 'warning' | 'error', message: string): NotificationOutcome => ({
  kind: 'toast',
  severity,
  message,
});

export async function enableNotifications(ports: NotificationPorts): Promise<NotificationOutcome> {
  const { notifications } = ports;
  if (!notifications || !ports.supportsServiceWorker) return toast('warning', PUSH_MESSAGES.notSupported);
  if (notifications.permission === 'denied') {
    return { kind: 'blocked', title: PUSH_MESSAGES.blockedTitle, message: PUSH_MESSAGES.blockedInstructions };
  }
  try {
    const permission =
      notifications.permission === 'granted' ? 'granted' : await notifications.requestPermission();
    if (permission === 'denied')
      return {
        kind: 'toast',
        severity: 'error',
        message: `${PUSH_MESSAGES.denied} ${PUSH_MESSAGES.deniedHowTo}`,
        duration: DENIED_TOAST_MS,
      };
    if (permission !== 'granted') return toast('warning', PUSH_MESSAGES.notGranted);
    const token = await tokenWithRetries(ports);
    if (!token) return toast('error', PUSH_MESSAGES.tokenFailed);
    // Decided by this device's own token: another device's on the record does not register this one.
    if (devicePushState(ports.stored, token, ports.now()) === 'fresh') {
      ports.remember?.(token);
      return toast('info', PUSH_MESSAGES.alreadyEnabled);
    }
    await ports.saveToken(token);
    ports.remember?.(token);
    return toast('success', PUSH_MESSAGES.enabled);
  } catch (error) {
    logFailure(error, { feature: 'push', action: 'enable notifications' });
    return toast('error', PUSH_MESSAGES.failed);
  }
}
