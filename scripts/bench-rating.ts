/**
 * The rating benchmarks on the local backend's SQLite store: `getPhotos` over 100k photos and 1M
 * votes (with the site stats' shards they make), for any member and for one with 10,000 votes given
 * (the documents each call reads, which must not grow with that history), and `submitRating` with 50 raters at once (in the
 * process, and over HTTP to the local server: `bench-rating-http.ts`), with its throughput against the
 * same writes done as raw SQLite transactions.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { newPhoto } from '../src/domain/photo';
import { feedOrder, leaderboardScore } from '../src/domain/rating';
import {
  shardSiteAverage,
  siteAverage,
  tallyVote,
  type QualityTally,
  type VoterRecord,
} from '../src/domain/score-quality';
import { histogramBucket, moveInHistogram } from '../src/domain/scores';
import {
  STATS_SHARDS,
  STATS_SHARDS_PATH,
  statsShard,
  statsShardPath,
  type SiteStats,
} from '../src/domain/site-stats';
import { newUser, type User } from '../src/domain/user';
import { decodeDocument, encodeDocument } from '../src/domain/wire';
import { getPhotos, submitRating } from '../functions/src/handlers/rating';
import { countingReads } from '../functions/src/testing';
import {
  deriveVoteKeys,
  sealVoter,
  VOTE_SECRET_PATH,
  voteIdOf,
  type VoteKeys,
} from '../functions/src/handlers/vote-keys';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import { benchRatingHttp } from './bench-rating-http';
import { benchContext, percentile, random } from './bench-kit';

const PHOTOS = 100_000;
const MEMBERS = 20_000;
const VOTES = 1_000_000;
const PHOTOS_PER_MEMBER = PHOTOS / MEMBERS;
/** A member with a long history: the first votes seeded are theirs, each on a photo of its own. */
const HEAVY_VOTER = 3;
const HEAVY_VOTES = 10_000;

const memberId = (n: number) => `m${n}`;
const photoId = (n: number) => `p${n}`;
const ownerOf = (photo: number) => Math.floor(photo / PHOTOS_PER_MEMBER);
const audienceOf = (photo: number) => (['both', 'both', 'female', 'male'] as const)[photo % 4]!;
/** Active and shown to everyone: a photo the feed offers any rater, so every measured vote is taken. */
const offeredToAll = (photo: number) => photo % 10 !== 0 && audienceOf(photo) === 'both';

function member(n: number, at: Date): User {
  const next = random(n + 7);
  return newUser({
    uid: memberId(n),
    email: `${memberId(n)}@example.com`,
    displayName: `Member ${n}`,
    emailVerified: true,
    providers: ['password'],
    age: 18 + Math.floor(next() * 40),
    gender: next() < 0.5 ? 'female' : 'male',
    showGender: 'both',
    complete: true,
    onBoarding: true,
    subscribed: n % 50 === 0,
    points: 100,
    loginStreak: 1,
    createdAt: at,
  });
}

/** The site's secret for vote ids and sealed voters, as the first vote would have made it. */
const VOTE_SECRET = randomBytes(32).toString('base64');
const VOTE_KEYS: VoteKeys = deriveVoteKeys(VOTE_SECRET);

/** A vote as submitRating stores it, under its id. */
function storedVote(
  keys: VoteKeys,
  voter: string,
  owner: string,
  photo: string,
  rate: number,
  ratedAt: Date,
) {
  return {
    path: `users/${owner}/photos/${photo}/votes/${voteIdOf(keys, voter, owner, photo)}`,
    data: {
      rate,
      originalRate: rate,
      comment: 'Nice light',
      chips: [],
      ageDecade: 30,
      gender: 'male',
      sealedVoter: sealVoter(keys, voter),
      viewingTimeSeconds: 6,
      ratedAt,
      date: '2026-11-22',
      evaluated: true,
      reactions: [],
      replies: [],
    },
  };
}

/** Writes the members, photos and votes straight into the store's table: setup, not measured. */
function seed(file: string): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`CREATE TABLE IF NOT EXISTS documents (
    path TEXT PRIMARY KEY, parent TEXT NOT NULL, collection_id TEXT NOT NULL, data TEXT NOT NULL)`);
  const insert = db.prepare(
    'INSERT OR REPLACE INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)',
  );
  const put = (parent: string, id: string, data: Record<string, unknown>) =>
    insert.run(`${parent}/${id}`, parent, parent.slice(parent.lastIndexOf('/') + 1), encodeDocument(data));
  const next = random(42);
  const base = Date.UTC(2026, 0, 1);
  const votesOn = new Array<number>(PHOTOS).fill(0);
  const sums = new Array<number>(PHOTOS).fill(0);
  db.transaction(() => {
    for (let n = 0; n < VOTES; n++) {
      const drawnVoter = Math.floor(next() * MEMBERS);
      const drawnPhoto = Math.floor(next() * PHOTOS);
      const heavy = n < HEAVY_VOTES;
      const voter = heavy ? HEAVY_VOTER : drawnVoter;
      // 7919 is prime to PHOTOS, so the heavy voter's photos are all different ones.
      let photo = heavy ? (n * 7919) % PHOTOS : drawnPhoto;
      if (ownerOf(photo) === voter) photo = (photo + PHOTOS_PER_MEMBER) % PHOTOS;
      const rate = 0.5 + Math.floor(next() * 10) / 2;
      const ratedAt = new Date(base + n * 1000);
      votesOn[photo]!++;
      sums[photo]! += rate;
      const owner = memberId(ownerOf(photo));
      // Ids repeat now and then (the same voter drawn twice for a photo); the later vote wins, as a set would.
      const vote = storedVote(VOTE_KEYS, memberId(voter), owner, photoId(photo), rate, ratedAt);
      insert.run(
        vote.path,
        `users/${owner}/photos/${photoId(photo)}/votes`,
        'votes',
        encodeDocument(vote.data),
      );
      insert.run(
        `users/${memberId(voter)}/votes/${photoId(photo)}`,
        `users/${memberId(voter)}/votes`,
        'votes',
        encodeDocument({ id: photoId(photo), ownerId: owner, rate, ratedAt }),
      );
    }
  })();
  db.transaction(() => {
    put('secrets', VOTE_SECRET_PATH.split('/')[1]!, { key: VOTE_SECRET });
    for (let n = 0; n < MEMBERS; n++) put('users', memberId(n), { ...member(n, new Date(base)) });
    for (let n = 0; n < PHOTOS; n++) {
      const owner = ownerOf(n);
      const votesCount = votesOn[n]!;
      const photo = newPhoto(
        {
          id: photoId(n),
          userId: memberId(owner),
          imageName: `${photoId(n)}.jpg`,
          resizedImageName: `${photoId(n)}.webp`,
          imageUrl: `http://files.test/${photoId(n)}.webp`,
          showTo: audienceOf(n),
          gender: member(owner, new Date(base)).gender!,
          ageRange: [18, 60],
          active: n % 10 !== 0,
          uploadedAt: new Date(base + n * 60_000),
          votesCount,
          rate: votesCount ? sums[n]! / votesCount : 0,
        },
        owner % 50 === 0,
      );
      put(`users/${memberId(owner)}/photos`, photoId(n), { ...photo });
    }
    // The site stats these votes make: each rated photo's bucket and votes in its shard.
    const shards = Array.from({ length: STATS_SHARDS }, (): SiteStats => ({
      histogram: {},
      votes: 0,
      votesSum: 0,
    }));
    for (let n = 0; n < PHOTOS; n++) {
      if (!votesOn[n]) continue;
      const shard = shards[statsShard(photoId(n))]!;
      const bucket = histogramBucket(sums[n]! / votesOn[n]!);
      shard.histogram[bucket] = (shard.histogram[bucket] ?? 0) + 1;
      shard.votes += votesOn[n]!;
      shard.votesSum += sums[n]!;
    }
    shards.forEach((shard, n) => put(STATS_SHARDS_PATH, String(n), { ...shard }));
  })();
  db.close();
}

export async function benchRating(): Promise<boolean[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-'));
  const file = path.join(dir, 'store.sqlite');
  try {
    const seeding = performance.now();
    seed(file);
    const store = new SqliteStore(file);
    const context = benchContext('rating', store, dir);
    console.log(
      `\nRating (SQLite store, ${PHOTOS / 1000}k photos, ${VOTES / 1_000_000}M votes; seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
    );

    // getPhotos: 300 viewers in turn, after a warm-up that builds the feed's index. The seed's
    // write-ahead log is folded into the database first, so no measured write pays for it.
    await getPhotos.run({}, context(memberId(1)));
    const maintenance = new Database(file);
    maintenance.pragma('wal_checkpoint(TRUNCATE)');
    maintenance.close();
    const feedTimes: number[] = [];
    const pick = random(7);
    for (let run = 0; run < 300; run++) {
      const viewer = memberId(1 + Math.floor(pick() * (MEMBERS - 1)));
      const started = performance.now();
      const page = await getPhotos.run({}, context(viewer));
      feedTimes.push(performance.now() - started);
      if (page.photos.length !== 20) throw new Error(`A feed page had ${page.photos.length} photos.`);
    }
    const feedP95 = percentile(feedTimes, 0.95);
    console.log(
      `${'getPhotos p95 (one page of 20)'.padEnd(48)} ${feedP95.toFixed(1)} ms   target 30 ms   ${feedP95 <= 30 ? 'within' : 'OVER'}`,
    );

    // getPhotos for the member with 10,000 votes given, page after page: the documents each call reads.
    const counted = countingReads(store);
    const heavyContext = { ...context(memberId(HEAVY_VOTER)), store: counted.store };
    const heavyTimes: number[] = [];
    const heavyReads: number[] = [];
    let position: string | null = null;
    for (let run = 0; run < 100; run++) {
      counted.reads.documents = 0;
      const started = performance.now();
      const page: Awaited<ReturnType<typeof getPhotos.run>> = await getPhotos.run(
        position === null ? {} : { startAfter: position },
        heavyContext,
      );
      heavyTimes.push(performance.now() - started);
      heavyReads.push(counted.reads.documents);
      counted.reads.paths.length = 0;
      if (page.photos.length !== 20) throw new Error(`A feed page had ${page.photos.length} photos.`);
      position = page.next;
    }
    const heavyP95 = percentile(heavyTimes, 0.95);
    const readsP95 = percentile(heavyReads, 0.95);
    console.log(
      `${'getPhotos reads p95, 10,000 votes given'.padEnd(48)} ${readsP95} docs (most ${Math.max(...heavyReads)})   target 200 docs   ${readsP95 <= 200 ? 'within' : 'OVER'}`,
    );
    console.log(
      `${'getPhotos p95, 10,000 votes given'.padEnd(48)} ${heavyP95.toFixed(1)} ms   target 30 ms   ${heavyP95 <= 30 ? 'within' : 'OVER'}`,
    );

    // submitRating: rounds of 50 raters at once, each on a photo it has not rated.
    const ratingTimes: number[] = [];
    const rounds = 60;
    let photo = 1;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      await Promise.all(
        Array.from({ length: 50 }, async (_, n) => {
          const rater = memberId(5000 + round * 50 + n);
          let target = photo++;
          while (!offeredToAll(target) || ownerOf(target) === 5000 + round * 50 + n) target = photo++;
          const begun = performance.now();
          await submitRating.run(
            {
              ownerId: memberId(ownerOf(target)),
              photoId: photoId(target),
              rate: 3.5,
              comment: 'Nice light',
              seconds: 6,
            },
            context(rater),
          );
          ratingTimes.push(performance.now() - begun);
        }),
      );
    }
    const handlerPerSecond = (rounds * 50) / ((performance.now() - started) / 1000);
    const ratingP95 = percentile(ratingTimes, 0.95);
    console.log(
      `${'submitRating p95 (50 raters at once)'.padEnd(48)} ${ratingP95.toFixed(1)} ms   target 50 ms   ${ratingP95 <= 50 ? 'within' : 'OVER'}`,
    );
    // The same over HTTP, as the app calls it, on a small store of its own.
    const httpWithin = await benchRatingHttp(ratingP95);
    store.close();

    // The same writes as raw SQLite transactions: read the six documents, write the six, with the
    // site's average from the photo's shard (or, as the handler does, from all of them while it is small).
    const raw = new Database(file);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const read = raw.prepare<[string], { data: string }>('SELECT data FROM documents WHERE path = ?');
    const readShards = raw.prepare<[string], { data: string }>('SELECT data FROM documents WHERE parent = ?');
    const write = raw.prepare(
      `INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET data = excluded.data`,
    );
    // The documents the handler writes, with the same fields, encoded the same way.
    const rawVote = raw.transaction((owner: string, target: string, rater: string) => {
      const photoPath = `users/${owner}/photos/${target}`;
      const doc = decodeDocument<
        Record<string, unknown> &
          Partial<QualityTally> & { votesCount: number; rate: number; uploadedAt: Date }
      >(read.get(photoPath)!.data);
      const voter = decodeDocument<Record<string, unknown> & Partial<VoterRecord> & { points: number }>(
        read.get(`users/${rater}`)!.data,
      );
      const ownerDoc = decodeDocument<Record<string, unknown> & { points: number }>(
        read.get(`users/${owner}`)!.data,
      );
      const vote = storedVote(VOTE_KEYS, rater, owner, target, 3.5, new Date());
      read.get(vote.path);
      const shardPath = statsShardPath(target);
      const stored = read.get(shardPath);
      const shard = stored
        ? decodeDocument<SiteStats>(stored.data)
        : { histogram: {}, votes: 0, votesSum: 0 };
      const average =
        shardSiteAverage(shard, doc) ??
        siteAverage(
          readShards
            .all(STATS_SHARDS_PATH)
            .map((row) => decodeDocument<SiteStats>(row.data))
            .reduce(
              (sum, each) => ({ votes: sum.votes + each.votes, votesSum: sum.votesSum + each.votesSum }),
              {
                votes: 0,
                votesSum: 0,
              },
            ),
        );
      const now = new Date();
      const votesCount = doc.votesCount + 1;
      const rate = (doc.rate * doc.votesCount + 3.5) / votesCount;
      write.run(vote.path, `${photoPath}/votes`, 'votes', encodeDocument({ ...vote.data, ratedAt: now }));
      write.run(
        `users/${rater}/votes/${target}`,
        `users/${rater}/votes`,
        'votes',
        encodeDocument({ id: target, ownerId: owner, rate: 3.5, ratedAt: now }),
      );
      write.run(
        photoPath,
        `users/${owner}/photos`,
        'photos',
        encodeDocument({
          ...doc,
          votesCount,
          rate,
          feedOrder: feedOrder({ id: target, votesCount, uploadedAt: doc.uploadedAt }, false),
          leaderboardScore: leaderboardScore({ rate, votesCount }, average),
          ...tallyVote(
            {
              qualityVotes: doc.qualityVotes ?? 0,
              qualitySum: doc.qualitySum ?? 0,
              qualitySquares: doc.qualitySquares ?? 0,
            },
            { rate: 3.5, viewingTimeSeconds: 6 },
            {
              votesGiven: voter.votesGiven ?? 0,
              ratesGivenSum: voter.ratesGivenSum ?? 0,
              ratesGivenSquares: voter.ratesGivenSquares ?? 0,
            },
            average,
          ),
        }),
      );
      write.run(
        shardPath,
        STATS_SHARDS_PATH,
        'shards',
        encodeDocument({
          histogram: moveInHistogram(shard.histogram, doc.votesCount > 0 ? doc.rate : null, rate),
          votes: shard.votes + 1,
          votesSum: shard.votesSum + 3.5,
        }),
      );
      write.run('users/' + rater, 'users', 'users', encodeDocument({ ...voter, points: voter.points + 1 }));
      write.run(
        'users/' + owner,
        'users',
        'users',
        encodeDocument({ ...ownerDoc, points: ownerDoc.points - 1 }),
      );
    });
    const rawStarted = performance.now();
    let rawVotes = 0;
    for (let n = 0; n < rounds * 50; n++) {
      let target = photo++;
      while (!offeredToAll(target)) target = photo++;
      rawVote(memberId(ownerOf(target)), photoId(target), memberId(9000 + (n % 5000)));
      rawVotes++;
    }
    const rawPerSecond = rawVotes / ((performance.now() - rawStarted) / 1000);
    raw.close();
    const ratio = handlerPerSecond / rawPerSecond;
    console.log(
      `${'submitRating throughput vs raw SQLite'.padEnd(48)} ${ratio.toFixed(2)} (${handlerPerSecond.toFixed(0)} vs ${rawPerSecond.toFixed(0)} votes/s)   target 0.5   ${ratio >= 0.5 ? 'within' : 'OVER'}`,
    );
    return [feedP95 <= 30, readsP95 <= 200, heavyP95 <= 30, ratingP95 <= 50, httpWithin, ratio >= 0.5];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
