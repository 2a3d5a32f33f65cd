/**
 * A kept screen's part in the app (src/lib/screen-snapshot.ts): once the screen has its content it takes
 * over from the copy the page's head drew, and keeps a new copy of itself for the next start: some time
 * after it showed, when the browser is idle (not while the page is still loading, where it would cost
 * the first interactions), and whenever the page is hidden or left.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { whenIdle } from './idle';
import { keepScreenSnapshot, meetScreenSnapshot } from './screen-snapshot';

/** Long enough for the screen to have settled and the page to have finished loading. */
export const KEEP_SNAPSHOT_AFTER_MS = 10_000;

/** A kept screen, at the address it is shown at, once it has its content (`ready`). */
export function useScreenSnapshot(uid: string, ready: boolean): void {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  useEffect(() => {
    if (!ready) return;
    const drop = meetScreenSnapshot(document.querySelector('main'));
    // Only the screen itself: a dialog opened over it has its own address or none.
    const keep = () => {
      if (window.location.pathname === path) keepScreenSnapshot(uid, path);
    };
    let cancelIdle = () => {};
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(keep);
    }, KEEP_SNAPSHOT_AFTER_MS);
    // Leaving a tab hides it, then leaves it: kept once, when hidden; when left only if still shown.
    const keepWhenHidden = () => {
      if (document.visibilityState === 'hidden') keep();
    };
    const keepWhenLeft = () => {
      if (document.visibilityState !== 'hidden') keep();
    };
    document.addEventListener('visibilitychange', keepWhenHidden);
    window.addEventListener('pagehide', keepWhenLeft);
    return () => {
      drop();
      clearTimeout(timer);
      cancelIdle();
      document.removeEventListener('visibilitychange', keepWhenHidden);
      window.removeEventListener('pagehide', keepWhenLeft);
    };
  }, [uid, path, ready]);
}
