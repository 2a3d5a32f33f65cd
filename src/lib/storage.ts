/** The app's keys in browser storage, so sign-out can clear exactly what the app stored. */
const PREFIX = 'photorater.';

export const storageKeys = {
  colorMode: `${PREFIX}colorMode`,
  referrer: `${PREFIX}referrer`,
  loginMarker: `${PREFIX}loggedInThisSession`,
  /** Set while someone is signed in on this device, so a visitor sees the landing page before Auth has loaded. */
  memberHint: `${PREFIX}memberHint`,
} as const;

/** Kept across sign-out: the light/dark choice belongs to the device, not to the member. */
const DEVICE_KEYS = new Set<string>([storageKeys.colorMode]);

export function clearMemberStorage(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) {
      if (key.startsWith(PREFIX) && !DEVICE_KEYS.has(key)) storage.removeItem(key);
    }
  }
}

export function readReferrer(): string | undefined {
  return sessionStorage.getItem(storageKeys.referrer) ?? undefined;
}

export function keepReferrer(referrerId: string): void {
  sessionStorage.setItem(storageKeys.referrer, referrerId);
}
