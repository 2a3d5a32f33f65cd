/** Reads the device's time zone off the page's main thread (src/lib/time-zone.ts says why). */
import { zoneHere } from './time-zone-here';

(globalThis as unknown as { postMessage(zone: string): void }).postMessage(zoneHere());
