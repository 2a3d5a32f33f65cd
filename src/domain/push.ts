/**
 * Push notifications: when a device's push token is worth using, refreshing or dropping (spec 2
 * section 9), what is pushed for a reaction or reply and for new votes (a burst of votes is one
 * notification), and the page a notification opens.
 */
import { PUSH_TOKEN_EXPIRY_MS, PUSH_TOKEN_REFRESH_MS } from './constants';
import { bellMessage, NOTIFICATION_TITLE, type AppNotification } from './notifications';

export type PushTokenState = 'missing' | 'fresh' | 'stale' | 'expired';

/** One device a member enabled notifications on: its push token, and when it was stored. */
export interface PushDevice {
  token: string;
  updatedAt: Date;
}

/** The devices a member's record keeps: the newest few, each pushed to. */
export const MAX_PUSH_DEVICES = 5;

/**
 * The device tokens on the member's record: `pushDevices`, newest first, and the newest one alone in
 * `messagingToken` (the spec's field; null once the push service said it is dead).
 */
export interface StoredPushToken {
  messagingToken?: string | null;
  messagingTokenUpdated?: Date | null;
  pushDevices?: PushDevice[];
}

/** Every device on the record; a record from before devices were kept has its one token. */
export function pushDevicesOf(stored: StoredPushToken): PushDevice[] {
  if (stored.pushDevices) return stored.pushDevices;
  return stored.messagingToken && stored.messagingTokenUpdated
    ? [{ token: stored.messagingToken, updatedAt: stored.messagingTokenUpdated }]
    : [];
}

/** The record's devices with this one stored now: first, once, and only the newest few kept. */
export function withPushDevice(stored: StoredPushToken, token: string, now: Date): PushDevice[] {
  const others = pushDevicesOf(stored).filter((device) => device.token !== token);
  return [{ token, updatedAt: now }, ...others].slice(0, MAX_PUSH_DEVICES);
}

/** Where one device's token stands on the record: 'missing' when this device was never registered. */
export function devicePushState(stored: StoredPushToken, token: string | null, now: Date): PushTokenState {
  const device = token ? pushDevicesOf(stored).find((candidate) => candidate.token === token) : undefined;
  return device
    ? pushTokenState({ messagingToken: device.token, messagingTokenUpdated: device.updatedAt }, now)
    : 'missing';
}

export function pushTokenState(token: StoredPushToken, now: Date): PushTokenState {
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
  /** After 'denied', how to allow them again: the browser does not ask a second time. */
  deniedHowTo:
    "To allow them, open this site's settings (the icon beside the address), set Notifications to Allow, then choose Enable notifications again.",
  tokenFailed: 'Unable to get notification token. Please check your internet connection and try again.',
  denied: 'Notification permission was denied. Please enable notifications in your browser settings.',
  failed: 'Failed to enable notifications. Please try again.',
} as const;

/** What the service worker shows: the system notification's title and body, and the page it opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the app, opened when the notification is tapped. */
  url: string;
  /** Notifications with the same tag replace each other on the device instead of piling up. */
  tag?: string;
}

/** The tag of the votes notification: each one replaces the last on the device. */
export const VOTES_PUSH_TAG = 'new-votes';
/** Votes within this long of the last votes notification are a burst: it already told the member. */
export const VOTES_PUSH_GROUP_MS = 10 * 60 * 1000;

/** The photo a notification is about: the owner's own in My Photos, anyone else's public preview. */
export function photoLink(photoId: string, ownerId: string, recipientId: string): string {
  const id = encodeURIComponent(photoId);
  return ownerId === recipientId
    ? `/photos?photo=${id}`
    : `/photo/${id}?referrer=${encodeURIComponent(ownerId)}`;
}

/** Where a note about the member's payments opens: the profile, which shows their tokens and Premium. */
export const PAYMENTS_NOTICE_LINK = '/profile';

/** A reaction or reply to the member's comment (or a note about payments), pushed as the bell shows it. */
export function notificationPush(notification: AppNotification, recipientId: string): PushMessage {
  return {
    title: notification.title,
    body: notification.body,
    url:
      notification.photoId && notification.photoOwnerId
        ? photoLink(notification.photoId, notification.photoOwnerId, recipientId)
        : PAYMENTS_NOTICE_LINK,
  };
}

/** New votes on the member's photos, in the bell's words, opening the photo voted on last. */
export function votesPush(newVotes: number, photoId: string, ownerId: string): PushMessage {
  return {
    title: NOTIFICATION_TITLE,
    body: bellMessage(Math.max(newVotes, 1), undefined, undefined).text,
    url: photoLink(photoId, ownerId, ownerId),
    tag: VOTES_PUSH_TAG,
  };
}

/** A vote starts a new burst, and so a notification, unless one went out for votes less than 10 minutes ago. */
export function votesPushDue(lastSentAt: Date | undefined, now: Date): boolean {
  return !lastSentAt || now.getTime() - lastSentAt.getTime() >= VOTES_PUSH_GROUP_MS;
}

/** Only a path of the app itself is opened from a notification. */
export function isAppPath(url: unknown): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

/** A pushed message as it arrives (Firebase Cloud Messaging's data, or the live channel's), checked. */
export function readPushMessage(value: unknown): PushMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  // Firebase Cloud Messaging wraps the fields it was sent as `data`.
  const fields = (typeof raw.data === 'object' && raw.data !== null ? raw.data : raw) as Record<
    string,
    unknown
  >;
  const { title, body, url, tag } = fields;
  if (typeof title !== 'string' || typeof body !== 'string' || !isAppPath(url)) return null;
  return typeof tag === 'string' && tag ? { title, body, url, tag } : { title, body, url };
}
