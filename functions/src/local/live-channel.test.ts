/**
 * The live channel against a real server on an in-memory store: hostile frames, the limits on
 * watches and connections, the stats' shards no member may watch, refused watches, and members whose
 * sign-in ends.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type LiveClientMessage,
  type LiveServerMessage,
} from '../../../src/domain/wire';
import { peerShardPath, peerShardsPath } from '../../../src/domain/peer-stats';
import { STATS_SHARDS_PATH, statsShardPath } from '../../../src/domain/site-stats';
import type { Vote } from '../../../src/domain/vote';
import type { Query } from '../../../src/domain/query';
import { caller, seedMember, seedPhoto } from '../testing';
import { LiveSocket } from './live-socket';
import type { LocalServer } from './server';
import { startTestServer, type TestServer } from './test-server';

const HOUR_MS = 60 * 60 * 1000;
const logged: string[] = [];
let test: TestServer;
let server: LocalServer;
let store: TestServer['context']['store'];

beforeAll(async () => {
  test = await startTestServer({
    // "token-{uid}" lasts an hour; "expiring-{uid}" is at its expiry as soon as it is verified.
    verifyIdToken: async (token, serverClock) => {
      const [kind, uid] = token.split(/-(.*)/s);
      if (!uid || (kind !== 'token' && kind !== 'expiring')) throw new Error('bad token');
      const lasts = kind === 'token' ? HOUR_MS : 0;
      return caller(uid, { expiresAt: new Date(serverClock.now().getTime() + lasts) });
    },
    log: (line) => logged.push(line),
  });
  ({ server } = test);
  ({ store } = test.context);
});

afterAll(async () => {
  await test.close();
});

/** Uncaught errors while a test runs: one of them would have stopped `npm start`. */
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);
beforeAll(() => void process.on('uncaughtException', recordUncaught));
afterAll(() => void process.off('uncaughtException', recordUncaught));
afterEach(() => {
  expect(uncaught.splice(0)).toEqual([]);
});

const withId = (id: number) => (message: LiveServerMessage) => 'id' in message && message.id === id;

const post = (name: string, data: unknown, token: string) => test.post(name, { data }, token);

/** A client frame (masked, as clients must send them) with a free hand over its header bits. */
function frame(payload: Buffer, { rsv1 = false, opcode = 0x1 } = {}): Buffer {
  const mask = randomBytes(4);
  const length =
    payload.length < 126
      ? [0x80 | payload.length]
      : payload.length < 65536
        ? [0x80 | 126, payload.length >> 8, payload.length & 0xff]
        : [0x80 | 127, 0, 0, 0, 0, ...[24, 16, 8, 0].map((shift) => (payload.length >>> shift) & 0xff)];
  const masked = Buffer.from(payload.map((byte, index) => byte ^ mask[index % 4]!));
  return Buffer.concat([Buffer.from([0x80 | (rsv1 ? 0x40 : 0) | opcode, ...length]), mask, masked]);
}

/** Opens /live by hand, sends the bytes and resolves with the close code of the server's close frame. */
function sendRawFrame(bytes: Buffer): Promise<number | null> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let received = Buffer.alloc(0);
    let upgraded = false;
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!received.subarray(0, end).toString().startsWith('HTTP/1.1 101'))
          reject(new Error(received.toString()));
        upgraded = true;
        received = received.subarray(end + 4);
        socket.write(bytes);
      }
      if (received.length >= 4 && (received[0]! & 0x0f) === 0x8) {
        resolve(received.readUInt16BE(2));
        socket.destroy();
      }
    });
    socket.on('close', () => resolve(null));
    socket.write(
      [
        'GET /live HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

describe('a malformed frame before sign-in', () => {
  it.each([
    ['a message over 64 KiB', frame(Buffer.alloc(64 * 1024 + 1, 0x61)), 1009],
    ['text that is not UTF-8', frame(Buffer.from([0x7b, 0xc3, 0x28, 0x7d])), 1007],
    ['RSV1 set without compression', frame(Buffer.from('{}'), { rsv1: true }), 1002],
  ])('%s closes that socket, and the server goes on', async (_name, bytes, code) => {
    const watching = await LiveSocket.signedIn(server.url, 'token-frank');
    expect(await sendRawFrame(bytes)).toBe(code);
    expect(logged.some((line) => line.startsWith('live connection closed:'))).toBe(true);
    // The server still answers, on the sockets it had and on new ones.
    expect((await watching.roundTrip(1, 'users/frank')).type).toBe('snapshot');
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    await (await LiveSocket.signedIn(server.url, 'token-frank')).close();
    await watching.close();
  });

  it('answers messages of the wrong shape with an error and keeps the socket', async () => {
    const live = await LiveSocket.signedIn(server.url, 'token-gina');
    for (const text of [
      'null',
      '[]',
      '{"type":"watch","id":"x","path":"users/gina"}',
      '{"type":"watchQuery","id":2,"path":"users/gina/photos","query":{"where":"x"}}',
    ]) {
      live.send(JSON.parse(text) as LiveClientMessage);
      expect(await live.next((message) => message.type === 'error')).toEqual({
        type: 'error',
        message: 'Unknown message.',
      });
    }
    expect((await live.roundTrip(3, 'users/gina')).type).toBe('snapshot');
    await live.close();
  });
});

describe('limits on one member', () => {
  it(`opens at most ${LIVE_LIMITS.watchesPerConnection} watches on one socket`, async () => {
    const live = await LiveSocket.signedIn(server.url, 'token-hank');
    const limit = LIVE_LIMITS.watchesPerConnection;
    for (let id = 1; id <= limit + 5; id++)
      live.send({ type: 'watchQuery', id, path: 'users/hank/photos', query: {} });
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, (_, index) => live.next(withId(index + 1))),
    );
    expect(answers.filter((answer) => answer.type === 'results')).toHaveLength(limit);
    expect(answers.slice(limit)).toEqual(
      [1, 2, 3, 4, 5].map((extra) => ({
        type: 'denied',
        id: limit + extra,
        message: LIVE_MESSAGES.tooManyWatches,
      })),
    );
    // A watch given back makes room for another.
    live.send({ type: 'unwatch', id: 1 });
    live.send({ type: 'watchQuery', id: 1000, path: 'users/hank/photos', query: {} });
    expect((await live.next(withId(1000))).type).toBe('results');
    await live.close();
  });

  it(`lets a member have at most ${LIVE_LIMITS.connectionsPerMember} signed-in sockets`, async () => {
    const open = await Promise.all(
      Array.from({ length: LIVE_LIMITS.connectionsPerMember }, () =>
        LiveSocket.signedIn(server.url, 'token-iris'),
      ),
    );
    const extra = await LiveSocket.open(server.url);
    extra.send({ type: 'auth', token: 'token-iris' });
    expect(await extra.next((message) => message.type === 'closed')).toEqual({
      type: 'closed',
      reason: 'tooManyConnections',
      message: LIVE_MESSAGES.tooManyConnections,
    });
    expect(await extra.closed).toBe(1008);
    // Another member is not affected, and a closed socket makes room.
    await (await LiveSocket.signedIn(server.url, 'token-jack')).close();
    await open[0]!.close();
    const again = await LiveSocket.signedIn(server.url, 'token-iris');
    expect((await again.roundTrip(1, 'users/iris')).type).toBe('snapshot');
    await Promise.all([again, ...open.slice(1)].map((live) => live.close()));
  });

  it(`follows at most ${LIVE_LIMITS.queriesPerMember} different queries of one member, over all their sockets`, async () => {
    const photos = 'users/sara/photos';
    const query = (limit: number): Query => ({ orderBy: { field: 'uploadedAt', direction: 'desc' }, limit });
    const [first, second] = await Promise.all([
      LiveSocket.signedIn(server.url, 'token-sara'),
      LiveSocket.signedIn(server.url, 'token-sara'),
    ]);
    const limit = LIVE_LIMITS.queriesPerMember;
    for (let id = 1; id <= limit; id++)
      first.send({ type: 'watchQuery', id, path: photos, query: query(id) });
    for (let id = 1; id <= limit; id++) expect((await first.next(withId(id))).type).toBe('results');
    // The same query again, on another socket, is not another one; a new one is refused.
    second.send({ type: 'watchQuery', id: 1, path: photos, query: query(1) });
    expect((await second.next(withId(1))).type).toBe('results');
    second.send({ type: 'watchQuery', id: 2, path: photos, query: query(limit + 1) });
    expect(await second.next(withId(2))).toEqual({
      type: 'denied',
      id: 2,
      message: LIVE_MESSAGES.tooManyQueries,
    });
    // Documents are not queries; and a query given back by every socket makes room for another.
    expect((await second.roundTrip(3, 'users/sara')).type).toBe('snapshot');
    first.send({ type: 'unwatch', id: 1 });
    expect((await first.roundTrip(100, 'users/sara')).type).toBe('snapshot');
    second.send({ type: 'watchQuery', id: 4, path: photos, query: query(limit + 1) });
    expect((await second.next(withId(4))).type).toBe('denied');
    second.send({ type: 'unwatch', id: 1 });
    second.send({ type: 'watchQuery', id: 5, path: photos, query: query(limit + 1) });
    expect((await second.next(withId(5))).type).toBe('results');
    await Promise.all([first.close(), second.close()]);
    // Signed out, the member's queries are given back (once the server has heard the sockets close).
    const again = await LiveSocket.signedIn(server.url, 'token-sara');
    let id = 0;
    await vi.waitFor(async () => {
      again.send({ type: 'watchQuery', id: ++id, path: photos, query: query(limit + 1 + id) });
      expect((await again.next(withId(id))).type).toBe('results');
    });
    await again.close();
  });

  it('reads what several sockets watch once for all, and sends only what changed', async () => {
    await seedMember(store, 'tess');
    await seedPhoto(store, 'tess', 'old', { uploadedAt: new Date('2026-11-01T10:00:00Z') });
    await seedPhoto(store, 'tess', 'new', { uploadedAt: new Date('2026-11-02T10:00:00Z') });
    const photos = 'users/tess/photos';
    const newest: Query = { orderBy: { field: 'uploadedAt', direction: 'desc' }, limit: 1 };
    const reads: string[][] = [];
    const watchQuery = store.watchQuery.bind(store);
    const watching = vi
      .spyOn(store, 'watchQuery')
      .mockImplementation((path, query, onChange, onError) =>
        watchQuery(path, query, (docs) => (reads.push(docs.map((doc) => doc.id)), onChange(docs)), onError),
      );
    const sockets = await Promise.all([1, 2, 3].map(() => LiveSocket.signedIn(server.url, 'token-tess')));
    for (const live of sockets) {
      live.send({ type: 'watchQuery', id: 1, path: photos, query: newest });
      expect(await live.next(withId(1))).toMatchObject({ type: 'results', docs: [{ id: 'new' }] });
    }
    expect(watching).toHaveBeenCalledTimes(1);
    watching.mockRestore();
    // A change outside the results: read again, and not sent.
    await store.runTransaction(async (tx) => tx.update(`${photos}/old`, { active: false }));
    await vi.waitFor(() => expect(reads).toHaveLength(2));
    for (const live of sockets) expect((await live.roundTrip(2, 'users/tess')).type).toBe('snapshot');
    // A change in them: sent to each socket once.
    await store.runTransaction(async (tx) => tx.update(`${photos}/new`, { active: false }));
    for (const live of sockets) {
      expect(await live.next(withId(1))).toMatchObject({ docs: [{ data: { active: false } }] });
      expect(live.history.filter((message) => message.type === 'results')).toHaveLength(2);
    }
    await Promise.all(sockets.map((live) => live.close()));
  });

  it("refuses a voter the stats' shards of the photo they vote on, so no vote can be watched moving them", async () => {
    await seedMember(store, 'kate');
    await seedMember(store, 'owen', { gender: 'male' });
    await seedPhoto(store, 'owen', 'p1');
    const live = await LiveSocket.signedIn(server.url, 'token-kate');
    const watches: Array<Extract<LiveClientMessage, { id: number }>> = [
      { type: 'watchQuery', id: 1, path: STATS_SHARDS_PATH, query: {} },
      { type: 'watch', id: 2, path: statsShardPath('p1') },
      { type: 'watchQuery', id: 3, path: peerShardsPath('male-25-34'), query: {} },
      { type: 'watch', id: 4, path: peerShardPath('male-25-34', 'p1') },
    ];
    for (const watch of watches) {
      live.send(watch);
      expect(await live.next(withId(watch.id))).toEqual({
        type: 'denied',
        id: watch.id,
        message: LIVE_MESSAGES.denied,
      });
    }
    const vote = { ownerId: 'owen', photoId: 'p1', rate: 4, comment: '', chips: [], seconds: 6 };
    expect((await post('submitRating', vote, 'token-kate')).status).toBe(200);
    // The vote moved both shards, and nothing of them reached the voter.
    expect(await store.get(statsShardPath('p1'))).toMatchObject({ votes: 1 });
    expect(await store.get(peerShardPath('male-25-34', 'p1'))).toMatchObject({ histogram: { '400': 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.history.filter((message) => message.type !== 'denied' && 'id' in message)).toEqual([]);
    await live.close();
  });
});

describe('a refused watch', () => {
  it('is dropped, and later votes on that photo are answered as stored', async () => {
    await seedMember(store, 'lena');
    await seedMember(store, 'mike');
    await seedPhoto(store, 'lena', 'p1');
    const live = await LiveSocket.signedIn(server.url, 'token-lena');
    const votes = 'users/lena/photos/p1/votes';
    live.send({ type: 'watchQuery', id: 1, path: votes, query: { where: [{ field: 'rate', in: [] }] } });
    expect(await live.next(withId(1))).toMatchObject({ type: 'denied' });
    live.send({ type: 'watchQuery', id: 2, path: votes, query: {} });
    expect(await live.next(withId(2))).toEqual({ type: 'results', id: 2, docs: [] });
    const vote = { ownerId: 'lena', photoId: 'p1', rate: 4, comment: '', chips: [], seconds: 6 };
    expect((await post('submitRating', vote, 'token-mike')).status).toBe(200);
    const [stored] = await store.query<Vote>(votes);
    expect(stored?.data.rate).toBe(4);
    // The good watch beside it still hears of the vote.
    const results = await live.next(withId(2));
    expect(results.type === 'results' && results.docs.map((doc) => doc.id)).toEqual([stored?.id]);
    await live.close();
  });
});

describe('what an owner watches of the votes on their photo', () => {
  it('names no voter: not the votes, their conversation, the news of it, nor anything the server keeps of them', async () => {
    const avatar = 'http://127.0.0.1/files/images/theo/resized/avatar_1.webp?token=avatar';
    await seedMember(store, 'sara', { displayName: 'Sara' });
    await seedMember(store, 'theo', { displayName: 'Theo Voter', photoURL: avatar, gender: 'male', age: 41 });
    await seedPhoto(store, 'sara', 'p1', { ageRange: [18, 60] });
    const owner = await LiveSocket.signedIn(server.url, 'token-sara');
    const votes = 'users/sara/photos/p1/votes';
    owner.send({ type: 'watchQuery', id: 1, path: votes, query: {} });
    owner.send({ type: 'watchQuery', id: 2, path: 'users/sara/notifications', query: {} });
    owner.send({ type: 'watch', id: 3, path: 'users/sara' });
    for (const id of [1, 2, 3]) await owner.next(withId(id));
    const rating = {
      ownerId: 'sara',
      photoId: 'p1',
      rate: 1,
      comment: 'Not my style',
      chips: [],
      seconds: 6,
    };
    expect((await post('submitRating', rating, 'token-theo')).status).toBe(200);
    const arrived = await owner.next(withId(1));
    const voteId = arrived.type === 'results' ? arrived.docs[0]!.id : '';
    const thread = { ownerId: 'sara', photoId: 'p1' };
    expect((await post('replyToComment', { ...thread, voteId, text: 'Why?' }, 'token-sara')).status).toBe(
      200,
    );
    expect((await post('replyToComment', { ...thread, text: 'Just my taste' }, 'token-theo')).status).toBe(
      200,
    );
    expect((await post('reactToComment', { ...thread, emoji: '😮' }, 'token-theo')).status).toBe(200);
    await server.settled();
    // A watched query is run again at most every 250 ms: the conversation arrives with a later run.
    await owner.next(
      (message) =>
        message.type === 'results' &&
        message.id === 1 &&
        JSON.stringify(message).includes('Just my taste') &&
        JSON.stringify(message).includes('😮'),
    );
    // What the server keeps of the voter, watched by the owner: refused.
    const kept = [
      'secrets/votes',
      `users/sara/photos/p1/pendingVotes/theo`,
      'users/theo/votes/p1',
      'users/theo',
    ];
    for (const [index, path] of kept.entries())
      expect(await owner.roundTrip(10 + index, path)).toMatchObject({ type: 'denied' });
    const seen = JSON.stringify(owner.history);
    expect(seen).toContain('Just my taste');
    for (const naming of ['theo', 'Theo Voter', avatar, '"age":41']) expect(seen).not.toContain(naming);
    expect(seen).toContain('"ageDecade":40');
    await owner.close();
  });
});

describe('a member whose sign-in ends', () => {
  it('loses the sockets opened before deleting the account, and cannot open new ones', async () => {
    await seedMember(store, 'nora');
    await seedPhoto(store, 'nora', 'p1');
    const live = await LiveSocket.signedIn(server.url, 'token-nora');
    live.send({ type: 'watchQuery', id: 1, path: 'users/nora/photos', query: {} });
    live.send({ type: 'watch', id: 2, path: 'users/nora' });
    await live.next(withId(1));
    await live.next(withId(2));
    expect(
      (await post('deleteAccount', { reason: 'Leaving for a while, thanks' }, 'token-nora')).status,
    ).toBe(200);
    expect(await live.closed).toBe(1008);
    // The record saying so comes first: the app goes on to its goodbye, then nothing more comes.
    const last = live.history.slice(-2);
    expect(last[0]).toMatchObject({ type: 'snapshot', id: 2, data: { deletedAt: expect.any(Date) } });
    expect(last[1]).toEqual({
      type: 'closed',
      reason: 'accountClosed',
      message: LIVE_MESSAGES.accountClosed,
    });
    const again = await LiveSocket.open(server.url);
    again.send({ type: 'auth', token: 'token-nora' });
    expect(await again.next((message) => message.type === 'closed')).toMatchObject({
      reason: 'accountClosed',
    });
    expect(await again.closed).toBe(1008);
  });

  it('loses the sockets of a member disabled while connected', async () => {
    await seedMember(store, 'otto');
    const first = await LiveSocket.signedIn(server.url, 'token-otto');
    const second = await LiveSocket.signedIn(server.url, 'token-otto');
    await store.runTransaction(async (tx) => tx.update('users/otto', { disabled: true }));
    for (const live of [first, second]) {
      expect(await live.next((message) => message.type === 'closed')).toMatchObject({
        reason: 'accountClosed',
      });
      expect(await live.closed).toBe(1008);
    }
  });

  it('is signed out when the ID token expires, until a fresh one comes', async () => {
    await seedMember(store, 'pia');
    const live = await LiveSocket.open(server.url);
    live.send({ type: 'auth', token: 'expiring-pia' });
    expect(await live.next((message) => message.type === 'auth')).toEqual({ type: 'auth', uid: 'pia' });
    expect(await live.next((message) => message.type === 'tokenExpired')).toEqual({
      type: 'tokenExpired',
      message: LIVE_MESSAGES.signInAgain,
    });
    // Signed out: the member's own record is no longer theirs to watch on this socket.
    expect(await live.roundTrip(1, 'users/pia')).toMatchObject({ type: 'denied' });
    live.send({ type: 'auth', token: 'token-pia' });
    expect(await live.next((message) => message.type === 'auth')).toEqual({ type: 'auth', uid: 'pia' });
    expect((await live.roundTrip(2, 'users/pia')).type).toBe('snapshot');
    expect(live.messages.filter((message) => message.type === 'tokenExpired')).toEqual([]);
    await live.close();
  });
});

describe('push over the live channel', () => {
  it("delivers a vote's notification to the owner's pages only, naming the device it is for", async () => {
    await seedMember(store, 'quin', {
      messagingToken: 'local-device-quin',
      messagingTokenUpdated: test.context.clock.now(),
    });
    await seedMember(store, 'ruth');
    await seedPhoto(store, 'quin', 'p1');
    const owner = await LiveSocket.signedIn(server.url, 'token-quin');
    const voter = await LiveSocket.signedIn(server.url, 'token-ruth');
    const vote = { ownerId: 'quin', photoId: 'p1', rate: 4, comment: '', chips: [], seconds: 6 };
    expect((await post('submitRating', vote, 'token-ruth')).status).toBe(200);
    expect(await owner.next((message) => message.type === 'push')).toEqual({
      type: 'push',
      token: 'local-device-quin',
      message: {
        title: 'Photorater',
        body: 'You have 1 new vote',
        url: '/photos?photo=p1',
        tag: 'new-votes',
      },
    });
    await server.settled();
    expect(voter.messages.filter((message) => message.type === 'push')).toEqual([]);
    await owner.close();
    await voter.close();
  });
});
