/**
 * Who is a member on this device: `photorater.memberHint` for the page's own scripts, and a note in
 * MEMBER_HINT_CACHE for the service worker, which answers a member's `/` with the app shell rather
 * than the landing page (src/config/app-pages.ts) and cannot read the page's storage.
 */
import { MEMBER_HINT_CACHE, MEMBER_HINT_URL } from '@/config/app-pages';
import { storageKeys } from './storage';

export function hasMemberHint(): boolean {
  return localStorage.getItem(storageKeys.memberHint) !== null;
}

/** Notes (or forgets) that a member is signed in here; the worker's note follows without holding anyone up. */
export function setMemberHint(member: boolean): Promise<void> {
  if (member) localStorage.setItem(storageKeys.memberHint, '1');
  else localStorage.removeItem(storageKeys.memberHint);
  if (typeof caches === 'undefined') return Promise.resolve();
  return (
    caches
      .open(MEMBER_HINT_CACHE)
      .then((cache) =>
        member
          ? cache.put(MEMBER_HINT_URL, new Response('1', { headers: { 'Content-Type': 'text/plain' } }))
          : cache.delete(MEMBER_HINT_URL).then(() => undefined),
      )
      // A browser without Cache Storage here (a private window): `/` stays the landing page's HTML.
      .catch(() => undefined)
  );
}
