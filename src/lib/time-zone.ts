/**
 * The device's IANA time zone, which the server needs to tell a member's calendar day. A page's first
 * Intl date format costs some 35 ms of main thread while ICU finds and loads the zone's data (four
 * times that on a mid-range phone), in the middle of a member screen's start: so it is read in a
 * worker of its own, and on the page only where no worker can be started or it does not answer.
 */
import { zoneHere } from './time-zone-here';

/** A worker that has not answered by then is given up on. */
export const TIME_ZONE_WORKER_TIMEOUT_MS = 3000;

export function deviceTimeZone(): Promise<string> {
  if (typeof Worker === 'undefined') return Promise.resolve(zoneHere());
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./time-zone.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      // A Content-Security-Policy or a browser without module workers.
      resolve(zoneHere());
      return;
    }
    const timer = setTimeout(() => settle(null), TIME_ZONE_WORKER_TIMEOUT_MS);
    function settle(answer: unknown): void {
      clearTimeout(timer);
      worker.terminate();
      resolve(typeof answer === 'string' && answer !== '' ? answer : zoneHere());
    }
    worker.onmessage = (event: MessageEvent<unknown>) => settle(event.data);
    worker.onerror = (event) => {
      // The failure is the worker's script not loading; the page reads the zone itself.
      event.preventDefault();
      settle(null);
    };
  });
}
