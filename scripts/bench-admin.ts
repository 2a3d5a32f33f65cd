/**
 * The admin area's reads on the local backend's SQLite store: the Users tab's search (two prefix
 * queries merged) and sorted pages over 100k members, and the Photos tab's pages (all, by uploader, by
 * active state, after a cursor) over 100k photos, each as p95 of many calls.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { newPhoto } from '../src/domain/photo';
import { newUser } from '../src/domain/user';
import { encodeDocument } from '../src/domain/wire';
import { adminListPhotos } from '../functions/src/handlers/admin-photos';
import { adminListUsers } from '../functions/src/handlers/admin-list-users';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import { caller } from '../functions/src/testing';
import { benchContext, inScratchFolder, p95, runWhenStarted, TIMED_RUNS, printFigures } from './bench-kit';

const MEMBERS = 100_000;
const PHOTOS = 100_000;
const TARGET_MS = 30;

const NAMES = ['Alex', 'Sam', 'Robin', 'Kim', 'Jordan', 'Taylor', 'Casey', 'Riley', 'Morgan', 'Jamie'];

/** Writes the members and photos straight into the store's table: setup, not measured. */
function seed(file: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    path TEXT PRIMARY KEY, parent TEXT NOT NULL, collection_id TEXT NOT NULL, data TEXT NOT NULL)`);
  const insert = db.prepare('INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)');
  const base = Date.UTC(2026, 0, 1);
  db.transaction(() => {
    for (let n = 0; n < MEMBERS; n++) {
      const uid = `m${n}`;
      const user = newUser({
        uid,
        email: `${NAMES[n % NAMES.length]!.toLowerCase()}${n}@example.com`,
        displayName: `${NAMES[n % NAMES.length]} ${n}`,
        emailVerified: true,
        providers: ['password'],
        createdAt: new Date(base),
      });
      insert.run(
        `users/${uid}`,
        'users',
        'users',
        // The first member is the admin the benchmark calls as: every admin call reads their record.
        encodeDocument({
          ...user,
          isAdmin: n === 0,
          points: n % 500,
          lastVotedAt: new Date(base + n * 1000),
        }),
      );
    }
    for (let n = 0; n < PHOTOS; n++) {
      const owner = `m${n % MEMBERS}`;
      const photo = newPhoto({
        id: `p${n}`,
        userId: owner,
        imageName: `p${n}.jpg`,
        resizedImageName: `p${n}.webp`,
        imageUrl: `http://files.test/p${n}.webp`,
        showTo: 'both',
        gender: 'female',
        ageRange: [18, 40],
        active: n % 3 !== 0,
        uploadedAt: new Date(base + n * 60_000),
      });
      const parent = `users/${owner}/photos`;
      insert.run(`${parent}/p${n}`, parent, 'photos', encodeDocument({ ...photo }));
    }
  })();
  db.close();
}

/** A name prefix ('Alex 3') or an e-mail prefix ('sam4'), each matching hundreds of members. */
const searchFor = (n: number) => {
  const name = NAMES[n % NAMES.length]!;
  return n % 2 === 0 ? `${name} ${n % 9}` : `${name.toLowerCase()}${n % 9}`;
};

export async function benchAdmin(): Promise<boolean[]> {
  return inScratchFolder('admin', async (dir) => {
    const file = path.join(dir, 'store.sqlite');
    seed(file);
    const store = new SqliteStore(file);
    const context = benchContext('admin', store, dir)(caller('m0', { isAdmin: true }));
    const usersPage = await adminListUsers.run({ sort: 'points' }, context);
    const photosPage = await adminListPhotos.run({}, context);
    const measured: Array<[string, number]> = [
      [
        'admin user search (name or e-mail prefix)',
        await p95((n) => adminListUsers.run({ sort: 'points', search: searchFor(n) }, context)),
      ],
      ['admin users by tokens, first page', await p95(() => adminListUsers.run({ sort: 'points' }, context))],
      [
        'admin users by tokens, deep among equal tokens',
        await p95(() => adminListUsers.run({ sort: 'points', cursor: 'm50250|250' }, context)),
      ],
      [
        'admin users by last vote, after a cursor',
        await p95(() =>
          adminListUsers.run(
            {
              sort: 'lastVotedAt',
              cursor: `m50000|${new Date(Date.UTC(2026, 0, 1) + 50_000_000).toISOString()}`,
            },
            context,
          ),
        ),
      ],
      ['admin photos, first page', await p95(() => adminListPhotos.run({}, context))],
      [
        'admin photos by uploader',
        await p95((n) => adminListPhotos.run({ userId: `m${(n * 7919) % MEMBERS}` }, context)),
      ],
      [
        'admin photos by active state, after a cursor',
        await p95(() => adminListPhotos.run({ active: 'inactive', cursor: photosPage.cursor! }, context)),
      ],
    ];
    const within = printFigures(
      `Admin lists (SQLite, ${MEMBERS / 1000}k members, ${PHOTOS / 1000}k photos, p95 of ${TIMED_RUNS})`,
      measured,
      TARGET_MS,
    );
    if (usersPage.users.length !== 20 || photosPage.photos.length !== 20)
      throw new Error('The admin pages came back short.');
    return within;
  });
}

await runWhenStarted(import.meta.url, benchAdmin);
