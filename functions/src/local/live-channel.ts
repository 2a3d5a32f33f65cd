/**
 * The live channel of the local server: each socket authenticates with an ID token, watches
 * documents it may read (the same access rules as firestore.rules), and keeps its member online.
 * It holds against a hostile or runaway client: a malformed frame closes only its own socket,
 * messages are rebuilt from known fields, a socket holds a bounded number of watches and a member a
 * bounded number of sockets and of different queries (LIVE_LIMITS), and a sign-in lasts as long as
 * its ID token and the member's account. What a write costs is bounded too: each distinct document
 * or query has one store watch however many sockets watch it (a feed), the store reads a query again
 * at most every few hundred milliseconds, and a feed sends only results that changed.
 */
import type { RawData, WebSocket } from 'ws';
import { canAccess } from '../../../src/domain/access';
import type { PushMessage } from '../../../src/domain/push';
import type { FieldValue, Filter, Query } from '../../../src/domain/query';
import type { User } from '../../../src/domain/user';
import {
  encodeDocument,
  encodeWire,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type DocumentData,
  type LiveClientMessage,
  type LiveCloseReason,
  type LiveServerMessage,
} from '../../../src/domain/wire';
import type { Caller, Clock } from '../handlers/handler';
import { setPresence } from '../handlers/presence';
import { userPath } from '../handlers/users';
import type { Store, Unsubscribe } from '../store/store';

/** WebSocket's "policy violation": the server refused or ended the connection on purpose. */
const POLICY_CLOSE = 1008;
/** The longest a Node timer waits (about 24 days). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFieldValue = (value: unknown): value is FieldValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

function readFilter(value: unknown): Filter | null {
  if (!isRecord(value) || typeof value.field !== 'string') return null;
  const values: unknown = value.in;
  if (Array.isArray(values)) {
    const list: unknown[] = values;
    return list.every(isFieldValue) ? { field: value.field, in: list } : null;
  }
  return isFieldValue(value.equals) ? { field: value.field, equals: value.equals } : null;
}

/** The query's known parts with the types they must have; the store then checks names and bounds. */
function readQuery(value: unknown): Query | null {
  if (!isRecord(value)) return null;
  const query: Query = {};
  if (value.where !== undefined) {
    const filters: unknown = value.where;
    if (!Array.isArray(filters)) return null;
    const where: Filter[] = [];
    for (const item of filters as unknown[]) {
      const filter = readFilter(item);
      if (!filter) return null;
      where.push(filter);
    }
    query.where = where;
  }
  if (value.orderBy !== undefined) {
    const { orderBy } = value;
    if (!isRecord(orderBy) || typeof orderBy.field !== 'string') return null;
    if (orderBy.direction !== 'asc' && orderBy.direction !== 'desc') return null;
    query.orderBy = { field: orderBy.field, direction: orderBy.direction };
  }
  if (value.startAfter !== undefined) {
    if (!isFieldValue(value.startAfter)) return null;
    query.startAfter = value.startAfter;
  }
  if (value.limit !== undefined) {
    if (typeof value.limit !== 'number') return null;
    query.limit = value.limit;
  }
  return query;
}

/** The message a client sent, rebuilt from its known fields; null when it is not one. */
function readClientMessage(value: unknown): LiveClientMessage | null {
  if (!isRecord(value)) return null;
  const { type, id, path, token } = value;
  if (type === 'auth') return token === null || typeof token === 'string' ? { type, token } : null;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (type === 'unwatch') return { type, id };
  if (typeof path !== 'string') return null;
  if (type === 'watch') return { type, id, path };
  if (type !== 'watchQuery') return null;
  const query = readQuery(value.query);
  return query && { type, id, path, query };
}

/** The parts of the member's record that end a sign-in. */
type AccountState = Partial<Pick<User, 'deletedAt' | 'disabled'>>;
const isClosedAccount = (record: AccountState | undefined) =>
  record?.deletedAt !== undefined || record?.disabled === true;

/** Snapshots are sent as text put together around data encoded once (the id is a checked integer). */
const snapshotText = (id: number, data: string) => `{"type":"snapshot","id":${id},"data":${data}}`;
const resultsText = (id: number, docs: string) => `{"type":"results","id":${id},"docs":${docs}}`;

/** A socket's watch: the feed it hears, and the text that carries the feed's data to it. */
interface Watch {
  readonly connection: Connection;
  readonly id: number;
  readonly frame: (data: string) => string;
  /** Leaves its feed (and the member's count of queries). */
  stop: Unsubscribe;
}

/**
 * One store watch of a document or a query for every socket that watches it: read and encoded once
 * per change, and heard only when what it says changed.
 */
interface Feed {
  readonly watches: Set<Watch>;
  /** The data last sent, encoded; undefined until the store's first answer. */
  last: string | undefined;
  stop: Unsubscribe;
}

interface Connection {
  readonly socket: WebSocket;
  uid: string | null;
  /** When the ID token the connection signed in with expires, and the timer that signs it out then. */
  expiresAt: Date | undefined;
  expiry: NodeJS.Timeout | undefined;
  readonly watches: Map<number, Watch>;
  /** Messages, expiry and closing are handled in order, so a watch sent right after auth sees the new identity. */
  queue: Promise<void>;
}

/** A signed-in member's connections, and the watch of their record that ends them all when the account closes. */
interface Member {
  readonly connections: Set<Connection>;
  stopWatchingRecord: Unsubscribe;
  /** The member's watches of each different query (by its feed's key), over all their connections. */
  readonly queries: Map<string, number>;
}

export class LiveChannel {
  private readonly members = new Map<string, Member>();
  private readonly feeds = new Map<string, Feed>();
  private readonly pending = new Set<Promise<void>>();
  /** One encoding per snapshot however many watches share it: the store hands them all the same objects. */
  private readonly encodings = new WeakMap<object, string>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly verifyIdToken: (token: string) => Promise<Caller>,
    private readonly log: (line: string) => void,
  ) {}

  accept(socket: WebSocket): void {
    const connection: Connection = {
      socket,
      uid: null,
      expiresAt: undefined,
      expiry: undefined,
      watches: new Map(),
      queue: Promise.resolve(),
    };
    // NOTE: ws reports a malformed frame (too large, not UTF-8, reserved bits set) as an error and
    // closes the socket itself; an error event without a listener would stop the whole server.
    socket.on('error', (error) => this.log(`live connection closed: ${error.message}`));
    socket.on('message', (raw: RawData) => {
      this.enqueue(connection, () => this.handle(connection, String(raw)));
    });
    socket.on('close', () => this.enqueue(connection, () => this.signOut(connection)));
  }

  private enqueue(connection: Connection, work: () => Promise<void> | void): void {
    connection.queue = connection.queue.then(work).catch((error: unknown) => {
      this.log(`live message failed: ${asError(error).stack ?? String(error)}`);
      this.send(connection, { type: 'error', message: asError(error).message });
    });
  }

  private send(connection: Connection, message: LiveServerMessage): void {
    this.sendText(connection, encodeDocument(message));
  }

  private sendText(connection: Connection, text: string): void {
    const { socket } = connection;
    if (socket.readyState === socket.OPEN) socket.send(text);
  }

  private async handle(connection: Connection, raw: string): Promise<void> {
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      this.send(connection, { type: 'error', message: LIVE_MESSAGES.notJson });
      return;
    }
    const message = readClientMessage(parsed);
    if (!message) {
      this.send(connection, { type: 'error', message: LIVE_MESSAGES.unknown });
      return;
    }
    switch (message.type) {
      case 'auth':
        return this.authenticate(connection, message.token);
      case 'watch':
        this.open(connection, message.id, message.path);
        return;
      case 'watchQuery':
        this.open(connection, message.id, message.path, message.query);
        return;
      case 'unwatch':
        this.stopWatch(connection, message.id);
        return;
    }
  }

  private encode(value: object | undefined): string {
    if (value === undefined) return 'null';
    let text = this.encodings.get(value);
    if (text === undefined) {
      text = encodeWire(value);
      this.encodings.set(value, text);
    }
    return text;
  }

  private async authenticate(connection: Connection, token: string | null): Promise<void> {
    let caller: Caller | null = null;
    if (token) {
      try {
        caller = await this.verifyIdToken(token);
      } catch {
        this.send(connection, { type: 'error', message: LIVE_MESSAGES.signInAgain });
      }
    }
    const uid = caller?.uid ?? null;
    if (uid !== connection.uid) {
      await this.signOut(connection);
      if (uid) {
        if (isClosedAccount(await this.store.get<AccountState>(userPath(uid)))) {
          this.end(connection, 'accountClosed');
          return;
        }
        const joined = this.join(connection, uid);
        if (joined === 'full') {
          this.end(connection, 'tooManyConnections');
          return;
        }
        if (joined === 'first') await this.track(setPresence(this.store, uid, 'online', this.clock.now()));
      }
    }
    this.expireAt(connection, caller?.expiresAt);
    this.send(connection, { type: 'auth', uid });
  }

  /** Counts the connection as its member's, unless the member has as many as they may; checked and added at once. */
  private join(connection: Connection, uid: string): 'first' | 'another' | 'full' {
    const existing = this.members.get(uid);
    if (existing && existing.connections.size >= LIVE_LIMITS.connectionsPerMember) return 'full';
    const member = existing ?? {
      connections: new Set<Connection>(),
      stopWatchingRecord: () => undefined,
      queries: new Map<string, number>(),
    };
    member.connections.add(connection);
    connection.uid = uid;
    if (existing) return 'another';
    this.members.set(uid, member);
    member.stopWatchingRecord = this.store.watch<AccountState>(
      userPath(uid),
      (record) => {
        if (!isClosedAccount(record)) return;
        // Once this change's other snapshots are out, so the client sees its record deleted or disabled.
        queueMicrotask(() => {
          for (const each of [...member.connections]) this.end(each, 'accountClosed');
        });
      },
      (error) => this.log(`watching the account of ${uid} failed: ${error.message}`),
    );
    return 'first';
  }

  /**
   * An ID token is good until its expiry, and the client sends each refreshed one; a connection
   * still on an expired token is signed out (its member may be signed out, or disabled in Auth).
   */
  private expireAt(connection: Connection, expiresAt: Date | undefined): void {
    clearTimeout(connection.expiry);
    connection.expiry = undefined;
    connection.expiresAt = connection.uid ? expiresAt : undefined;
    if (!connection.uid || !expiresAt) return;
    const wait = Math.min(Math.max(expiresAt.getTime() - this.clock.now().getTime(), 0), LONGEST_TIMER_MS);
    connection.expiry = setTimeout(() => {
      this.enqueue(connection, () => this.expire(connection, expiresAt));
    }, wait);
    connection.expiry.unref();
  }

  private async expire(connection: Connection, expiresAt: Date): Promise<void> {
    // A fresh token came in the meantime.
    if (connection.expiresAt !== expiresAt) return;
    if (this.clock.now() < expiresAt) {
      this.expireAt(connection, expiresAt);
      return;
    }
    await this.signOut(connection);
    this.send(connection, { type: 'tokenExpired', message: LIVE_MESSAGES.signInAgain });
  }

  /** Tells the client why, stops its watches at once and closes the socket; the close event signs it out. */
  private end(connection: Connection, reason: LiveCloseReason): void {
    this.send(connection, { type: 'closed', reason, message: LIVE_MESSAGES[reason] });
    this.stopWatches(connection);
    connection.socket.close(POLICY_CLOSE, reason);
  }

  /**
   * Starts a watch the connection's member may read (the same rules as firestore.rules), within the
   * member's limits, or denies it.
   */
  private open(connection: Connection, id: number, path: string, query?: Query): void {
    this.stopWatch(connection, id);
    const viewer = connection.uid ? { uid: connection.uid } : null;
    if (!canAccess(viewer, path, 'read')) {
      this.send(connection, { type: 'denied', id, message: LIVE_MESSAGES.denied });
      return;
    }
    if (connection.watches.size >= LIVE_LIMITS.watchesPerConnection) {
      this.send(connection, { type: 'denied', id, message: LIVE_MESSAGES.tooManyWatches });
      return;
    }
    // The query as read from the message, so the same query has the same key whoever sends it.
    const key = query ? `query ${path} ${JSON.stringify(query)}` : `document ${path}`;
    const member = connection.uid === null ? undefined : this.members.get(connection.uid);
    const queries = query ? member?.queries : undefined;
    if (queries && !queries.has(key) && queries.size >= LIVE_LIMITS.queriesPerMember) {
      this.send(connection, { type: 'denied', id, message: LIVE_MESSAGES.tooManyQueries });
      return;
    }
    let feed = this.feeds.get(key);
    if (!feed) {
      try {
        feed = this.startFeed(key, path, query);
      } catch (error) {
        // A query the store refuses is never kept.
        this.send(connection, { type: 'denied', id, message: asError(error).message });
        return;
      }
    }
    const joined = feed;
    const frame = (data: string) => (query ? resultsText(id, data) : snapshotText(id, data));
    const watch: Watch = {
      connection,
      id,
      frame,
      stop: () => {
        joined.watches.delete(watch);
        if (queries) {
          const left = (queries.get(key) ?? 1) - 1;
          if (left > 0) queries.set(key, left);
          else queries.delete(key);
        }
        if (joined.watches.size > 0 || this.feeds.get(key) !== joined) return;
        this.feeds.delete(key);
        joined.stop();
      },
    };
    joined.watches.add(watch);
    queries?.set(key, (queries.get(key) ?? 0) + 1);
    connection.watches.set(id, watch);
    if (joined.last !== undefined) this.sendText(connection, frame(joined.last));
  }

  /** The store watch behind a feed; throws at once for a watch the store refuses. */
  private startFeed(key: string, path: string, query: Query | undefined): Feed {
    const feed: Feed = { watches: new Set(), last: undefined, stop: () => undefined };
    const current = () => this.feeds.get(key) === feed;
    const deliver = (value: object | undefined) => {
      if (!current()) return;
      const data = this.encode(value);
      if (data === feed.last) return;
      feed.last = data;
      for (const watch of feed.watches) this.sendText(watch.connection, watch.frame(data));
    };
    // A refused watch is over, here as in the store: it is dropped and each of its clients told once.
    const fail = (error: Error) => {
      if (!current()) return;
      this.feeds.delete(key);
      for (const watch of [...feed.watches]) {
        const { connection, id } = watch;
        watch.stop();
        connection.watches.delete(id);
        this.send(connection, { type: 'denied', id, message: error.message });
      }
    };
    feed.stop = query
      ? this.store.watchQuery<DocumentData>(path, query, deliver, fail)
      : this.store.watch<DocumentData>(path, deliver, fail);
    this.feeds.set(key, feed);
    return feed;
  }

  private stopWatch(connection: Connection, id: number): void {
    connection.watches.get(id)?.stop();
    connection.watches.delete(id);
  }

  private stopWatches(connection: Connection): void {
    for (const watch of connection.watches.values()) watch.stop();
    connection.watches.clear();
  }

  private async signOut(connection: Connection): Promise<void> {
    clearTimeout(connection.expiry);
    connection.expiry = undefined;
    connection.expiresAt = undefined;
    this.stopWatches(connection);
    const uid = connection.uid;
    connection.uid = null;
    const member = uid === null ? undefined : this.members.get(uid);
    if (!uid || !member?.connections.delete(connection) || member.connections.size > 0) return;
    this.members.delete(uid);
    member.stopWatchingRecord();
    await this.track(setPresence(this.store, uid, 'offline', this.clock.now()));
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => this.log(`presence failed: ${String(error)}`));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /**
   * Delivers a push notification to the member's open pages (the local stand-in for the browser's
   * push service); the page on the device holding `token` shows it. False when none is open.
   */
  push(uid: string, token: string, message: PushMessage): boolean {
    const connections = this.members.get(uid)?.connections;
    if (!connections?.size) return false;
    for (const connection of connections) this.send(connection, { type: 'push', token, message });
    return true;
  }

  /** Waits for presence writes in flight, so a stopping server leaves no half-done work. */
  async close(): Promise<void> {
    await Promise.all(this.pending);
  }
}
