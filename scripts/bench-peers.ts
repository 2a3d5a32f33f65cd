/**
 * The photo's standing and the leaderboard on the local backend's SQLite store over 100k rated
 * photos: `getPhotoStanding` (the owner's record and photo, the site's 20 shards and the photo's
 * group's 20, added up, and the photo's place in each; no vote read) and `getLeaderboard` (one
 * ordered query on the stored smoothed score, for everyone's photos and for women's), each as p95 of
 * many calls.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { peerGroupOf, peerShardPath, type PeerStats } from '../src/domain/peer-stats';
import { newPhoto } from '../src/domain/photo';
import { leaderboardScore } from '../src/domain/rating';
import { moveInHistogram } from '../src/domain/scores';
import { STATS_SHARDS_PATH, statsShard, type SiteStats } from '../src/domain/site-stats';
import { GENDERS, newUser, type User } from '../src/domain/user';
import { encodeDocument } from '../src/domain/wire';
import { getLeaderboard } from '../functions/src/handlers/leaderboard';
import { getPhotoStanding } from '../functions/src/handlers/photo-standing';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import { benchContext, p95, random, TIMED_RUNS, printFigures } from './bench-kit';

const PHOTOS = 100_000;
const MEMBERS = 20_000;
const TARGET_MS = 30;
const SITE_AVERAGE = 3.4;

/**
 * Writes members of every gender and age, their rated photos (each with the fair score's tally and the
 * smoothed score its votes give) and the site's and the peer groups' shards, as votes would have
 * left them: setup, not measured.
 */
function seed(file: string, now: Date): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    path TEXT PRIMARY KEY, parent TEXT NOT NULL, collection_id TEXT NOT NULL, data TEXT NOT NULL)`);
  const insert = db.prepare('INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)');
  const next = random(16);
  const base = Date.UTC(2026, 0, 1);
  const members: User[] = [];
  const siteShards = new Map<string, SiteStats>();
  const peerShards = new Map<string, PeerStats>();
  db.transaction(() => {
    for (let n = 0; n < MEMBERS; n++) {
      const age = 16 + Math.floor(next() * 50);
      const member = newUser({
        uid: `m${n}`,
        email: `m${n}@example.com`,
        displayName: `Member ${n}`,
        age,
        birthyear: now.getUTCFullYear() - age,
        gender: GENDERS[n % 2],
        showGender: 'both',
        complete: true,
        createdAt: new Date(base),
      });
      members.push(member);
      insert.run(`users/m${n}`, 'users', 'users', encodeDocument({ ...member }));
    }
    for (let n = 0; n < PHOTOS; n++) {
      const owner = members[n % MEMBERS]!;
      const id = `p${n}`;
      const votesCount = 1 + Math.floor(next() * next() * 300);
      const rate = Math.min(5, Math.max(0.5, SITE_AVERAGE + (next() - 0.5) * 3));
      const spread = 0.5 + next();
      const group = peerGroupOf(owner, now)!;
      const tally = {
        qualityVotes: votesCount,
        qualitySum: rate * votesCount,
        qualitySquares: (rate * rate + spread * spread) * votesCount,
      };
      const photo = newPhoto({
        id,
        userId: owner.uid,
        imageName: `${id}.jpg`,
        resizedImageName: `${id}.webp`,
        imageUrl: `http://files.test/${id}.webp`,
        showTo: 'both',
        gender: owner.gender!,
        ageRange: [18, 60],
        active: n % 5 !== 0,
        uploadedAt: new Date(base + n * 60_000),
        rate,
        votesCount,
        ...tally,
        peerGroup: group,
      });
      const stored = { ...photo, leaderboardScore: leaderboardScore(photo, SITE_AVERAGE) };
      const parent = `users/${owner.uid}/photos`;
      insert.run(`${parent}/${id}`, parent, 'photos', encodeDocument(stored));
      const sitePath = `${STATS_SHARDS_PATH}/${statsShard(id)}`;
      const site = siteShards.get(sitePath) ?? { histogram: {}, votes: 0, votesSum: 0 };
      siteShards.set(sitePath, {
        histogram: moveInHistogram(site.histogram, null, rate),
        votes: site.votes + votesCount,
        votesSum: site.votesSum + rate * votesCount,
      });
      const peerPath = peerShardPath(group, id);
      const peer = peerShards.get(peerPath) ?? { histogram: {} };
      peerShards.set(peerPath, { histogram: moveInHistogram(peer.histogram, null, rate) });
    }
    for (const [shardPath, shard] of [...siteShards, ...peerShards]) {
      const parent = shardPath.slice(0, shardPath.lastIndexOf('/'));
      insert.run(shardPath, parent, parent.slice(parent.lastIndexOf('/') + 1), encodeDocument({ ...shard }));
    }
  })();
  db.close();
}

export async function benchPeers(): Promise<boolean[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-peers-'));
  try {
    const file = path.join(dir, 'store.sqlite');
    const now = new Date();
    seed(file, now);
    const store = new SqliteStore(file);
    const context = benchContext('peers', store, dir, { now: () => now })('m1');
    // What the photo detail asks for: one of m1's photos (p1, p20001, ...), a different one each call.
    const standing = (n: number) => getPhotoStanding.run({ photoId: `p${1 + (n % 5) * MEMBERS}` }, context);
    const shown = await standing(0);
    const board = await getLeaderboard.run({}, context);
    const measured: Array<[string, number]> = [
      ['getPhotoStanding (40 shards)', await p95(standing)],
      ['leaderboard, everyone', await p95(() => getLeaderboard.run({}, context))],
      ["leaderboard, women's photos", await p95(() => getLeaderboard.run({ gender: 'female' }, context))],
    ];
    const within = printFigures(
      `The photo's standing and the leaderboard (SQLite, ${PHOTOS / 1000}k rated photos, no votes read; p95 of ${TIMED_RUNS})`,
      measured,
      TARGET_MS,
    );
    if (shown.topPercent === null || !shown.peer || board.photos.length !== 8)
      throw new Error("The photo's standing or the leaderboard came back empty.");
    return within;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = await benchPeers();
  if (results.includes(false)) process.exitCode = 1;
}
