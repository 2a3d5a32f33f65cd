/**
 * The store port over one SQLite file (better-sqlite3). Transactions run one at a time, so a
 * transaction's reads cannot go stale before its writes land: the same guarantee Firestore gives
 * by retrying, reached here by serialising.
 */
import Database from 'better-sqlite3';
import { decodeDocument, encodeDocument } from '../../../src/domain/wire';
import {
  assertCollectionId,
  assertCollectionPath,
  assertQuery,
  type Filter,
} from '../../../src/domain/query';
import {
  assertDocumentPath,
  refuseReservedIds,
  StoreError,
  type DocumentData,
  type GroupDocument,
  type Query,
  type QueryDocument,
  type Store,
  type Transaction,
  type Unsubscribe,
} from './store';

type Write =
  | { kind: 'set'; path: string; data: DocumentData }
  | { kind: 'update'; path: string; fields: DocumentData }
  | { kind: 'delete'; path: string };

/** A watch of a document or a query: its callbacks, and how to drop it. */
interface Watcher<Value> {
  onChange: (value: Value) => void;
  onError: (error: Error) => void;
  stop: Unsubscribe;
  stopped: boolean;
}
type Listener = Watcher<DocumentData | undefined>;
type QueryListener = Watcher<Array<QueryDocument<DocumentData>>>;

/**
 * The watchers of one query of one collection: they share each read of its results, and a query
 * is read again at most once every QUERY_RERUN_MS however often its collection is written (the
 * writes in between are in that read), so how many writes come does not multiply the work.
 */
interface QueryGroup {
  readonly collection: string;
  readonly query: Query;
  readonly listeners: Set<QueryListener>;
  /** When it was last read (performance.now()), and the read waiting for the interval to pass. */
  lastReadAt: number;
  reread: NodeJS.Timeout | undefined;
}

/** How often a watched query may be read again: changes within it reach its watchers together. */
export const QUERY_RERUN_MS = 250;

export interface DocumentChange {
  path: string;
  before: DocumentData | undefined;
  after: DocumentData | undefined;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Dates rest as { "$date": iso }, so they order as their ISO text; other values as themselves. */
function sortKey(field: string): string {
  return `COALESCE(json_extract(data, '$.${field}."$date"'), json_extract(data, '$.${field}'))`;
}

function bindable(value: string | number | boolean): string | number {
  return typeof value === 'boolean' ? Number(value) : value;
}

function filterClause(filter: Filter, values: Array<string | number>): string {
  const field = `json_extract(data, '$.${filter.field}')`;
  if ('in' in filter) {
    values.push(...filter.in.map(bindable));
    return `${field} IN (${filter.in.map(() => '?').join(', ')})`;
  }
  // Ranges go on the ordered field (the port says so), in the ordering's own expression, so its index serves both.
  if ('atLeast' in filter) {
    values.push(bindable(filter.atLeast));
    return `${sortKey(filter.field)} >= ?`;
  }
  if ('below' in filter) {
    values.push(bindable(filter.below));
    return `${sortKey(filter.field)} < ?`;
  }
  values.push(bindable(filter.equals));
  return `${field} = ?`;
}

function parentOf(path: string): { parent: string; collectionId: string } {
  const parts = path.split('/');
  return { parent: parts.slice(0, -1).join('/'), collectionId: parts[parts.length - 2] ?? '' };
}

export class SqliteStore implements Store {
  private readonly db: Database.Database;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Map<string, Set<Listener>>();
  /** The watched queries of each collection, by the query's JSON. */
  private readonly queryGroups = new Map<string, Map<string, QueryGroup>>();
  private readonly writeListeners = new Set<(changes: DocumentChange[]) => void>();
  /** Paths written since watchers last heard: they hear once per turn of the event loop, after the commits. */
  private changedPaths = new Set<string>();
  private delivery: NodeJS.Immediate | undefined;
  private readonly selectDocument: Database.Statement<[string], { data: string }>;
  private readonly upsertDocument: Database.Statement<[string, string, string, string]>;
  private readonly deleteDocument: Database.Statement<[string]>;
  /** One SQLite transaction for a handler's writes, made once as better-sqlite3 means it to be. */
  private readonly commitTransaction: (
    writes: Write[],
    before: Map<string, DocumentData | undefined> | null,
  ) => void;

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
    this.commitTransaction = this.db.transaction((writes: Write[], before) =>
      this.applyWrites(writes, before),
    );
  }

  close(): void {
    clearImmediate(this.delivery);
    this.delivery = undefined;
    for (const groups of this.queryGroups.values())
      for (const group of groups.values()) clearTimeout(group.reread);
    this.db.close();
  }

  /** Every document's path and stored text, in path order: tests compare it to see that nothing was written. */
  async contents(): Promise<Array<{ path: string; data: string }>> {
    return this.db.prepare('SELECT path, data FROM documents ORDER BY path').all() as Array<{
      path: string;
      data: string;
    }>;
  }

  private read(path: string): DocumentData | undefined {
    assertDocumentPath(path);
    const row = this.selectDocument.get(path);
    return row ? decodeDocument(row.data) : undefined;
  }

  private write(path: string, data: DocumentData): void {
    const { parent, collectionId } = parentOf(path);
    this.upsertDocument.run(path, parent, collectionId, encodeDocument(data));
  }

  async get<T extends object>(path: string): Promise<T | undefined> {
    return this.read(path) as T | undefined;
  }

  /** Rows of one collection (`parent`) or of every collection with that id (`collection_id`). */
  private rows(scope: 'parent' | 'collection_id', key: string, query: Query) {
    assertQuery(query);
    // Field names are checked by assertQuery, so they may stand in the SQL; values are bound.
    const clauses = [`${scope} = ?`];
    const values: Array<string | number> = [key];
    for (const filter of query.where ?? []) clauses.push(filterClause(filter, values));
    let sql = `SELECT path, data FROM documents WHERE ${clauses.join(' AND ')}`;
    if (query.orderBy) {
      const descending = query.orderBy.direction === 'desc';
      const ordered = sortKey(query.orderBy.field);
      this.ensureIndex(scope, query.where ?? [], query.orderBy.field);
      const after = descending ? '<' : '>';
      if (query.startAfter !== undefined) {
        // Dates are stored as ISO text, which orders as the dates do.
        const value =
          query.startAfter instanceof Date ? query.startAfter.toISOString() : bindable(query.startAfter);
        if (query.startAfterPath !== undefined) assertDocumentPath(query.startAfterPath);
        if (query.startAfterPath === undefined) {
          sql += ` AND ${ordered} ${after} ?`;
          values.push(value);
        } else {
          // A row value, which SQLite seeks to on the ordering's index.
          sql += ` AND (${ordered}, path) ${after} (?, ?)`;
          values.push(value, query.startAfterPath);
        }
      }
      // Ties go by path in the ordering's direction, as Firestore breaks them by document.
      sql += ` ORDER BY ${ordered} ${descending ? 'DESC' : 'ASC'}, path ${descending ? 'DESC' : 'ASC'}`;
    } else sql += ' ORDER BY path';
    if (query.limit) sql += ` LIMIT ${query.limit}`;
    return this.db.prepare(sql).all(...values) as Array<{ path: string; data: string }>;
  }

  /**
   * An ordered query gets an index on (its collection or collection id, its equality filters, the
   * ordered field) the first time it is asked for, the counterpart of firestore.indexes.json: a page
   * then reads only what it returns, whether the collection holds a hundred documents or 100,000.
   */
  private readonly indexes = new Set<string>();
  private ensureIndex(scope: 'parent' | 'collection_id', where: Filter[], field: string): void {
    const equals = where.filter((filter) => 'equals' in filter).map((filter) => filter.field);
    const name = [scope === 'parent' ? 'ordered' : 'group', ...equals, 'by', field]
      .join('_')
      .replace(/\./g, '_');
    if (this.indexes.has(name)) return;
    const columns = [
      scope,
      ...equals.map((each) => `json_extract(data, '$.${each}')`),
      sortKey(field),
      'path',
    ];
    this.db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON documents(${columns.join(', ')})`);
    this.indexes.add(name);
  }

  private select(collectionPath: string, query: Query = {}): Array<QueryDocument<DocumentData>> {
    assertCollectionPath(collectionPath);
    refuseReservedIds(collectionPath);
    return this.rows('parent', collectionPath, query).map((row) => ({
      id: row.path.slice(collectionPath.length + 1),
      data: decodeDocument(row.data),
    }));
  }

  async queryGroup<T extends object>(
    collectionId: string,
    query: Query = {},
  ): Promise<Array<GroupDocument<T>>> {
    assertCollectionId(collectionId);
    return this.rows('collection_id', collectionId, query).map((row) => ({
      id: row.path.slice(row.path.lastIndexOf('/') + 1),
      path: row.path,
      data: decodeDocument(row.data) as T,
    }));
  }

  async query<T extends object>(collectionPath: string, query?: Query): Promise<Array<QueryDocument<T>>> {
    return this.select(collectionPath, query) as Array<QueryDocument<T>>;
  }

  async count(collectionPath: string, where: Filter[]): Promise<number> {
    assertCollectionPath(collectionPath);
    refuseReservedIds(collectionPath);
    assertQuery({ where });
    const values: Array<string | number> = [collectionPath];
    const clauses = ['parent = ?', ...where.map((filter) => filterClause(filter, values))];
    const row = this.db
      .prepare(`SELECT COUNT(*) AS count FROM documents WHERE ${clauses.join(' AND ')}`)
      .get(...values) as { count: number };
    return row.count;
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
      query: async <D extends object>(collectionPath: string, query?: Query) => {
        if (writes.length > 0)
          throw new StoreError('failed-precondition', 'A transaction reads before it writes.');
        return this.select(collectionPath, query) as Array<QueryDocument<D>>;
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
    // The documents as they were, only when a trigger listens: reading them costs a decode each.
    const triggered = this.writeListeners.size > 0;
    const before = new Map<string, DocumentData | undefined>();
    this.commitTransaction(writes, triggered ? before : null);
    // Committed: nothing after this line may fail the transaction.
    if (this.listeners.size > 0 || this.queryGroups.size > 0) this.scheduleDelivery(writes);
    if (triggered) {
      const changes = [...before].map(([path, was]) => ({ path, before: was, after: this.read(path) }));
      for (const listener of this.writeListeners) {
        try {
          listener(changes);
        } catch (error) {
          console.error(`A write listener failed: ${asError(error).stack ?? String(error)}`);
        }
      }
    }
    return result;
  }

  private applyWrites(writes: Write[], before: Map<string, DocumentData | undefined> | null): void {
    for (const write of writes) {
      if (before && !before.has(write.path)) before.set(write.path, this.read(write.path));
      if (write.kind === 'set') this.write(write.path, write.data);
      else if (write.kind === 'delete') this.deleteDocument.run(write.path);
      else {
        // Merged as stored text: both sides are already in the wire form, so no dates to revive;
        // fields set to undefined drop out in the encoding, and so leave the stored value alone.
        const current = this.selectDocument.get(write.path);
        if (!current) throw new StoreError('not-found', `No document to update: ${write.path}`);
        const fields = JSON.parse(encodeDocument(write.fields)) as DocumentData;
        const { parent, collectionId } = parentOf(write.path);
        this.upsertDocument.run(
          write.path,
          parent,
          collectionId,
          JSON.stringify({ ...(JSON.parse(current.data) as DocumentData), ...fields }),
        );
      }
    }
  }

  /**
   * Watchers hear of commits on the next turn of the event loop, not inside the transaction: a
   * transaction returns as soon as it is stored, however many watch, and the commits of one turn
   * reach them as one read of each changed document and query.
   */
  private scheduleDelivery(writes: Write[]): void {
    for (const write of writes) this.changedPaths.add(write.path);
    this.delivery ??= setImmediate(() => {
      this.delivery = undefined;
      const paths = this.changedPaths;
      this.changedPaths = new Set();
      this.deliver(paths);
    });
  }

  private deliver(paths: Set<string>): void {
    for (const collection of new Set([...paths].map((path) => parentOf(path).parent))) {
      for (const group of [...(this.queryGroups.get(collection)?.values() ?? [])]) this.reread(group);
    }
    for (const path of paths) {
      const listeners = this.listeners.get(path);
      if (!listeners) continue;
      const doc = this.attempt(() => this.read(path));
      for (const listener of [...listeners]) SqliteStore.hear(listener, doc);
    }
  }

  /** Reads the query again now, or once its interval has passed if it was read within it. */
  private reread(group: QueryGroup): void {
    if (group.reread) return;
    const wait = group.lastReadAt + QUERY_RERUN_MS - performance.now();
    if (wait <= 0) {
      this.readGroup(group);
      return;
    }
    group.reread = setTimeout(() => {
      group.reread = undefined;
      this.readGroup(group);
    }, wait);
    group.reread.unref();
  }

  private readGroup(group: QueryGroup): void {
    if (group.listeners.size === 0) return;
    group.lastReadAt = performance.now();
    const docs = this.attempt(() => this.select(group.collection, group.query));
    for (const listener of [...group.listeners]) SqliteStore.hear(listener, docs);
  }

  private attempt<T>(read: () => T): T | Error {
    try {
      return read();
    } catch (error) {
      return asError(error);
    }
  }

  /**
   * Hands a watcher its value, or its error; a failing watch (a read it cannot have, a callback that
   * throws) hears the error once and is dropped, and the others go on.
   */
  private static hear<Value>(watcher: Watcher<Value>, value: Value | Error): void {
    if (watcher.stopped) return;
    try {
      if (value instanceof Error) throw value;
      watcher.onChange(value);
    } catch (error) {
      watcher.stop();
      try {
        watcher.onError(asError(error));
      } catch (failure) {
        console.error(`A watch's error callback failed: ${asError(failure).stack ?? String(failure)}`);
      }
    }
  }

  /** Adds a watcher under a key, and gives it the way to remove itself (and the key once empty). */
  private static register<W extends Watcher<never>>(map: Map<string, Set<W>>, key: string, watcher: W): W {
    const watchers = map.get(key) ?? new Set<W>();
    map.set(key, watchers);
    watchers.add(watcher);
    watcher.stop = () => {
      watcher.stopped = true;
      watchers.delete(watcher);
      if (watchers.size === 0 && map.get(key) === watchers) map.delete(key);
    };
    return watcher;
  }

  /** Throws at once for a path that is not a document's. */
  watch<T extends object>(
    path: string,
    onChange: (doc: T | undefined) => void,
    onError: (error: Error) => void,
  ): Unsubscribe {
    assertDocumentPath(path);
    const listener = SqliteStore.register<Listener>(this.listeners, path, {
      onChange: (doc) => onChange(doc as T | undefined),
      onError,
      stop: () => undefined,
      stopped: false,
    });
    queueMicrotask(() => {
      if (listener.stopped) return;
      const doc = this.attempt(() => this.read(path));
      SqliteStore.hear(listener, doc);
    });
    return listener.stop;
  }

  /** The local stand-in for Firestore triggers: every committed change, with the document before and after. */
  onWrite(listener: (changes: DocumentChange[]) => void): Unsubscribe {
    this.writeListeners.add(listener);
    return () => this.writeListeners.delete(listener);
  }

  /** Throws at once for a query the store refuses (a bad path, field, filter or cursor): no such watch is kept. */
  watchQuery<T extends object>(
    collectionPath: string,
    query: Query,
    onChange: (docs: Array<QueryDocument<T>>) => void,
    onError: (error: Error) => void,
  ): Unsubscribe {
    // Read once now, so a query SQLite cannot run is refused here and never registered.
    const first = this.select(collectionPath, query);
    const key = JSON.stringify(query);
    const groups = this.queryGroups.get(collectionPath) ?? new Map<string, QueryGroup>();
    this.queryGroups.set(collectionPath, groups);
    const group = groups.get(key) ?? {
      collection: collectionPath,
      query,
      listeners: new Set<QueryListener>(),
      lastReadAt: performance.now(),
      reread: undefined,
    };
    groups.set(key, group);
    const listener: QueryListener = {
      onChange: (docs) => onChange(docs as Array<QueryDocument<T>>),
      onError,
      stop: () => {
        listener.stopped = true;
        group.listeners.delete(listener);
        if (group.listeners.size > 0 || groups.get(key) !== group) return;
        clearTimeout(group.reread);
        groups.delete(key);
        if (groups.size === 0 && this.queryGroups.get(collectionPath) === groups)
          this.queryGroups.delete(collectionPath);
      },
      stopped: false,
    };
    group.listeners.add(listener);
    queueMicrotask(() => SqliteStore.hear(listener, first));
    return listener.stop;
  }
}
