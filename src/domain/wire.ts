/**
 * How documents travel as text between the local server and its clients, and rest in SQLite:
 * JSON with dates kept as `{ "$date": iso }`, so both ends get `Date` back.
 */
import type { PushMessage } from './push';
import type { Query, QueryDocument } from './query';

export type DocumentData = Record<string, unknown>;

/** Dates become `{ "$date": iso }`; walked by hand, as a JSON replacer or reviver is several times slower. */
function toWire(value: unknown): unknown {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const wire: Record<string, unknown> = {};
    for (const key in record) wire[key] = toWire(record[key]);
    return wire;
  }
  return value;
}

function fromWire(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = fromWire(value[index]);
    return value;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.$date === 'string') return new Date(record.$date);
  for (const key in record) record[key] = fromWire(record[key]);
  return record;
}

export function encodeDocument(data: DocumentData): string {
  return encodeWire(data);
}

/** Any value in the wire form: a document, a list of query results, or null. */
export function encodeWire(value: unknown): string {
  return JSON.stringify(toWire(value));
}

export function decodeDocument<T = DocumentData>(text: string): T {
  return fromWire(JSON.parse(text)) as T;
}

/** Messages on the local server's live channel (`/live`). */
export type LiveClientMessage =
  | { type: 'auth'; token: string | null }
  | { type: 'watch'; id: number; path: string }
  | { type: 'watchQuery'; id: number; path: string; query: Query }
  | { type: 'unwatch'; id: number };

/** Why the server closed a connection, which tells the client when to connect again. */
export type LiveCloseReason = 'tooManyConnections' | 'accountClosed';

export type LiveServerMessage =
  | { type: 'auth'; uid: string | null }
  | { type: 'snapshot'; id: number; data: DocumentData | null }
  | { type: 'results'; id: number; docs: Array<QueryDocument<DocumentData>> }
  | { type: 'denied'; id: number; message: string }
  /** The ID token reached its expiry: the connection is signed out and its watches stopped until a fresh token comes. */
  | { type: 'tokenExpired'; message: string }
  /** Sent just before the server closes the socket. */
  | { type: 'closed'; reason: LiveCloseReason; message: string }
  /**
   * A push notification for the member (local backend: the browser's push service is out of reach):
   * the device whose stored token it names shows it while the app is in the background.
   */
  | { type: 'push'; token: string; message: PushMessage }
  | { type: 'error'; message: string };

/** What one page and one member may hold open on the live channel. */
export const LIVE_LIMITS = {
  /**
   * Watches on one connection: a page needs a handful. Each change of what a watch follows is sent
   * to it, so watches are what a write costs in sending.
   */
  watchesPerConnection: 50,
  /** Signed-in connections of one member: one per open tab or window. */
  connectionsPerMember: 10,
  /**
   * Different queries one member watches at once, over all their connections: each is read again
   * when its collection changes, so it is what a write costs. A page watches at most three (the
   * member's photos, one photo's votes, the votes they gave), and the same query in several tabs
   * counts once.
   */
  queriesPerMember: 20,
  /** A client refused for too many connections tries again after this long. */
  retryAfterRefusalMs: 30_000,
} as const;

export const LIVE_MESSAGES = {
  tooManyWatches: `This page is following too many things at once (at most ${LIVE_LIMITS.watchesPerConnection}). Please reload it.`,
  tooManyQueries: `Photorater is following too many lists at once in your tabs and windows (at most ${LIVE_LIMITS.queriesPerMember}). Close one and reload this page.`,
  tooManyConnections: `Photorater is open in too many tabs or windows (at most ${LIVE_LIMITS.connectionsPerMember}). Close one and this one reconnects by itself.`,
  accountClosed: 'This account has been closed.',
  signInAgain: 'Please sign in again.',
  denied: "You don't have permission to perform this action.",
  notJson: 'Messages must be JSON.',
  unknown: 'Unknown message.',
} satisfies Record<string, string> & Record<LiveCloseReason, string>;

/**
 * Firestore Timestamps (of the web or the Admin SDK) become Dates, recursively: both Firestore
 * adapters call this at the edge, so no Timestamp leaves the data layer.
 */
export function withDates(value: unknown): unknown {
  if (value && typeof value === 'object') {
    if ('toDate' in value && typeof value.toDate === 'function')
      return (value as { toDate(): Date }).toDate();
    if (Array.isArray(value)) return value.map(withDates);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withDates(inner)]));
  }
  return value;
}
