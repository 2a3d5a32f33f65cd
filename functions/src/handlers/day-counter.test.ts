import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../store/sqlite-store';
import type { DocumentData, Transaction } from '../store/store';
import { countInDay, dayOf, type DayCount } from './day-counter';

const expireAt = new Date('2026-11-24T00:00:00Z');
const today: DayCount = {
  collection: 'visitorDays',
  id: '2026-11-22',
  shards: 3,
  perShard: 2,
  counted: 'messages',
  labels: { day: '2026-11-22' },
  expireAt,
};
const shardPath = (n: number, day = today) => `${day.collection}/${day.id}_${n}`;

/** A transaction that reads `planted` where given: values the store itself could not keep, as NaN. */
function planting(tx: Transaction, planted: Record<string, DocumentData>): Transaction {
  return {
    get: async <T extends object>(path: string) => (path in planted ? (planted[path] as T) : tx.get<T>(path)),
    query: (collection, query) => tx.query(collection, query),
    set: (path, data) => tx.set(path, data),
    update: (path, fields) => tx.update(path, fields),
    delete: (path) => tx.delete(path),
  };
}

async function count(
  store: SqliteStore,
  day = today,
  planted: Record<string, DocumentData> = {},
): Promise<boolean> {
  return store.runTransaction((tx) => countInDay(planting(tx, planted), day));
}

async function shardCounts(store: SqliteStore, day = today): Promise<unknown[]> {
  const counts = [];
  for (let n = 0; n < day.shards; n++)
    counts.push((await store.get<DocumentData>(shardPath(n, day)))?.messages);
  return counts;
}

async function plant(store: SqliteStore, shards: Record<number, unknown>): Promise<void> {
  await store.runTransaction(async (tx) => {
    for (const [n, messages] of Object.entries(shards))
      tx.set(shardPath(Number(n)), { day: today.id, messages, expireAt });
  });
}

describe('countInDay', () => {
  it('counts up to shards × perShard, then refuses and writes nothing more', async () => {
    const store = new SqliteStore(':memory:');
    const answers = [];
    for (let n = 0; n < 7; n++) answers.push(await count(store));
    expect(answers).toEqual([true, true, true, true, true, true, false]);
    expect(await shardCounts(store)).toEqual([2, 2, 2]);
    expect(await count(store)).toBe(false);
    expect(await shardCounts(store)).toEqual([2, 2, 2]);
  });

  it('tries the other shards when the one drawn is full, whichever is drawn', async () => {
    for (const open of [0, 1, 2]) {
      const store = new SqliteStore(':memory:');
      await plant(store, Object.fromEntries([0, 1, 2].filter((n) => n !== open).map((n) => [n, 2])));
      expect([await count(store), await count(store), await count(store)]).toEqual([true, true, false]);
      expect((await shardCounts(store))[open]).toBe(2);
    }
  });

  it('writes the labels, the count and the expiry on the shard', async () => {
    const store = new SqliteStore(':memory:');
    await count(store);
    const shards = await store.query<DocumentData>(today.collection);
    expect(shards.map(({ data }) => data)).toEqual([{ day: '2026-11-22', messages: 1, expireAt }]);
  });

  it('keeps its count and expiry over labels of the same names', async () => {
    const store = new SqliteStore(':memory:');
    await count(store, { ...today, labels: { messages: 99, expireAt: new Date(0) } });
    const [shard] = await store.query<DocumentData>(today.collection);
    expect(shard?.data).toEqual({ messages: 1, expireAt });
  });

  it('starts a new day at zero, whatever the day before counted', async () => {
    const store = new SqliteStore(':memory:');
    await plant(store, { 0: 2, 1: 2, 2: 2 });
    expect(await count(store)).toBe(false);
    const tomorrow = { ...today, id: dayOf(new Date('2026-11-23T00:00:00Z')) };
    expect(await count(store, tomorrow)).toBe(true);
    expect(await shardCounts(store, tomorrow)).toContain(1);
    expect(await shardCounts(store)).toEqual([2, 2, 2]);
  });

  it("days are UTC days: the last millisecond is the day's, the next the next day's", () => {
    expect(dayOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(dayOf(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
  });

  it.each([
    ['text', '0'],
    ['a negative', -100],
    ['a fraction', 0.5],
    ['null', null],
    ['no count', undefined],
    ['a list', [0]],
  ])('reads a shard holding %s as full: the cap is never passed and nothing throws', async (_label, bad) => {
    const store = new SqliteStore(':memory:');
    await plant(store, { 0: bad, 1: bad, 2: 2 });
    expect(await count(store)).toBe(false);
    expect(await shardCounts(store)).toEqual([bad, bad, 2]);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
  ])('reads a shard holding %s as full, though the store cannot keep it', async (_label, bad) => {
    const store = new SqliteStore(':memory:');
    const planted = { [shardPath(0)]: { day: today.id, messages: bad, expireAt } };
    await plant(store, { 1: 2, 2: 2 });
    expect(await count(store, today, planted)).toBe(false);
    await plant(store, { 2: 1 });
    expect(await count(store, today, planted)).toBe(true);
    expect(await shardCounts(store)).toEqual([undefined, 2, 2]);
  });

  it('counts on a shard holding a sound count beside wrong-typed ones', async () => {
    const store = new SqliteStore(':memory:');
    await plant(store, { 0: 'many', 1: -5 });
    expect([await count(store), await count(store), await count(store)]).toEqual([true, true, false]);
    expect(await shardCounts(store)).toEqual(['many', -5, 2]);
  });
});
