/**
 * Helpers for handler tests: a store of the test's own, a clock that tests move, and callers. The store
 * is SQLite in memory, or a Firestore emulator's database of its own when TEST_STORE is `firestore` (the
 * `handlers-firestore` test project): one switch runs every handler test on both stores.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import type { Photo } from '../../src/domain/photo';
import { photoRecord } from '../../src/testing/photo-record';
import { newUser } from '../../src/domain/user';
import { LocalFileStore } from './files/local-file-store';
import type { Caller, Clock, HandlerContext } from './handlers/handler';
import { sealVoter, voteIdOf, voteKeysIn, type StoredVote } from './handlers/vote-keys';
import { createContentClassifier } from './photos/content-screening';
import { createFaceAnalyzer } from './photos/face-analysis';
import { FirestoreStore } from './store/firestore-store';
import { SqliteStore } from './store/sqlite-store';
import type { Store, Transaction } from './store/store';

export class TestClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
  advanceSeconds(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export function caller(uid: string, extra: Partial<Caller> = {}): Caller {
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: false,
    signInProvider: 'password',
    name: null,
    picture: null,
    // Signed in a minute before the tests' clock starts.
    authTime: new Date('2026-11-22T09:59:00Z'),
    ...extra,
  };
}

/** One analyzer for all tests: its models load once per process. */
const faces = createFaceAnalyzer();
const screening = createContentClassifier();

/** The store port, and every document it holds: tests compare them to see that nothing was written. */
export type TestStore = Store & { contents(): Promise<Array<{ path: string; data: string }>> };

/** Which store the handler tests run on. */
export const TEST_STORE: 'sqlite' | 'firestore' =
  process.env.TEST_STORE === 'firestore' ? 'firestore' : 'sqlite';

const firestoreApps: App[] = [];
/** Ends the Firestore clients the file's tests opened (the `handlers-firestore` project's setup calls it). */
export async function closeTestStores(): Promise<void> {
  await Promise.all(firestoreApps.splice(0).map((app) => deleteApp(app)));
}

/** Every document under the given collections, depth first, as the SQLite store lists its rows. */
async function firestoreContents(db: Firestore): Promise<Array<{ path: string; data: string }>> {
  const rows: Array<{ path: string; data: string }> = [];
  const walk = async (collections: FirebaseFirestore.CollectionReference[]): Promise<void> => {
    for (const collection of collections) {
      for (const ref of await collection.listDocuments()) {
        const snapshot = await ref.get();
        if (snapshot.exists) rows.push({ path: ref.path, data: JSON.stringify(snapshot.data()) });
        await walk(await ref.listCollections());
      }
    }
  };
  await walk(await db.listCollections());
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * A Firestore store in a project of its own on the emulator FIRESTORE_EMULATOR_HOST names, so tests and
 * files run side by side without seeing each other's documents. Set as the functions set it.
 */
export function firestoreTestStore(): TestStore {
  const projectId = `demo-test-${randomUUID().slice(0, 13)}`;
  const app = initializeApp({ projectId }, projectId);
  firestoreApps.push(app);
  const db = getFirestore(app);
  db.settings({ ignoreUndefinedProperties: true });
  return Object.assign(new FirestoreStore(db), { contents: () => firestoreContents(db) });
}

/** The local server's own store, for tests of the local host. */
export const localTestContext = () => testContext(undefined, new SqliteStore(':memory:'));

export function testStore(): TestStore {
  return TEST_STORE === 'firestore' ? firestoreTestStore() : new SqliteStore(':memory:');
}

export function testContext<S extends TestStore = TestStore>(
  clock = new TestClock(new Date('2026-11-22T10:00:00Z')),
  store: S = testStore() as S,
) {
  const files = new LocalFileStore(
    mkdtempSync(path.join(tmpdir(), 'photorater-files-')),
    'http://files.test',
  );
  const deletedAccounts: string[] = [];
  const disabledAccounts = new Set<string>();
  const adminAccounts = new Set<string>();
  /** The accounts whose sign-ins were ended, in order. */
  const revokedAccounts: string[] = [];
  const accounts = {
    deleteUser: async (uid: string) => void deletedAccounts.push(uid),
    setDisabled: async (uid: string, disabled: boolean) =>
      void (disabled ? disabledAccounts.add(uid) : disabledAccounts.delete(uid)),
    setAdminClaim: async (uid: string, admin: boolean) =>
      void (admin ? adminAccounts.add(uid) : adminAccounts.delete(uid)),
    revokeRefreshTokens: async (uid: string) => void revokedAccounts.push(uid),
  };
  const as = (who: Caller | null): HandlerContext => ({
    caller: who,
    store,
    clock,
    files,
    faces,
    screening,
    accounts,
  });
  return {
    store,
    clock,
    files,
    accounts,
    as,
    deletedAccounts,
    disabledAccounts,
    adminAccounts,
    revokedAccounts,
  };
}

const require = createRequire(import.meta.url);
/** One of the six photos with faces that @vladmandic/face-api ships for its demos. */
export const samplePhoto = (n: number) =>
  readFileSync(
    path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`),
  );

/** A JPEG carrying EXIF with GPS coordinates, made from a sample photo. */
export async function gpsTaggedJpeg(): Promise<Buffer> {
  return sharp(samplePhoto(2))
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Locator 1', Copyright: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .jpeg()
    .toBuffer();
}

/** A complete member record, written straight to the store. */
export async function seedMember(
  store: Store,
  uid: string,
  overrides: Record<string, unknown> = {},
): Promise<void> {
  const at = new Date('2026-11-01T10:00:00Z');
  const member = newUser({
    uid,
    email: `${uid}@example.com`,
    displayName: uid,
    emailVerified: true,
    providers: ['password'],
    age: 30,
    birthyear: 1996,
    gender: 'female',
    showGender: 'both',
    complete: true,
    onBoarding: true,
    createdAt: at,
  });
  await store.runTransaction(async (tx) => tx.set(`users/${uid}`, { ...member, ...overrides }));
}

/** A processed photo record (no files), written straight to the store. */
export async function seedPhoto(
  store: Store,
  uid: string,
  id: string,
  overrides: Partial<Photo> = {},
  ownerSubscribed = false,
): Promise<void> {
  const at = new Date('2026-11-10T10:00:00Z');
  const photo = photoRecord(id, uid, { uploadedAt: at, ...overrides }, ownerSubscribed);
  await store.runTransaction(async (tx) => tx.set(`users/${uid}/photos/${id}`, { ...photo }));
}

/**
 * A member's vote on a photo as submitRating stores it (its id the keyed hash, its voter sealed),
 * written straight to the store; its id.
 */
export async function seedVote(
  store: Store,
  ownerId: string,
  photoId: string,
  voterId: string,
  overrides: Partial<StoredVote> = {},
): Promise<string> {
  const ratedAt = new Date('2026-11-20T10:00:00Z');
  return store.runTransaction(async (tx) => {
    const { keys, keep } = await voteKeysIn(tx, store);
    const voteId = voteIdOf(keys, voterId, ownerId, photoId);
    keep();
    const vote: StoredVote = {
      rate: 4,
      originalRate: 4,
      comment: '',
      chips: [],
      ageDecade: 30,
      gender: 'male',
      sealedVoter: sealVoter(keys, voterId),
      viewingTimeSeconds: 8,
      ratedAt,
      date: '2026-11-20',
      evaluated: true,
      reactions: [],
      replies: [],
      ...overrides,
      commented: overrides.commented ?? (overrides.comment ?? '').trim() !== '',
    };
    tx.set(`users/${ownerId}/photos/${photoId}/votes/${voteId}`, { ...vote });
    return voteId;
  });
}

/** The paths one transaction read and wrote, in order. */
export interface TransactionRecord {
  reads: string[];
  writes: string[];
}

/**
 * The store with each transaction's reads and writes recorded, so a test can see what a handler's
 * transactions touch (and how many writes each commits) on the same code path as the product.
 */
export function recordingTransactions(store: Store): { store: Store; transactions: TransactionRecord[] } {
  const transactions: TransactionRecord[] = [];
  const recording: Store = {
    get: (path) => store.get(path),
    query: (collectionPath, query) => store.query(collectionPath, query),
    queryGroup: (collectionId, query) => store.queryGroup(collectionId, query),
    count: (collectionPath, where) => store.count(collectionPath, where),
    watch: (path, onChange, onError) => store.watch(path, onChange, onError),
    watchQuery: (collectionPath, query, onChange, onError) =>
      store.watchQuery(collectionPath, query, onChange, onError),
    runTransaction: (work) =>
      store.runTransaction((tx) => {
        const record: TransactionRecord = { reads: [], writes: [] };
        transactions.push(record);
        return work({
          get: (path) => {
            record.reads.push(path);
            return tx.get(path);
          },
          query: (collectionPath, query) => {
            record.reads.push(collectionPath);
            return tx.query(collectionPath, query);
          },
          set: (path, data) => {
            record.writes.push(path);
            tx.set(path, data);
          },
          update: (path, fields) => {
            record.writes.push(path);
            tx.update(path, fields);
          },
          delete: (path) => {
            record.writes.push(path);
            tx.delete(path);
          },
        });
      }),
  };
  return { store: recording, transactions };
}

/** What a handler read: every document a read returned (as Firestore bills them), and each call's path. */
export interface ReadCount {
  documents: number;
  paths: string[];
}

/**
 * The store with its reads counted, in transactions and out: a query counts the documents it returns
 * (at least one, as Firestore bills an empty one), so a test can see a read that grows with history.
 */
export function countingReads(store: Store): { store: Store; reads: ReadCount } {
  const reads: ReadCount = { documents: 0, paths: [] };
  const counted = <T>(path: string, found: T | undefined) => {
    reads.paths.push(path);
    reads.documents += Array.isArray(found) ? Math.max(1, found.length) : 1;
    return found;
  };
  const counting: Store = {
    get: async (path) => counted(path, await store.get(path)),
    query: async (collectionPath, query) =>
      counted(collectionPath, await store.query(collectionPath, query))!,
    queryGroup: async (collectionId, query) =>
      counted(collectionId, await store.queryGroup(collectionId, query))!,
    // Firestore bills a count by the thousand documents it counts: one read here, as for a small one.
    count: async (collectionPath, where) =>
      counted(collectionPath, await store.count(collectionPath, where))!,
    watch: (path, onChange, onError) => store.watch(path, onChange, onError),
    watchQuery: (collectionPath, query, onChange, onError) =>
      store.watchQuery(collectionPath, query, onChange, onError),
    runTransaction: (work) =>
      store.runTransaction((tx) =>
        work({
          get: async (path) => counted(path, await tx.get(path)),
          query: async (collectionPath, query) =>
            counted(collectionPath, await tx.query(collectionPath, query))!,
          set: (path, data) => tx.set(path, data),
          update: (path, fields) => tx.update(path, fields),
          delete: (path) => tx.delete(path),
        }),
      ),
  };
  return { store: counting, reads };
}

/** Records the paths each committed transaction writes (set, update, delete), one list per transaction. */
export function recordTransactionWrites(store: Store): string[][] {
  const committed: string[][] = [];
  const run = store.runTransaction.bind(store);
  store.runTransaction = <T>(work: (tx: Transaction) => Promise<T>) => {
    const written: string[] = [];
    return run(async (tx) => {
      written.length = 0;
      const recording: Transaction = {
        get: (docPath) => tx.get(docPath),
        query: (collectionPath, query) => tx.query(collectionPath, query),
        set: (docPath, data) => (written.push(docPath), tx.set(docPath, data)),
        update: (docPath, fields) => (written.push(docPath), tx.update(docPath, fields)),
        delete: (docPath) => (written.push(docPath), tx.delete(docPath)),
      };
      return work(recording);
    }).then((result) => {
      committed.push([...written]);
      return result;
    });
  };
  return committed;
}
