/**
 * How documents travel as text between the local server and its clients, and rest in SQLite:
 * JSON with dates kept as `{ "$date": iso }`, so both ends get `Date` back.
 */
import type { Query, QueryDocument } from './query';

export type DocumentData = Record<string, unknown>;

export function encodeDocument(data: DocumentData): string {
  return JSON.stringify(data, function replace(this: Record<string, unknown>, key, value: unknown) {
    const original = this[key];
    return original instanceof Date ? { $date: original.toISOString() } : value;
  });
}

export function decodeDocument<T = DocumentData>(text: string): T {
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && '$date' in value) {
      return new Date((value as { $date: string }).$date);
    }
    return value;
  }) as T;
}

/** Messages on the local server's live channel (`/live`). */
export type LiveClientMessage =
  | { type: 'auth'; token: string | null }
  | { type: 'watch'; id: number; path: string }
  | { type: 'watchQuery'; id: number; path: string; query: Query }
  | { type: 'unwatch'; id: number };

export type LiveServerMessage =
  | { type: 'auth'; uid: string | null }
  | { type: 'snapshot'; id: number; data: DocumentData | null }
  | { type: 'results'; id: number; docs: Array<QueryDocument<DocumentData>> }
  | { type: 'denied'; id: number; message: string }
  | { type: 'error'; message: string };

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
