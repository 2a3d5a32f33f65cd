/**
 * The store port over one SQLite file (better-sqlite3). Transactions run one at a time, so a
 * transaction's reads cannot go stale before its writes land: the same guarantee Firestore gives
 * by retrying, reached here by serialising.
 */
import Database from 'better-sqlite3';
import { decodeDocument, encodeDocument } from '../../../src/domain/wire';
import {
  assertDocumentPath,
  StoreError,
  type DocumentData,
  type Store,
  type Transaction,
  type Unsubscribe,
} from './store';

type Write =
  | { kind: 'set'; path: string; data: DocumentData }
  | { kind: 'update'; path: string; fields: DocumentData }
  | { kind: 'delete'; path: string };

type Listener = { onChange: (doc: DocumentData | undefined) => void };

function withoutUndefined(data: DocumentData): DocumentData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}

function parentOf(path: string): { parent: string; collectionId: string } {
  const parts = path.split('/');
  return { parent: parts.slice(0, -1).join('/'), collectionId: parts[parts.length - 2] ?? '' };
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly selectDocument: Database.Statement<[string], { data: string }>;
  private readonly upsertDocument: Database.Statement<[string, string, string, string]>;
  private readonly deleteDocument: Database.Statement<[string]>;

  constructor(filename: string) {
    this.db = new Database(filename);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS documents (
        path TEXT PRIMARY KEY,
        parent TEXT NOT NULL,
        collection_id TEXT NOT NULL,
        data TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS documents_parent ON documents(parent);
      CREATE INDEX IF NOT EXISTS documents_collection_id ON documents(collection_id);
    `);
    this.selectDocument = this.db.prepare('SELECT data FROM documents WHERE path = ?');
    this.upsertDocument = this.db.prepare(
      `INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET data = excluded.data`,
    );
    this.deleteDocument = this.db.prepare('DELETE FROM documents WHERE path = ?');
  }

  close(): void {
    this.db.close();
  }

  private read(path: string): DocumentData | undefined {
    assertDocumentPath(path);
    const row = this.selectDocument.get(path);
    return row ? decodeDocument(row.data) : undefined;
  }

  private write(path: string, data: DocumentData): void {
    const { parent, collectionId } = parentOf(path);
    this.upsertDocument.run(path, parent, collectionId, encodeDocument(withoutUndefined(data)));
  }

  async get<T extends object>(path: string): Promise<T | undefined> {
    return this.read(path) as T | undefined;
  }

  runTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.execute(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async execute<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const writes: Write[] = [];
    const tx: Transaction = {
      get: async <D extends object>(path: string) => {
        if (writes.length > 0)
          throw new StoreError('failed-precondition', 'A transaction reads before it writes.');
        return this.read(path) as D | undefined;
      },
      set: (path, data) => {
        assertDocumentPath(path);
        writes.push({ kind: 'set', path, data });
      },
      update: (path, fields) => {
        assertDocumentPath(path);
        writes.push({ kind: 'update', path, fields });
      },
      delete: (path) => {
        assertDocumentPath(path);
        writes.push({ kind: 'delete', path });
      },
    };
    const result = await work(tx);
    const commit = this.db.transaction(() => {
      for (const write of writes) {
        if (write.kind === 'set') this.write(write.path, write.data);
        else if (write.kind === 'delete') this.deleteDocument.run(write.path);
        else {
          const current = this.read(write.path);
          if (!current) throw new StoreError('not-found', `No document to update: ${write.path}`);
          this.write(write.path, { ...current, ...withoutUndefined(write.fields) });
        }
      }
    });
    commit();
    this.notify(new Set(writes.map((write) => write.path)));
    return result;
  }

  private notify(paths: Set<string>): void {
    for (const path of paths) {
      const listeners = this.listeners.get(path);
      if (!listeners?.size) continue;
      const doc = this.read(path);
      for (const listener of listeners) listener.onChange(doc);
    }
  }

  watch<T extends object>(
    path: string,
    onChange: (doc: T | undefined) => void,
    onError: (error: Error) => void,
  ): Unsubscribe {
    const listener: Listener = { onChange: (doc) => onChange(doc as T | undefined) };
    let listeners = this.listeners.get(path);
    if (!listeners) this.listeners.set(path, (listeners = new Set()));
    listeners.add(listener);
    queueMicrotask(() => {
      if (!listeners.has(listener)) return;
      try {
        listener.onChange(this.read(path));
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)));
      }
    });
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(path);
    };
  }
}
