/**
 * Bursts of votes through `submitRating`, on the local backend's SQLite store and on the official
 * Firestore emulator side by side: 200 raters at once on one photo (a free owner's, so every vote
 * spends one of the owner's tokens), and 200 at once across 200 photos of 200 owners. Votes a second,
 * refusals and the p95 of a vote, and whether every vote was counted once the folds were done.
 * Information, not targets: the emulator is one Java process on this machine, not Firestore.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Photo } from '../src/domain/photo';
import { submitRating } from '../functions/src/handlers/rating';
import { FirestoreStore } from '../functions/src/store/firestore-store';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import type { Store } from '../functions/src/store/store';
import { seedMember, seedPhoto } from '../functions/src/testing';
import { benchContext, percentile } from './bench-kit';
import { firestoreEmulatorMissing, startFirestoreEmulator } from './java-emulators';

const RATERS = 200;

interface Burst {
  perSecond: number;
  refused: number;
  p95: number;
  counted: boolean;
}

/** One burst: every rater votes at once on the photo `target(n)` names; then checks what was counted. */
async function burst(
  store: Store,
  dir: string,
  target: (n: number) => { ownerId: string; photoId: string },
): Promise<Burst> {
  const context = benchContext('vote burst', store, dir);
  const times: number[] = [];
  let refused = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RATERS }, async (_, n) => {
      const begun = performance.now();
      try {
        await submitRating.run({ ...target(n), rate: 3.5, seconds: 6 }, context(`rater${n}`));
      } catch {
        refused++;
      }
      times.push(performance.now() - begun);
    }),
  );
  const perSecond = RATERS / ((performance.now() - started) / 1000);
  const photos = new Map<string, number>();
  for (let n = 0; n < RATERS; n++) {
    const { ownerId, photoId } = target(n);
    photos.set(
      `users/${ownerId}/photos/${photoId}`,
      (photos.get(`users/${ownerId}/photos/${photoId}`) ?? 0) + 1,
    );
  }
  const counts = await Promise.all(
    [...photos].map(
      async ([photoPath, expected]) => (await store.get<Photo>(photoPath))?.votesCount === expected,
    ),
  );
  return { perSecond, refused, p95: percentile(times, 0.95), counted: counts.every(Boolean) };
}

async function benchOn(name: string, store: Store, dir: string): Promise<void> {
  for (let n = 0; n < RATERS; n++) await seedMember(store, `rater${n}`, { gender: 'male' });
  await seedMember(store, 'popular', { points: 1000 });
  await seedPhoto(store, 'popular', 'p0');
  for (let n = 0; n < RATERS; n++) {
    await seedMember(store, `owner${n}`, { points: 10 });
    await seedPhoto(store, `owner${n}`, `p${n}`);
  }
  const onePhoto = await burst(store, dir, () => ({ ownerId: 'popular', photoId: 'p0' }));
  const acrossPhotos = await burst(store, dir, (n) => ({
    ownerId: `owner${(n + 1) % RATERS}`,
    photoId: `p${(n + 1) % RATERS}`,
  }));
  for (const [what, figures] of [
    [`${name}: ${RATERS} at once on one photo`, onePhoto],
    [`${name}: ${RATERS} at once on ${RATERS} photos`, acrossPhotos],
  ] as const) {
    console.log(
      `${what.padEnd(48)} ${figures.perSecond.toFixed(0)} votes/s   p95 ${figures.p95.toFixed(0)} ms   ${figures.refused} refused   ${figures.counted ? 'every vote counted' : 'VOTES MISSING'}`,
    );
  }
}

export async function benchVoteBurst(): Promise<boolean[]> {
  console.log(`\nVote bursts (${RATERS} raters at once; information: the emulator is not Firestore)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-burst-'));
  try {
    const sqlite = new SqliteStore(path.join(dir, 'store.sqlite'));
    await benchOn('SQLite', sqlite, dir);
    sqlite.close();
    const missing = process.env.FIRESTORE_EMULATOR_HOST ? undefined : firestoreEmulatorMissing();
    if (missing) {
      console.log(`Firestore emulator: not measured (${missing})`);
      return [];
    }
    const emulator = process.env.FIRESTORE_EMULATOR_HOST ? undefined : await startFirestoreEmulator();
    if (emulator) process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
    const app = initializeApp({ projectId: 'demo-bench-burst' }, 'bench-burst');
    try {
      const firestore = getFirestore(app);
      firestore.settings({ ignoreUndefinedProperties: true });
      await benchOn('Firestore emulator', new FirestoreStore(firestore), dir);
    } finally {
      await deleteApp(app);
      await emulator?.stop();
    }
    return [];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
