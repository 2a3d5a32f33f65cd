/** The store port over Firestore through the Admin SDK: production, and the Firestore emulator in tests. */
import { FieldPath, type Firestore, type Query as FirestoreQuery } from 'firebase-admin/firestore';
import { withDates } from '../../../src/domain/wire';
import { assertCollectionPath, type Filter } from '../../../src/domain/query';
import {
  assertDocumentPath,
  refuseReservedIds,
  StoreError,
  type GroupDocument,
  type Query,
  type QueryDocument,
  type Store,
  type Transaction,
  type Unsubscribe,
} from './store';

function toStoreError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 5 || code === 'not-found') return new StoreError('not-found', (error as Error).message);
  return error;
}

/**
 * A watch whose callback throws is ended and told once through onError, as a refused one is, so
 * one failing listener never breaks the snapshot stream or the other listeners.
 */
function isolate<Value>(
  onChange: (value: Value) => void,
  onError: (error: Error) => void,
  subscribe: (next: (value: Value) => void, error: (error: Error) => void) => Unsubscribe,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe = () => undefined;
  const fail = (error: unknown) => {
    if (stopped) return;
    stopped = true;
    stop();
    onError(error instanceof Error ? error : new Error(String(error)));
  };
  stop = subscribe((value) => {
    if (stopped) return;
    try {
      onChange(value);
    } catch (error) {
      fail(error);
    }
  }, fail);
  return () => {
    stopped = true;
    stop();
  };
}

export class FirestoreStore implements Store {
  constructor(private readonly db: Firestore) {}

  /** Every path is checked before the SDK sees it, as the local store checks it. */
  private doc(path: string) {
    assertDocumentPath(path);
    return this.db.doc(path);
  }

  private build(collectionPath: string, query: Query = {}): FirestoreQuery {
    assertCollectionPath(collectionPath);
    refuseReservedIds(collectionPath);
    return FirestoreStore.refine(this.db.collection(collectionPath), query);
  }

  private static refine(base: FirestoreQuery, query: Query): FirestoreQuery {
    let built = base;
    for (const filter of query.where ?? []) {
      if ('in' in filter) built = built.where(filter.field, 'in', filter.in);
      else if ('atLeast' in filter) built = built.where(filter.field, '>=', filter.atLeast);
      else if ('below' in filter) built = built.where(filter.field, '<', filter.below);
      else built = built.where(filter.field, '==', filter.equals);
    }
    if (query.orderBy) {
      const { field, direction } = query.orderBy;
      // Ties broken by the document, in the same direction, said out loud: a cursor may then name the
      // last document as its second value. The indexes already end with it, so none is added.
      built = built.orderBy(field, direction).orderBy(FieldPath.documentId(), direction);
    }
    if (query.startAfterPath !== undefined) assertDocumentPath(query.startAfterPath);
    if (query.startAfter !== undefined)
      built =
        query.startAfterPath === undefined
          ? built.startAfter(query.startAfter)
          : built.startAfter(query.startAfter, built.firestore.doc(query.startAfterPath));
    if (query.limit) built = built.limit(query.limit);
    return built;
  }

  async queryGroup<T extends object>(
    collectionId: string,
    query: Query = {},
  ): Promise<Array<GroupDocument<T>>> {
    const snapshot = await FirestoreStore.refine(this.db.collectionGroup(collectionId), query).get();
    return snapshot.docs.map((doc) => ({ id: doc.id, path: doc.ref.path, data: withDates(doc.data()) as T }));
  }

  private static documents<T>(snapshot: FirebaseFirestore.QuerySnapshot): Array<QueryDocument<T>> {
    return snapshot.docs.map((doc) => ({ id: doc.id, data: withDates(doc.data()) as T }));
  }

  async query<T extends object>(collectionPath: string, query?: Query): Promise<Array<QueryDocument<T>>> {
    return FirestoreStore.documents<T>(await this.build(collectionPath, query).get());
  }

  async count(collectionPath: string, where: Filter[]): Promise<number> {
    const counted = await this.build(collectionPath, { where }).count().get();
    return counted.data().count;
  }

  watchQuery<T extends object>(
    collectionPath: string,
    query: Query,
    onChange: (docs: Array<QueryDocument<T>>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe {
    const built = this.build(collectionPath, query);
    return isolate(onChange, onError, (next, error) =>
      built.onSnapshot((snapshot) => next(FirestoreStore.documents<T>(snapshot)), error),
    );
  }

  async get<T extends object>(path: string): Promise<T | undefined> {
    const snapshot = await this.doc(path).get();
    return snapshot.exists ? (withDates(snapshot.data()) as T) : undefined;
  }

  async runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.runTransaction(async (firestoreTx) => {
        const tx: Transaction = {
          get: async <D extends object>(path: string) => {
            const snapshot = await firestoreTx.get(this.doc(path));
            return snapshot.exists ? (withDates(snapshot.data()) as D) : undefined;
          },
          query: async <D extends object>(collectionPath: string, query?: Query) =>
            FirestoreStore.documents<D>(await firestoreTx.get(this.build(collectionPath, query))),
          set: (path, data) => void firestoreTx.set(this.doc(path), data),
          update: (path, fields) => void firestoreTx.update(this.doc(path), fields),
          delete: (path) => void firestoreTx.delete(this.doc(path)),
        };
        return work(tx);
      });
    } catch (error) {
      throw toStoreError(error);
    }
  }

  watch<T extends object>(
    path: string,
    onChange: (doc: T | undefined) => void,
    onError: (error: Error) => void,
  ): Unsubscribe {
    const ref = this.doc(path);
    return isolate(onChange, onError, (next, error) =>
      ref.onSnapshot(
        (snapshot) => next(snapshot.exists ? (withDates(snapshot.data()) as T) : undefined),
        error,
      ),
    );
  }
}
