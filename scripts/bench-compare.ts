/**
 * Compare's reads on the local backend's SQLite store over 100k photos: what the view reads (the
 * member's own photos, and `getPhotoStanding` of one of them for the site's average; no votes) and
 * `startComparing` (the photos and the site stats' 20 shards in its transaction, and the marks it
 * writes), for a free member's 5 photos and a premium member's 99, each as p95 of many calls.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { comparePhotos } from '../src/domain/compare';
import { newPhoto, photosPath, type Photo } from '../src/domain/photo';
import { STATS_SHARDS, STATS_SHARDS_PATH, type SiteStats } from '../src/domain/site-stats';
import { newUser } from '../src/domain/user';
import { encodeDocument } from '../src/domain/wire';
import { getPhotoStanding } from '../functions/src/handlers/photo-standing';
import { startComparing } from '../functions/src/handlers/start-comparing';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import {
  benchContext,
  inScratchFolder,
  p95,
  runWhenStarted,
  random,
  TIMED_RUNS,
  printFigures,
} from './bench-kit';

const PHOTOS = 100_000;
/** The first members are premium with 99 photos each; the rest are free with 5. */
const PREMIUM_MEMBERS = 10;
const PREMIUM_PHOTOS = 99;
const FREE_PHOTOS = 5;
const TARGET_MS = 30;

/** Photo n's owner: the premium members' photos first, then five to each free member. */
function ownerOf(n: number): number {
  const premiumPhotos = PREMIUM_MEMBERS * PREMIUM_PHOTOS;
  if (n < premiumPhotos) return Math.floor(n / PREMIUM_PHOTOS);
  return PREMIUM_MEMBERS + Math.floor((n - premiumPhotos) / FREE_PHOTOS);
}

/** Writes the members, their photos (with fair-score tallies) and the site stats' shards: setup, not measured. */
function seed(file: string): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    path TEXT PRIMARY KEY, parent TEXT NOT NULL, collection_id TEXT NOT NULL, data TEXT NOT NULL)`);
  const insert = db.prepare('INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)');
  const put = (parent: string, id: string, data: Record<string, unknown>) =>
    insert.run(`${parent}/${id}`, parent, parent.slice(parent.lastIndexOf('/') + 1), encodeDocument(data));
  const next = random(16);
  const base = Date.UTC(2026, 0, 1);
  const members = ownerOf(PHOTOS - 1) + 1;
  const shards = Array.from({ length: STATS_SHARDS }, (): SiteStats => ({
    histogram: {},
    votes: 0,
    votesSum: 0,
  }));
  db.transaction(() => {
    for (let n = 0; n < members; n++) {
      const user = newUser({
        uid: `m${n}`,
        email: `m${n}@example.com`,
        displayName: `Member ${n}`,
        emailVerified: true,
        providers: ['password'],
        age: 30,
        gender: n % 2 === 0 ? 'female' : 'male',
        showGender: 'both',
        complete: true,
        onBoarding: true,
        subscribed: n < PREMIUM_MEMBERS,
        createdAt: new Date(base),
      });
      put('users', `m${n}`, { ...user });
    }
    for (let n = 0; n < PHOTOS; n++) {
      const votesCount = Math.floor(next() * 60);
      const mean = 1.5 + next() * 3;
      // Votes around the photo's mean, a heart either side.
      const qualitySum = mean * votesCount;
      const qualitySquares = (mean * mean + 0.5) * votesCount;
      const owner = ownerOf(n);
      const photo = newPhoto(
        {
          id: `p${n}`,
          userId: `m${owner}`,
          imageName: `p${n}.jpg`,
          resizedImageName: `p${n}.webp`,
          imageUrl: `http://files.test/p${n}.webp`,
          showTo: 'both',
          gender: owner % 2 === 0 ? 'female' : 'male',
          ageRange: [18, 60],
          active: true,
          uploadedAt: new Date(base + n * 60_000),
          votesCount,
          rate: votesCount ? mean : 0,
          qualityVotes: votesCount,
          qualitySum,
          qualitySquares,
        },
        owner < PREMIUM_MEMBERS,
      );
      put(photosPath(`m${owner}`), `p${n}`, { ...photo });
      const shard = shards[n % STATS_SHARDS]!;
      shard.votes += votesCount;
      shard.votesSum += qualitySum;
    }
    shards.forEach((shard, n) => put(STATS_SHARDS_PATH, String(n), { ...shard }));
  })();
  db.close();
  return members;
}

export async function benchCompare(): Promise<boolean[]> {
  return inScratchFolder('compare', async (dir) => {
    const file = path.join(dir, 'store.sqlite');
    const members = seed(file);
    const store = new SqliteStore(file);
    const context = benchContext('Compare', store, dir);
    const premium = (n: number) => `m${n % PREMIUM_MEMBERS}`;
    const free = (n: number) => `m${PREMIUM_MEMBERS + ((n * 7919) % (members - PREMIUM_MEMBERS))}`;
    /** What the Compare view reads: the member's photos and the site's average with the first's standing, then ranks them. */
    const compareRead = async (uid: string) => {
      const photos = (await store.query<Photo>(photosPath(uid))).map(({ data }) => data);
      const standing = await getPhotoStanding.run({ photoId: photos[0]!.id }, context(uid));
      return comparePhotos(
        photos.filter((photo) => photo.active),
        standing.siteAverage,
      );
    };
    const start = async (uid: string) => {
      const ids = (await store.query<Photo>(photosPath(uid))).map(({ id }) => id);
      return () => startComparing.run({ photoIds: ids }, context(uid));
    };
    const startPremium = await Promise.all(
      Array.from({ length: PREMIUM_MEMBERS }, (_, n) => start(premium(n))),
    );
    const startFree = await Promise.all(Array.from({ length: TIMED_RUNS + 1 }, (_, n) => start(free(n))));
    const measured: Array<[string, number]> = [
      [`Compare read, ${FREE_PHOTOS} photos`, await p95((n) => compareRead(free(n)))],
      [`Compare read, ${PREMIUM_PHOTOS} photos`, await p95((n) => compareRead(premium(n)))],
      [`startComparing, ${FREE_PHOTOS} photos`, await p95((n) => startFree[n]!())],
      [`startComparing, ${PREMIUM_PHOTOS} photos`, await p95((n) => startPremium[n % PREMIUM_MEMBERS]!())],
    ];
    const within = printFigures(
      `Compare (SQLite, ${PHOTOS / 1000}k photos, no votes read; p95 of ${TIMED_RUNS})`,
      measured,
      TARGET_MS,
    );
    const sample = await compareRead(premium(0));
    if (sample.ranked.length + sample.tooFew.length !== PREMIUM_PHOTOS)
      throw new Error('The Compare read came back short.');
    return within;
  });
}

await runWhenStarted(import.meta.url, benchCompare);
