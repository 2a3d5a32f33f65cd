/** For screens' tests: the copy of a kept screen as the page's head draws it (src/lib/screen-snapshot.ts). */
import {
  DETAIL_SNAPSHOT_ID,
  resetScreenSnapshot,
  SCREEN_SNAPSHOT_ID,
  SNAPSHOT_LOOK,
  type DetailSnapshot,
  type ScreenSnapshot,
} from '@/lib/screen-snapshot';
import { screenSnapshotKey, storageKeys } from '@/lib/storage';

/** At `path`, on a member's device, a drawn copy's layer over the page, for the screen to take over from. */
export function drawnCopyAt(path: string): HTMLElement {
  window.history.replaceState(null, '', path);
  localStorage.setItem(storageKeys.memberHint, '1');
  const copy = document.createElement('div');
  copy.id = SCREEN_SNAPSHOT_ID;
  document.body.append(copy);
  return copy;
}

/** The copy kept for `path`, taken from the device (it is not left for the next test). */
export function takeKeptCopy(path: string): ScreenSnapshot | null {
  const text = localStorage.getItem(screenSnapshotKey(path));
  localStorage.removeItem(screenSnapshotKey(path));
  return text === null ? null : (JSON.parse(text) as ScreenSnapshot);
}

/** The page and the device as they were before `drawnCopyAt`. */
export function forgetDrawnCopy(): void {
  resetScreenSnapshot();
  localStorage.removeItem(storageKeys.memberHint);
  window.history.replaceState(null, '', '/');
}

/** A drawn copy of the photo detail over the page, as the page's head draws it for `?photo=`. */
export function drawnDetail(): HTMLElement {
  localStorage.setItem(storageKeys.memberHint, '1');
  const detail = document.createElement('div');
  detail.id = DETAIL_SNAPSHOT_ID;
  document.body.append(detail);
  return detail;
}

/** The photo detail's look the device kept, taken from it (it is not left for the next test). */
export function takeKeptDetail(): DetailSnapshot | null {
  const text = localStorage.getItem(SNAPSHOT_LOOK.detail.key);
  localStorage.removeItem(SNAPSHOT_LOOK.detail.key);
  return text === null ? null : (JSON.parse(text) as DetailSnapshot);
}
