/** Visits to the app on this device, one per browser session, and whether the install popover was shown. */
import { INSTALL_POPOVER_VISIT } from '@/domain/constants';
import { storageKeys } from '@/lib/storage';

/** Counts this browser session once, however many pages it loads, and returns the visits so far. */
export function countVisit(): number {
  const before = Number(localStorage.getItem(storageKeys.visits)) || 0;
  if (sessionStorage.getItem(storageKeys.visitCounted) !== null) return before;
  sessionStorage.setItem(storageKeys.visitCounted, '1');
  localStorage.setItem(storageKeys.visits, String(before + 1));
  return before + 1;
}

export function installPopoverDue(visits: number): boolean {
  return visits >= INSTALL_POPOVER_VISIT && localStorage.getItem(storageKeys.installPopoverShown) === null;
}

export function recordInstallPopoverShown(): void {
  localStorage.setItem(storageKeys.installPopoverShown, '1');
}

/** Running as the installed app already: nothing to offer. */
export function runningInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}
