// Relative: the build's config (vite.config.ts) reads these keys without the app's `@/` alias.
import { COLOR_MODE_KEY } from '../domain/public-pages';

/** The app's keys in browser storage, so sign-out can clear exactly what the app stored. */
const PREFIX = 'photorater.';

export const storageKeys = {
  /** `photorater.colorMode`: a pre-rendered page's first script reads it too, before the app. */
  colorMode: COLOR_MODE_KEY,
  referrer: `${PREFIX}referrer`,
  loginMarker: `${PREFIX}loggedInThisSession`,
  /** Set while someone is signed in on this device, so a visitor sees the landing page before Auth has loaded. */
  memberHint: `${PREFIX}memberHint`,
  /** The checkout this tab went to pay (session storage), for its analytics event on return. */
  pendingCheckout: `${PREFIX}pendingCheckout`,
  /** The rating feed's first-time tutorial was seen. */
  rateTutorialSeen: `${PREFIX}rateTutorialSeen`,
  /** The 'Scroll down to add a comment!' hint was shown. */
  commentTipSeen: `${PREFIX}commentTipSeen`,
  /** How many visits (browser sessions) this device has made, for the install popover. */
  visits: `${PREFIX}visits`,
  /** This browser session was already counted as a visit (session storage). */
  visitCounted: `${PREFIX}visitCounted`,
  /** The install popover was shown and closed on this device. */
  installPopoverShown: `${PREFIX}installPopoverShown`,
  /** The page reloads into a new version (session storage), for the 'updated' toast after the reload. */
  appUpdated: `${PREFIX}appUpdated`,
  /** The local backend's stand-in for a push token: this device, while its member is signed in. */
  pushDevice: `${PREFIX}pushDevice`,
  /** The push token this device registered with the server: the bell offers notifications until it is on the record. */
  pushRegistered: `${PREFIX}pushRegistered`,
  /** The visitor's cookie consent with its time (spec 2 section 3). */
  cookieConsent: `${PREFIX}cookieConsent`,
  /** The CSS the app's styles made on this device, for its next start (src/lib/saved-styles.ts). */
  savedStyles: `${PREFIX}savedStyles`,
  /** The device was told the app works offline: news once, not at every install of the service worker. */
  offlineReadyShown: `${PREFIX}offlineReadyShown`,
} as const;

/** The last copy of something the member reads (their record, their photos), for opening the app offline. */
export const offlineCopyKey = (name: string) => `${PREFIX}offline.${name}`;

/** A member screen as this device last showed it, for drawing at its next start (src/lib/screen-snapshot.ts). */
export const screenSnapshotKey = (path: string) => `${PREFIX}snapshot.${path}`;

/** The first-photo celebration was seen by this member on this device. */
export const hooraySeenKey = (uid: string) => `${PREFIX}hooraySeen.${uid}`;

/**
 * Kept across sign-out: the light/dark choice, the visits, the install popover and the offline note belong to the device,
 * a reload into a new version and the saved styles are the app's, a seen celebration stays seen, and the
 * cookie consent is the visitor's choice for this browser.
 */
const DEVICE_KEYS = new Set<string>([
  storageKeys.colorMode,
  storageKeys.visits,
  storageKeys.visitCounted,
  storageKeys.installPopoverShown,
  storageKeys.appUpdated,
  storageKeys.cookieConsent,
  storageKeys.savedStyles,
  storageKeys.offlineReadyShown,
]);
const DEVICE_PREFIXES = [`${PREFIX}hooraySeen.`];

export function clearMemberStorage(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) {
      if (
        key.startsWith(PREFIX) &&
        !DEVICE_KEYS.has(key) &&
        !DEVICE_PREFIXES.some((prefix) => key.startsWith(prefix))
      ) {
        storage.removeItem(key);
      }
    }
  }
}

export function readReferrer(): string | undefined {
  return sessionStorage.getItem(storageKeys.referrer) ?? undefined;
}

export function keepReferrer(referrerId: string): void {
  sessionStorage.setItem(storageKeys.referrer, referrerId);
}
