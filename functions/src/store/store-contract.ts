/**
 * The store port's contract: one suite that every implementation passes (SQLite always, Firestore
 * against its emulator). Each later store operation adds its cases here.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StoreError, type Store } from './store';

function nextChange<T extends object>(store: Store, path: string, accept: (doc: T | undefined) => boolean) {
  return new Promise<T | undefined>((resolve, reject) => {
    const stop = store.watch<T>(
      path,
      (doc) => {
        if (!accept(doc)) return;
        queueMicrotask(() => stop());
        resolve(doc);
      },
      reject,
    );
  });
}

export function storeContract(makeStore: () => Store) {
  const fresh = () => `contract/${randomUUID()}`;

  describe('store contract', () => {
    it('reads back what a transaction set, dates as Dates', async () => {
      const store = makeStore();
      const path = fresh();
      const at = new Date('2026-01-02T03:04:05.678Z');
      await store.runTransaction(async (tx) =>
        tx.set(path, { name: 'Alex', at, nested: { at, list: [1, 'two'] } }),
      );
      const doc = await store.get<{ name: string; at: Date; nested: { at: Date; list: unknown[] } }>(path);
      expect(doc?.name).toBe('Alex');
      expect(doc?.at).toBeInstanceOf(Date);
      expect(doc?.at.getTime()).toBe(at.getTime());
      expect(doc?.nested.at.getTime()).toBe(at.getTime());
      expect(doc?.nested.list).toEqual([1, 'two']);
    });

    it("refuses Firestore's reserved ids (__name__ and the like) anywhere in a path, as a caller's mistake", async () => {
      const store = makeStore();
      const refused = { name: 'StoreError', code: 'invalid-argument' };
      await expect(store.get('users/__name__')).rejects.toMatchObject(refused);
      await expect(store.query('users/__x__/photos')).rejects.toMatchObject(refused);
      await expect(
        store.query('contract', {
          orderBy: { field: 'n', direction: 'asc' },
          startAfter: 1,
          startAfterPath: 'contract/__key__',
        }),
      ).rejects.toMatchObject(refused);
      await expect(
        store.runTransaction(async (tx) => {
          await tx.get('contract/__id__');
        }),
      ).rejects.toMatchObject(refused);
      await expect(
        store.runTransaction(async (tx) => {
          tx.set('contract/__id__', { n: 1 });
        }),
      ).rejects.toMatchObject(refused);
      // Underscores elsewhere are ordinary ids.
      expect(await store.get('contract/__half')).toBeUndefined();
    });

    it('returns undefined for a missing document', async () => {
      expect(await makeStore().get(fresh())).toBeUndefined();
    });

    it('merges top-level fields on update and leaves the others', async () => {
      const store = makeStore();
      const path = fresh();
      await store.runTransaction(async (tx) => tx.set(path, { a: 1, b: 2 }));
      await store.runTransaction(async (tx) => tx.update(path, { b: 3, c: 4 }));
      expect(await store.get(path)).toEqual({ a: 1, b: 3, c: 4 });
    });

    it('fails an update of a missing document and writes nothing of that transaction', async () => {
      const store = makeStore();
      const written = fresh();
      const missing = fresh();
      const attempt = store.runTransaction(async (tx) => {
        tx.set(written, { a: 1 });
        tx.update(missing, { b: 2 });
      });
      await expect(attempt).rejects.toBeInstanceOf(StoreError);
      await expect(attempt).rejects.toMatchObject({ code: 'not-found' });
      expect(await store.get(written)).toBeUndefined();
      expect(await store.get(missing)).toBeUndefined();
    });

    it('writes nothing when the work throws', async () => {
      const store = makeStore();
      const path = fresh();
      await expect(
        store.runTransaction(async (tx) => {
          tx.set(path, { a: 1 });
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.get(path)).toBeUndefined();
    });

    it('deletes', async () => {
      const store = makeStore();
      const path = fresh();
      await store.runTransaction(async (tx) => tx.set(path, { a: 1 }));
      await store.runTransaction(async (tx) => tx.delete(path));
      expect(await store.get(path)).toBeUndefined();
    });

    it('refuses a read after a write in one transaction', async () => {
      const store = makeStore();
      const path = fresh();
      await expect(
        store.runTransaction(async (tx) => {
          tx.set(path, { a: 1 });
          await tx.get(path);
        }),
      ).rejects.toThrow();
      expect(await store.get(path)).toBeUndefined();
    });

    it('keeps read-modify-write exact under concurrent transactions', async () => {
      const store = makeStore();
      const path = fresh();
      await store.runTransaction(async (tx) => tx.set(path, { count: 0 }));
      await Promise.all(
        Array.from({ length: 25 }, () =>
          store.runTransaction(async (tx) => {
            const doc = await tx.get<{ count: number }>(path);
            tx.update(path, { count: (doc?.count ?? 0) + 1 });
          }),
        ),
      );
      expect(await store.get(path)).toEqual({ count: 25 });
      // Firestore settles conflicting transactions by aborting and retrying them, the emulator only
      // after its lock timeout: 25 at once take tens of seconds there.
    }, 120_000);

    it('queries a collection with equality filters, ordering on numbers and dates, and a limit', async () => {
      const store = makeStore();
      const collection = `${fresh()}/photos`;
      const base = Date.parse('2026-01-01T00:00:00Z');
      await store.runTransaction(async (tx) => {
        tx.set(`${collection}/a`, { rate: 3.5, active: true, at: new Date(base + 3000), owner: 'x' });
        tx.set(`${collection}/b`, { rate: 4.5, active: false, at: new Date(base + 1000), owner: 'x' });
        tx.set(`${collection}/c`, { rate: 1, active: true, at: new Date(base + 2000), owner: 'y' });
        tx.set(`${collection}/c/votes/v1`, { rate: 5 });
        tx.set(`${fresh()}/photos/elsewhere`, { rate: 5, active: true });
      });
      const ids = (docs: Array<{ id: string }>) => docs.map((doc) => doc.id);
      expect(ids(await store.query(collection))).toEqual(['a', 'b', 'c']);
      expect(ids(await store.query(collection, { orderBy: { field: 'rate', direction: 'desc' } }))).toEqual([
        'b',
        'a',
        'c',
      ]);
      expect(ids(await store.query(collection, { orderBy: { field: 'at', direction: 'desc' } }))).toEqual([
        'a',
        'c',
        'b',
      ]);
      expect(
        ids(
          await store.query(collection, {
            where: [{ field: 'active', equals: true }],
            orderBy: { field: 'at', direction: 'asc' },
          }),
        ),
      ).toEqual(['c', 'a']);
      expect(
        ids(
          await store.query(collection, {
            where: [
              { field: 'owner', equals: 'x' },
              { field: 'active', equals: false },
            ],
          }),
        ),
      ).toEqual(['b']);
      expect(
        ids(await store.query(collection, { orderBy: { field: 'rate', direction: 'asc' }, limit: 2 })),
      ).toEqual(['c', 'a']);
      const [first] = await store.query<{ at: Date }>(collection, {
        orderBy: { field: 'at', direction: 'asc' },
        limit: 1,
      });
      expect(first?.data.at).toEqual(new Date(base + 1000));
      const afterDate = await store.query(collection, {
        orderBy: { field: 'at', direction: 'desc' },
        startAfter: new Date(base + 3000),
      });
      expect(ids(afterDate)).toEqual(['c', 'b']);
    });

    it('counts the documents of a collection that match, not its subcollections or other collections', async () => {
      const store = makeStore();
      const collection = `${fresh()}/events`;
      await store.runTransaction(async (tx) => {
        tx.set(`${collection}/a`, { test: 'hero', kind: 'assignment' });
        tx.set(`${collection}/b`, { test: 'hero', kind: 'assignment' });
        tx.set(`${collection}/c`, { test: 'hero', kind: 'conversion' });
        tx.set(`${collection}/d`, { test: 'other', kind: 'assignment' });
        tx.set(`${collection}/a/notes/n`, { test: 'hero', kind: 'assignment' });
        tx.set(`${fresh()}/events/e`, { test: 'hero', kind: 'assignment' });
      });
      const hero = { field: 'test', equals: 'hero' };
      expect(await store.count(collection, [hero, { field: 'kind', equals: 'assignment' }])).toBe(2);
      expect(await store.count(collection, [hero, { field: 'kind', in: ['assignment', 'conversion'] }])).toBe(
        3,
      );
      expect(await store.count(collection, [])).toBe(4);
      expect(await store.count(`${fresh()}/events`, [hero])).toBe(0);
    });

    it('queries a collection group across owners, with "in" filters and a cursor on the ordering', async () => {
      const store = makeStore();
      const group = `g${randomUUID().replace(/-/g, '')}`;
      const root = fresh();
      await store.runTransaction(async (tx) => {
        tx.set(`${root}/owners/ann/${group}/a`, { order: 'b', showTo: 'both', active: true });
        tx.set(`${root}/owners/ann/${group}/b`, { order: 'd', showTo: 'male', active: true });
        tx.set(`${root}/owners/bob/${group}/c`, { order: 'a', showTo: 'female', active: true });
        tx.set(`${root}/owners/bob/${group}/d`, { order: 'c', showTo: 'both', active: false });
        tx.set(`${root}/owners/cid/${group}/e`, { order: 'e', showTo: 'both', active: true });
        tx.set(`${root}/owners/cid/other/f`, { order: '0', showTo: 'both', active: true });
      });
      const page = (startAfter?: string) =>
        store.queryGroup<{ order: string }>(group, {
          where: [
            { field: 'active', equals: true },
            { field: 'showTo', in: ['both', 'male'] },
          ],
          orderBy: { field: 'order', direction: 'asc' },
          ...(startAfter === undefined ? {} : { startAfter }),
          limit: 2,
        });
      const first = await page();
      expect(first.map((doc) => doc.id)).toEqual(['a', 'b']);
      expect(first[0]?.path).toBe(`${root}/owners/ann/${group}/a`);
      const second = await page(first.at(-1)?.data.order);
      expect(second.map((doc) => doc.id)).toEqual(['e']);
      const descending = await store.queryGroup(group, {
        orderBy: { field: 'order', direction: 'desc' },
        limit: 2,
      });
      expect(descending.map((doc) => doc.id)).toEqual(['e', 'b']);
    });

    it('pages through ties with a cursor that names the last document, in both directions', async () => {
      const store = makeStore();
      const root = fresh();
      // A collection id of this test's own: group queries span the whole store.
      const group = `tied${root.replace(/[^A-Za-z0-9]/g, '')}`;
      await store.runTransaction(async (tx) => {
        for (const id of ['a', 'b', 'c', 'd', 'e'])
          tx.set(`${root}/members/${id}`, { tokens: id < 'e' ? 2 : 9 });
        tx.set(`${root}/members/x/${group}/p1`, { tokens: 2 });
        tx.set(`${root}/members/y/${group}/p2`, { tokens: 2 });
        tx.set(`${root}/members/z/${group}/p3`, { tokens: 2 });
      });
      for (const direction of ['desc', 'asc'] as const) {
        const seen: string[] = [];
        let cursor: { value: number; path: string } | undefined;
        for (let pages = 0; pages < 5; pages++) {
          const page = await store.query<{ tokens: number }>(`${root}/members`, {
            orderBy: { field: 'tokens', direction },
            ...(cursor ? { startAfter: cursor.value, startAfterPath: cursor.path } : {}),
            limit: 2,
          });
          seen.push(...page.map((doc) => doc.id));
          const last = page.at(-1);
          if (page.length < 2 || !last) break;
          cursor = { value: last.data.tokens, path: `${root}/members/${last.id}` };
        }
        expect(seen).toEqual(direction === 'desc' ? ['e', 'd', 'c', 'b', 'a'] : ['a', 'b', 'c', 'd', 'e']);
      }
      const first = await store.queryGroup<{ tokens: number }>(group, {
        orderBy: { field: 'tokens', direction: 'desc' },
        limit: 2,
      });
      const rest = await store.queryGroup<{ tokens: number }>(group, {
        orderBy: { field: 'tokens', direction: 'desc' },
        startAfter: 2,
        startAfterPath: first[1]!.path,
        limit: 10,
      });
      expect([...first, ...rest].map((doc) => doc.id)).toEqual(['p3', 'p2', 'p1']);
    });

    it('finds a prefix with range filters on the ordered field, with a cursor', async () => {
      const store = makeStore();
      const root = fresh();
      const people: Array<[string, string]> = [
        ['a', 'ann'],
        ['b', 'anna'],
        ['c', 'annabel'],
        ['d', 'anz'],
        ['e', 'bob'],
        ['f', 'an'],
      ];
      await store.runTransaction(async (tx) => {
        for (const [id, name] of people) tx.set(`${root}/people/${id}`, { name, tokens: id.charCodeAt(0) });
      });
      const page = (startAfter?: string) =>
        store.query<{ name: string }>(`${root}/people`, {
          where: [
            { field: 'name', atLeast: 'ann' },
            { field: 'name', below: 'ann\uf8ff' },
          ],
          orderBy: { field: 'name', direction: 'asc' },
          ...(startAfter === undefined ? {} : { startAfter }),
          limit: 2,
        });
      const first = await page();
      expect(first.map((doc) => doc.data.name)).toEqual(['ann', 'anna']);
      expect((await page('anna')).map((doc) => doc.data.name)).toEqual(['annabel']);
      const numbers = await store.query<{ name: string }>(`${root}/people`, {
        where: [
          { field: 'tokens', atLeast: 98 },
          { field: 'tokens', below: 101 },
        ],
        orderBy: { field: 'tokens', direction: 'desc' },
      });
      expect(numbers.map((doc) => doc.data.name)).toEqual(['anz', 'annabel', 'anna']);
    });

    it('reads a query inside a transaction, before its writes', async () => {
      const store = makeStore();
      const collection = `${fresh()}/photos`;
      await store.runTransaction(async (tx) => {
        tx.set(`${collection}/a`, { n: 1 });
        tx.set(`${collection}/b`, { n: 2 });
      });
      const counted = await store.runTransaction(async (tx) => {
        const docs = await tx.query(collection);
        tx.set(`${collection}/c`, { n: docs.length + 1 });
        return docs.length;
      });
      expect(counted).toBe(2);
      expect(await store.get(`${collection}/c`)).toEqual({ n: 3 });
    });

    it('watches a query: now, and again when a document of the collection changes', async () => {
      const store = makeStore();
      const collection = `${fresh()}/photos`;
      const seen: string[][] = [];
      let resolveFirst: () => void = () => undefined;
      const first = new Promise<void>((resolve) => (resolveFirst = resolve));
      let resolveSecond: () => void = () => undefined;
      const second = new Promise<void>((resolve) => (resolveSecond = resolve));
      const stop = store.watchQuery<{ n: number }>(
        collection,
        { orderBy: { field: 'n', direction: 'desc' } },
        (docs) => {
          seen.push(docs.map((doc) => doc.id));
          resolveFirst();
          if (seen.length >= 2 && docs.length === 2) resolveSecond();
        },
        (error) => {
          throw error;
        },
      );
      // Written only once the watch has said what it saw first: on Firestore, a write made before the
      // first snapshot arrives may already be in it.
      await first;
      await store.runTransaction(async (tx) => tx.set(`${collection}/a`, { n: 1 }));
      await store.runTransaction(async (tx) => tx.set(`${collection}/b`, { n: 2 }));
      await second;
      stop();
      expect(seen.at(-1)).toEqual(['b', 'a']);
      expect(seen[0]).toEqual([]);
    });

    it('watches a document: now, after each change, and gone', async () => {
      const store = makeStore();
      const path = fresh();
      expect(await nextChange(store, path, () => true)).toBeUndefined();
      const created = nextChange<{ v: number }>(store, path, (doc) => doc?.v === 1);
      await store.runTransaction(async (tx) => tx.set(path, { v: 1 }));
      expect(await created).toEqual({ v: 1 });
      const removed = nextChange(store, path, (doc) => doc === undefined);
      await store.runTransaction(async (tx) => tx.delete(path));
      expect(await removed).toBeUndefined();
    });

    it('refuses a watch of a query it cannot run, and later writes to the collection go through', async () => {
      const store = makeStore();
      const collection = `${fresh()}/photos`;
      const refused = new Promise<unknown>((resolve) => {
        try {
          store.watchQuery(collection, { where: [{ field: 'a..b', equals: 1 }] }, () => undefined, resolve);
        } catch (error) {
          resolve(error);
        }
      });
      expect(await refused).toBeInstanceOf(Error);
      await store.runTransaction(async (tx) => tx.set(`${collection}/a`, { n: 1 }));
      expect(await store.get(`${collection}/a`)).toEqual({ n: 1 });
    });

    it('ends a watch whose callback throws, tells it once, and the others still hear', async () => {
      const store = makeStore();
      const path = fresh();
      await store.runTransaction(async (tx) => tx.set(path, { v: 0 }));
      let calls = 0;
      const errors: Error[] = [];
      const failed = new Promise<void>((resolve) => {
        store.watch<{ v: number }>(
          path,
          (doc) => {
            calls++;
            if (doc?.v === 1) throw new Error('listener broke');
          },
          (error) => {
            errors.push(error);
            resolve();
          },
        );
      });
      const heard = nextChange<{ v: number }>(store, path, (doc) => doc?.v === 2);
      await nextChange<{ v: number }>(store, path, (doc) => doc?.v === 0);
      await store.runTransaction(async (tx) => tx.set(path, { v: 1 }));
      await failed;
      await store.runTransaction(async (tx) => tx.set(path, { v: 2 }));
      expect(await heard).toEqual({ v: 2 });
      expect(errors.map((error) => error.message)).toEqual(['listener broke']);
      expect(calls).toBe(2);
    });
  });
}
