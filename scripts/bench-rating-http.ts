/**
 * `submitRating` as the app calls it: over HTTP to the local server, with the Auth emulator's real ID
 * tokens, 50 raters at once. The server checks each token with the emulator (whether it was revoked)
 * and then trusts it for 30 s (TOKEN_CHECK_TTL_MS), so the first round, where every token is new,
 * pays the check and the measured rounds after it show the steady state a rating session has.
 * Measured from the callers (Node's fetch, on a thread of their own): the browser's CORS preflight is
 * not in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { newPhoto } from '../src/domain/photo';
import { newUser } from '../src/domain/user';
import { TOKEN_CHECK_TTL_MS } from '../functions/src/local/checked-tokens';
import { percentile } from './bench-kit';
import { findFreePorts, PROJECT_ID, REGION, startLocalStack } from './local-stack';

const RATERS = 50;
const OWNERS = 10;
const PHOTOS_PER_OWNER = 10;
const PHOTOS = OWNERS * PHOTOS_PER_OWNER;
/** Measured rounds, after the first; each rater rates a photo it has not rated in each. */
const ROUNDS = 20;
/** A fraction of the 251 ms this took before the server trusted a checked token for a while. */
export const HTTP_RATING_TARGET_MS = 100;

interface Rater {
  uid: string;
  idToken: string;
}

/** One call: the rater's ID token and the request's body. */
interface Vote {
  token: string;
  body: string;
}

/**
 * The raters' side, on a thread of its own so the server's event loop has the main thread to itself,
 * as it would with raters on their own devices: each round's calls at once, the next round when all
 * have answered; each call's time from sending to the whole answer read.
 */
const RATER_CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, rounds } = workerData;
async function call({ token, body }) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
    body,
  });
  const answer = await response.text();
  if (!response.ok) throw new Error('submitRating over HTTP answered ' + response.status + ': ' + answer);
  return performance.now() - started;
}
(async () => {
  const times = [];
  for (const round of rounds) times.push(await Promise.all(round.map(call)));
  parentPort.postMessage(times);
})().catch((error) => setImmediate(() => { throw error; }));
`;

/** Each round's call times, in milliseconds. */
function raterClients(url: string, rounds: Vote[][]): Promise<number[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(RATER_CLIENTS, { eval: true, workerData: { url, rounds } });
    worker.once('message', (times: number[][]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The raters' thread ended (${code}) without its times.`)));
  });
}

/** A new account at the Auth emulator, signed in: its uid and an ID token as the app would send. */
async function signUp(authUrl: string, n: number): Promise<Rater> {
  const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: `rater${n}@example.com`,
      password: 'bench-rater',
      returnSecureToken: true,
    }),
  });
  if (!response.ok) throw new Error(`The Auth emulator refused a rater: ${await response.text()}`);
  const { localId, idToken } = (await response.json()) as { localId: string; idToken: string };
  return { uid: localId, idToken };
}

const ownerId = (n: number) => `owner-${n}`;
const photoId = (n: number) => `photo-${n}`;
const ownerOf = (photo: number) => ownerId(Math.floor(photo / PHOTOS_PER_OWNER));

/** The HTTP p95 of `submitRating` with 50 raters at once, printed; whether it is within its target. */
export async function benchRatingHttp(inProcessP95Ms: number): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-http-'));
  const ports = await findFreePorts(Number(process.env.BENCH_PORT_BASE ?? 24000) + 100);
  const stack = await startLocalStack({ dataDir, ports, app: 'none', demoContent: false, quiet: true });
  try {
    const now = new Date();
    const raters: Rater[] = [];
    for (let n = 0; n < RATERS; n++) raters.push(await signUp(stack.authUrl, n));
    await stack.store.runTransaction(async (tx) => {
      // Each vote received costs its owner a token, and a photo whose owner has none leaves the feed.
      const member = (uid: string, name: string, points: number) =>
        newUser({
          uid,
          email: null,
          displayName: name,
          age: 30,
          birthyear: now.getUTCFullYear() - 30,
          gender: 'female',
          showGender: 'both',
          complete: true,
          onBoarding: true,
          points,
          createdAt: now,
        });
      for (const [n, rater] of raters.entries())
        tx.set(`users/${rater.uid}`, { ...member(rater.uid, `Rater ${n}`, 100) });
      for (let n = 0; n < OWNERS; n++)
        tx.set(`users/${ownerId(n)}`, { ...member(ownerId(n), `Owner ${n}`, 10_000) });
      for (let n = 0; n < PHOTOS; n++) {
        const photo = newPhoto({
          id: photoId(n),
          userId: ownerOf(n),
          imageName: `${photoId(n)}.jpg`,
          resizedImageName: `${photoId(n)}.webp`,
          imageUrl: `${stack.serverUrl}/files/${photoId(n)}.webp`,
          showTo: 'both',
          gender: 'female',
          ageRange: [18, 60],
          active: true,
          uploadedAt: new Date(now.getTime() - n * 60_000),
        });
        tx.set(`users/${ownerOf(n)}/photos/${photoId(n)}`, { ...photo });
      }
    });

    // Round r: rater n rates photo n + r, so no two raters of a round share a photo and no rater rates one twice.
    const rounds: Vote[][] = Array.from({ length: ROUNDS + 1 }, (_, r) =>
      raters.map((rater, n) => {
        const photo = (n + r) % PHOTOS;
        const data = {
          ownerId: ownerOf(photo),
          photoId: photoId(photo),
          rate: 3.5,
          comment: 'Nice light',
          seconds: 6,
        };
        return { token: rater.idToken, body: JSON.stringify({ data }) };
      }),
    );
    const started = performance.now();
    const [firstRound = [], ...measured] = await raterClients(
      `${stack.serverUrl}/${PROJECT_ID}/${REGION}/submitRating`,
      rounds,
    );
    if (performance.now() - started > TOKEN_CHECK_TTL_MS)
      console.log('(the rounds took longer than a checked token is trusted: some were checked again)');
    const times = measured.flat();

    const p95 = percentile(times, 0.95);
    const within = p95 <= HTTP_RATING_TARGET_MS;
    console.log(
      `${'submitRating p95 over HTTP (50 raters at once)'.padEnd(48)} ${p95.toFixed(1)} ms   target ${HTTP_RATING_TARGET_MS} ms   ${within ? 'within' : 'OVER'}`,
    );
    console.log(
      `${''.padEnd(48)} in-process ${inProcessP95Ms.toFixed(1)} ms; the first round, each token checked with the Auth emulator: p95 ${percentile(firstRound, 0.95).toFixed(1)} ms`,
    );
    return within;
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
