/**
 * The last copy of what a member reads (their record, their photos), kept on the device so the app
 * opens offline. In local storage under the app's prefix, so sign-out clears it with the member's keys;
 * in the wire form, so dates come back as dates.
 */
import { decodeDocument, encodeWire } from '@/domain/wire';
import { logFailure } from '@/lib/report-error';
import { offlineCopyKey } from '@/lib/storage';

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export function keepOfflineCopy(name: string, value: unknown): void {
  try {
    localStorage.setItem(offlineCopyKey(name), encodeWire(value));
  } catch (error) {
    // A full storage costs only the offline copy.
    logFailure(error, { feature: 'offline-copy', action: name });
  }
}

export function readOfflineCopy<T>(name: string): T | undefined {
  const text = localStorage.getItem(offlineCopyKey(name));
  if (text === null) return undefined;
  try {
    return decodeDocument<T>(text);
  } catch (error) {
    logFailure(error, { feature: 'offline-copy', action: name });
    return undefined;
  }
}
