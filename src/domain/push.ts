/** When a device's push token is worth using, refreshing or dropping (spec 2 section 9). */
import { PUSH_TOKEN_EXPIRY_MS, PUSH_TOKEN_REFRESH_MS } from './constants';

export type PushTokenState = 'missing' | 'fresh' | 'stale' | 'expired';

export function pushTokenState(
  token: { messagingToken?: string; messagingTokenUpdated?: Date },
  now: Date,
): PushTokenState {
  if (!token.messagingToken || !token.messagingTokenUpdated) return 'missing';
  const age = now.getTime() - token.messagingTokenUpdated.getTime();
  if (age > PUSH_TOKEN_EXPIRY_MS) return 'expired';
  if (age > PUSH_TOKEN_REFRESH_MS) return 'stale';
  return 'fresh';
}

/** The permission flow's messages (spec 2 section 8), word for word. */
export const PUSH_MESSAGES = {
  notSupported: 'Notifications are not supported in this browser',
  alreadyEnabled: 'Notifications are already enabled!',
  enabled: 'Notifications enabled successfully!',
  blockedTitle: 'Notifications Blocked',
  blockedInstructions:
    "Notifications are blocked for this site. To get them, allow notifications in your browser's site settings, then try again.",
  notGranted: 'Notification permission was not granted',
  tokenFailed: 'Unable to get notification token. Please check your internet connection and try again.',
  denied: 'Notification permission was denied. Please enable notifications in your browser settings.',
  failed: 'Failed to enable notifications. Please try again.',
} as const;
