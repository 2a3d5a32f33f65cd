/**
 * When the session loads Auth. On a device where a member is signed in, at once: every member screen
 * waits for its answer. On a visitor's, its SDK (parsing it is the largest task of the landing page's
 * start after the app itself) stays off the page until something needs it: a sign-in or sign-up form
 * (whose code imports `./auth`, which asks for it here), or the browser idle well after the page has
 * loaded, so a session this device kept without the hint still comes back and a dialog's sign-in is
 * ready.
 */
import { whenIdle } from '@/lib/idle';
import { hasMemberHint } from '@/lib/member-hint';

/** How long after the page's load a visitor's device loads Auth unasked (then at the next idle moment). */
export const AUTH_IDLE_DELAY_MS = 10_000;

let ask: () => void = () => undefined;
const asked = new Promise<void>((resolve) => {
  ask = resolve;
});
let scheduled = false;

/** Auth is needed now: the session loads it and starts listening to it. */
export function needAuth(): void {
  ask();
}

function needAuthWhenIdle(): void {
  if (scheduled) return;
  scheduled = true;
  const later = () => setTimeout(() => whenIdle(needAuth), AUTH_IDLE_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Resolves once Auth is needed: at once on a member's device, when asked or idle on a visitor's. */
export function authNeeded(): Promise<void> {
  if (hasMemberHint()) needAuth();
  else needAuthWhenIdle();
  return asked;
}
