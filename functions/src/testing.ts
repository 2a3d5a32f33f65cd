/** Helpers for handler tests: a store in memory, a clock that tests move, and callers. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import type { Caller, Clock, HandlerContext } from './handlers/handler';
import { SqliteStore } from './store/sqlite-store';

export class TestClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }
}

export function caller(uid: string, extra: Partial<Caller> = {}): Caller {
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: false,
    signInProvider: 'password',
    name: null,
    picture: null,
    ...extra,
  };
}

export function testContext(clock = new TestClock(new Date('2026-11-22T10:00:00Z'))) {
  const store = new SqliteStore(':memory:');
  const as = (who: Caller | null): HandlerContext => ({ caller: who, store, clock });
  return { store, clock, as };
}

const require = createRequire(import.meta.url);
/** One of the six photos with faces that @vladmandic/face-api ships for its demos. */
export const samplePhoto = (n: number) =>
  readFileSync(
    path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`),
  );

/** A JPEG carrying EXIF with GPS coordinates, made from a sample photo. */
export async function gpsTaggedJpeg(): Promise<Buffer> {
  return sharp(samplePhoto(2))
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Locator 1', Copyright: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .jpeg()
    .toBuffer();
}
