/**
 * The store port: the document operations the handlers need, implemented once over SQLite
 * (the local backend) and once over Firestore (production). Paths are Firestore-shaped
 * (`users/{uid}`); timestamps are `Date` on both sides of the port.
 */
import type { Filter, GroupDocument, Query, QueryDocument } from '../../../src/domain/query';

export type DocumentData = Record<string, unknown>;
export type { GroupDocument, Query, QueryDocument };

export interface Transaction {
  /** Reads must all come before the first write, as in Firestore. */
  get<T extends object>(path: string): Promise<T | undefined>;
  query<T extends object>(collectionPath: string, query?: Query): Promise<Array<QueryDocument<T>>>;
  set(path: string, data: DocumentData): void;
  /** Merges top-level fields into an existing document; fails the transaction when it is missing. */
  update(path: string, fields: DocumentData): void;
  delete(path: string): void;
}

export type Unsubscribe = () => void;

export interface Store {
  get<T extends object>(path: string): Promise<T | undefined>;
  query<T extends object>(collectionPath: string, query?: Query): Promise<Array<QueryDocument<T>>>;
  /** Every collection named `collectionId`, wherever it sits (Firestore's collection group). */
  queryGroup<T extends object>(collectionId: string, query?: Query): Promise<Array<GroupDocument<T>>>;
  /**
   * How many documents of the collection match the filters, without reading them (Firestore's count
   * aggregation, billed by the thousand): for figures that would otherwise read a growing collection.
   */
  count(collectionPath: string, where: Filter[]): Promise<number>;
  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Calls back with the document now and after every change; undefined when it does not exist.
   * Changes arrive after the transaction that made them has returned, and a watch can never fail
   * it: a watch that fails, or whose callback throws, hears onError once and is over. A path that is
   * not a document's throws at once.
   */
  watch<T extends object>(
    path: string,
    onChange: (doc: T | undefined) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
  /**
   * Calls back with the query's documents now and after every change to the collection, as `watch`
   * does. A query the store refuses throws at once (or, where the store finds out later, ends the
   * watch through onError).
   */
  watchQuery<T extends object>(
    collectionPath: string,
    query: Query,
    onChange: (docs: Array<QueryDocument<T>>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe;
}

export class StoreError extends Error {
  constructor(
    readonly code: 'not-found' | 'failed-precondition' | 'aborted' | 'invalid-argument',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

export function assertDocumentPath(path: string): void {
  const parts = path.split('/');
  if (parts.length % 2 !== 0 || parts.some((part) => part.length === 0)) {
    throw new Error(`Not a document path: ${path}`);
  }
  refuseReservedIds(path);
}

/** Ids Firestore keeps to itself (`__name__` and the like); it refuses them as INVALID_ARGUMENT. */
const RESERVED_ID = /^__.*__$/;

/**
 * A caller's id that reaches a path unchecked must get a 400, never the 500 Firestore's refusal would
 * become; both stores refuse it the same way, so the local backend shows what production does.
 */
export function refuseReservedIds(path: string): void {
  if (path.split('/').some((part) => RESERVED_ID.test(part)))
    throw new StoreError('invalid-argument', 'That id is not valid.');
}
