/**
 * Who is a member on this device: `photorater.memberHint` for the page's own scripts, and a note in
 * MEMBER_HINT_CACHE for the service worker, which answers a member's `/` with the app shell rather
 * than the landing page (src/config/app-pages.ts) and cannot read the page's storage.
 */
import { MEMBER_HINT_CACHE, MEMBER_HINT_URL } from '@/config/app-pages';
import { whenIdle } from './idle';
import { storageKeys } from './storage';

/** False where the page's storage cannot be read (blocked storage throws): the app then waits for Auth. */
export function hasMemberHint(): boolean {
  try {
    return localStorage.getItem(storageKeys.memberHint) !== null;
  } catch {
    return false;
  }
}

/** The service worker's note, kept or dropped; where Cache Storage fails (a private window), `/` stays the landing page's HTML. */
export async function noteMemberForServiceWorker(member: boolean): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(MEMBER_HINT_CACHE);
    if (member)
      await cache.put(MEMBER_HINT_URL, new Response('1', { headers: { 'Content-Type': 'text/plain' } }));
    else await cache.delete(MEMBER_HINT_URL);
  } catch {
    // The page's own hint still holds.
  }
}

/**
 * Notes (or forgets) that a member is signed in here: at once for the page, the worker's when the
 * browser is idle. Auth answers on every start: the worker's note is only written when the page's
 * hint changes, as Cache Storage is slow to open (some 25 ms of a member's start with the CPU slowed
 * 4x), and the browser clears both together, as the site's storage.
 */
export function setMemberHint(member: boolean): void {
  const noted = hasMemberHint();
  try {
    if (member) localStorage.setItem(storageKeys.memberHint, '1');
    else localStorage.removeItem(storageKeys.memberHint);
  } catch {
    // Blocked or full storage: the hint only speeds the next start up; the session does not depend on it.
  }
  if (noted !== member) whenIdle(() => void noteMemberForServiceWorker(member));
}
