/**
 * The live channel against members who multiply its cost within its caps: six free accounts, each
 * with every socket it may open holding every watch it may hold, as many of them different queries
 * on the member's own photos as the channel takes, and one switch of a photo a second each. Others'
 * votes may slow, but only so much: their p95 while the attack runs is compared with theirs while
 * it pauses, in windows taken in turn in the same run, so the machine's own load weighs on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  decodeDocument,
  encodeDocument,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type LiveClientMessage,
  type LiveServerMessage,
} from '../../../src/domain/wire';
import { seedMember, seedPhoto } from '../testing';
import { startTestServer, type TestServer } from './test-server';

const ATTACKERS = 6;
const OWNERS = 8;
const PHOTOS_EACH = 8;
const VOTERS = 96;
/** Members voting at once, each a vote at most every VOTE_EVERY_MS (so no voter meets their rate limit). */
const VOTING_AT_ONCE = 4;
const VOTE_EVERY_MS = 40;
const WINDOW_MS = 600;
const ROUNDS = 8;
/** How much slower others' votes may be while the attack runs. */
const MAX_SLOWDOWN = 3;

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer();
  const { store } = test.context;
  for (let owner = 0; owner < OWNERS; owner++) {
    await seedMember(store, `owner${owner}`, { points: 100_000, gender: 'male' });
    for (let photo = 0; photo < PHOTOS_EACH; photo++)
      await seedPhoto(store, `owner${owner}`, `owner${owner}-${photo}`);
  }
  for (let voter = 0; voter < VOTERS; voter++) await seedMember(store, `voter${voter}`);
  for (let attacker = 0; attacker < ATTACKERS; attacker++) {
    await seedMember(store, `attacker${attacker}`);
    for (let photo = 0; photo < PHOTOS_EACH; photo++)
      await seedPhoto(store, `attacker${attacker}`, `attacker${attacker}-${photo}`);
  }
});

afterAll(async () => {
  await test.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;

/** Every voter's first vote on each photo, the voters taking turns. */
const ballots = Array.from({ length: VOTERS * OWNERS * PHOTOS_EACH }, (_, index) => {
  const photo = Math.floor(index / VOTERS);
  const owner = photo % OWNERS;
  return {
    voter: `voter${index % VOTERS}`,
    ownerId: `owner${owner}`,
    photoId: `owner${owner}-${Math.floor(photo / OWNERS)}`,
  };
});

/** Others vote for a window; how long each vote took, as its voter saw it. */
async function voteTimes(): Promise<number[]> {
  const times: number[] = [];
  const ends = performance.now() + WINDOW_MS;
  const lane = async () => {
    while (performance.now() < ends) {
      const ballot = ballots.shift()!;
      const started = performance.now();
      const { voter, ownerId, photoId } = ballot;
      const answer = await test.post(
        'submitRating',
        { data: { ownerId, photoId, rate: 4, comment: '', chips: [], seconds: 6 } },
        `token-${voter}`,
      );
      const took = performance.now() - started;
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      times.push(took);
      await sleep(VOTE_EVERY_MS - took);
    }
  };
  await Promise.all(Array.from({ length: VOTING_AT_ONCE }, lane));
  return times;
}

/** A socket of the attacker's; it counts the answers to its watches and reads nothing else of them. */
class AttackSocket {
  readonly answers = new Map<number, LiveServerMessage>();
  private wake: () => void = () => undefined;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      // Results are not read, as an attacker would not: only that one came for the watch is kept.
      const results = /^\{"type":"results","id":(\d+),/.exec(raw.subarray(0, 40).toString());
      const message: LiveServerMessage = results
        ? { type: 'results', id: Number(results[1]), docs: [] }
        : decodeDocument<LiveServerMessage>(raw.toString());
      if ('id' in message && !this.answers.has(message.id)) this.answers.set(message.id, message);
      this.wake();
    });
  }
  static async signedIn(attacker: number): Promise<AttackSocket> {
    const socket = new WebSocket(`${test.server.url.replace('http', 'ws')}/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const signedIn = new Promise((resolve) => socket.once('message', resolve));
    socket.send(encodeDocument({ type: 'auth', token: `token-attacker${attacker}` }));
    await signedIn;
    return new AttackSocket(socket);
  }
  /** Sends the watches and waits until each has been answered or refused. */
  async watch(watches: LiveClientMessage[]): Promise<void> {
    for (const watch of watches) this.socket.send(encodeDocument(watch));
    const ids = watches.flatMap((watch) => ('id' in watch ? [watch.id] : []));
    while (!ids.every((id) => this.answers.has(id) || this.socket.readyState !== WebSocket.OPEN))
      await new Promise<void>((resolve) => (this.wake = resolve));
  }
  close() {
    this.socket.terminate();
  }
}

/** The attacker's `index`th different query on their own photos. */
const photosQuery = (attacker: number, index: number, id: number): LiveClientMessage => ({
  type: 'watchQuery',
  id,
  path: `users/attacker${attacker}/photos`,
  query: {
    orderBy: { field: 'uploadedAt', direction: index % 2 ? 'asc' : 'desc' },
    limit: Math.floor(index / 2) + 1,
  },
});

/**
 * Opens every socket the attacker may, the first with a different query in every watch, and the
 * others with every watch they may hold, over the queries the first was allowed.
 */
async function flood(attacker: number): Promise<AttackSocket[]> {
  const first = await AttackSocket.signedIn(attacker);
  const slots = LIVE_LIMITS.watchesPerConnection;
  await first.watch(Array.from({ length: slots }, (_, index) => photosQuery(attacker, index, index + 1)));
  const allowed = [...first.answers.values()].filter((answer) => answer.type === 'results').length;
  const refused = [...first.answers.values()].filter((answer) => answer.type === 'denied');
  expect(allowed).toBe(LIVE_LIMITS.queriesPerMember);
  expect(refused).toHaveLength(slots - allowed);
  expect(new Set(refused.map((answer) => 'message' in answer && answer.message))).toEqual(
    new Set([LIVE_MESSAGES.tooManyQueries]),
  );
  const others = await Promise.all(
    Array.from({ length: LIVE_LIMITS.connectionsPerMember - 1 }, () => AttackSocket.signedIn(attacker)),
  );
  await Promise.all(
    others.map((socket) =>
      socket.watch(
        Array.from({ length: slots }, (_, index) => photosQuery(attacker, index % allowed, index + 1)),
      ),
    ),
  );
  for (const socket of others)
    expect([...socket.answers.values()].every((answer) => answer.type === 'results')).toBe(true);
  return [first, ...others];
}

describe('six free accounts multiplying the live channel', () => {
  it(`slow others' votes less than ${MAX_SLOWDOWN} times`, async () => {
    const sockets = (
      await Promise.all(Array.from({ length: ATTACKERS }, (_, attacker) => flood(attacker)))
    ).flat();
    let attacking = false;
    let running = true;
    // Each attacker switches a photo off and on, once a second, the six spread over the second.
    const switches = Array.from({ length: ATTACKERS }, async (_, attacker) => {
      await sleep((attacker * 1000) / ATTACKERS);
      for (let turn = 0; running; turn++) {
        const started = performance.now();
        if (attacking) {
          const answer = await test.post(
            'setPhotoActive',
            { data: { photoId: `attacker${attacker}-0`, active: turn % 2 === 1 } },
            `token-attacker${attacker}`,
          );
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        }
        await sleep(1000 - (performance.now() - started));
      }
    });
    // A first window warms the server up; it is not counted.
    await voteTimes();
    const without: number[] = [];
    const withAttack: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      without.push(...(await voteTimes()));
      attacking = true;
      withAttack.push(...(await voteTimes()));
      attacking = false;
    }
    running = false;
    await Promise.all(switches);
    for (const socket of sockets) socket.close();
    const [slow, usual] = [percentile95(withAttack), percentile95(without)];
    expect(slow / usual, `others' vote p95: ${slow} ms under attack, ${usual} ms without`).toBeLessThan(
      MAX_SLOWDOWN,
    );
  }, 120_000);
});
