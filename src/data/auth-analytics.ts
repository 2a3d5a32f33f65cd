/**
 * The analytics side of the auth states (spec 2 section 4): signed in, the member is identified and
 * 'app opened' is sent, and 'login' once per browser session (a marker in session storage); at
 * sign-out 'logout' is sent while still signed in, then the identity is cleared, and the marker with
 * the member's storage. Consent decides, inside `track`, whether anything leaves the device.
 */
import { identify, track, type MemberToken } from '@/lib/analytics';
import { storageKeys } from '@/lib/storage';

/** The member 'app opened' was sent for in this page, so a re-subscription does not send it twice. */
let openedFor: string | null = null;

export function memberSignedIn(uid: string, token: MemberToken): void {
  if (openedFor === uid) return;
  openedFor = uid;
  identify(uid, token);
  track({ name: 'app opened' });
  if (sessionStorage.getItem(storageKeys.loginMarker) === uid) return;
  sessionStorage.setItem(storageKeys.loginMarker, uid);
  track({ name: 'login' });
}

/** Before the sign-out itself, while the events still belong to the member. */
export function memberSigningOut(): void {
  if (openedFor) track({ name: 'logout' });
}

/** Signed out by any way (the menu, a deleted or disabled account): the identity and the marker go. */
export function memberSignedOut(): void {
  openedFor = null;
  identify(null);
  sessionStorage.removeItem(storageKeys.loginMarker);
}
