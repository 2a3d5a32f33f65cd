/** The store port over Firestore through the Admin SDK: production, and the Firestore emulator in tests. */
import type { Firestore } from 'firebase-admin/firestore';
import { withDates } from '../../../src/domain/wire';
import { StoreError, type Store, type Transaction, type Unsubscribe } from './store';

function toStoreError(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 5 || code === 'not-found') return new StoreError('not-found', (error as Error).message);
  return error;
}

export class FirestoreStore implements Store {
  constructor(private readonly db: Firestore) {}

  async get<T extends object>(path: string): Promise<T | undefined> {
    const snapshot = await this.db.doc(path).get();
    return snapshot.exists ? (withDates(snapshot.data()) as T) : undefined;
  }

  async runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    try {
      return await this.db.runTransaction(async (firestoreTx) => {
        const tx: Transaction = {
          get: async <D extends object>(path: string) => {
            const snapshot = await firestoreTx.get(this.db.doc(path));
            return snapshot.exists ? (withDates(snapshot.data()) as D) : undefined;
          },
          set: (path, data) => void firestoreTx.set(this.db.doc(path), data),
          update: (path, fields) => void firestoreTx.update(this.db.doc(path), fields),
          delete: (path) => void firestoreTx.delete(this.db.doc(path)),
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
    return this.db
      .doc(path)
      .onSnapshot(
        (snapshot) => onChange(snapshot.exists ? (withDates(snapshot.data()) as T) : undefined),
        onError,
      );
  }
}
