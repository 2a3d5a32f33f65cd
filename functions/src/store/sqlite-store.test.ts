import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { QUERY_RERUN_MS, SqliteStore } from './sqlite-store';
import { storeContract } from './store-contract';

const dir = mkdtempSync(path.join(tmpdir(), 'photorater-store-'));
const file = path.join(dir, 'store.sqlite');
const store = new SqliteStore(file);

afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SqliteStore', () => {
  storeContract(() => store);

  it('keeps documents in its file across reopening', async () => {
    await store.runTransaction(async (tx) => tx.set('users/kept', { at: new Date(0) }));
    const reopened = new SqliteStore(file);
    expect(await reopened.get('users/kept')).toEqual({ at: new Date(0) });
    reopened.close();
  });

  it('tells watchers of a commit after the transaction has returned', async () => {
    const path = 'contract/after-commit';
    const returned: boolean[] = [];
    let committed = false;
    const first = new Promise<void>((resolve) => {
      const stop = store.watch(
        path,
        (doc) => {
          if (!doc) return resolve();
          returned.push(committed);
          stop();
        },
        () => undefined,
      );
    });
    await first;
    await store.runTransaction(async (tx) => tx.set(path, { v: 1 }));
    committed = true;
    await vi.waitFor(() => expect(returned).toEqual([true]));
  });

  it('commits, and tells the other watchers and the triggers, when a watcher throws', async () => {
    const collection = 'contract/throwing/photos';
    const errors: string[] = [];
    const heard: string[][] = [];
    const triggered: string[] = [];
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stopTrigger = store.onWrite((changes) => {
      triggered.push(...changes.map((change) => change.path));
      throw new Error('trigger broke');
    });
    const stops = [
      store.watchQuery(
        collection,
        {},
        (docs) => {
          if (docs.length > 0) throw new Error('listener broke');
        },
        (error) => errors.push(error.message),
      ),
      store.watchQuery(
        collection,
        {},
        (docs) => heard.push(docs.map((doc) => doc.id)),
        () => undefined,
      ),
    ];
    await vi.waitFor(() => expect(heard).toEqual([[]]));
    await expect(store.runTransaction(async (tx) => tx.set(`${collection}/a`, {}))).resolves.toBeUndefined();
    await vi.waitFor(() => expect(heard).toEqual([[], ['a']]));
    expect(errors).toEqual(['listener broke']);
    expect(triggered).toEqual([`${collection}/a`]);
    expect(failing).toHaveBeenCalledWith(expect.stringContaining('trigger broke'));
    for (const stop of stops) stop();
    stopTrigger();
    failing.mockRestore();
  });

  it('reads a watched query again at most once an interval, however often its collection is written', async () => {
    const collection = 'contract/often/photos';
    const heard: number[][] = [];
    const stop = store.watchQuery<{ n: number }>(
      collection,
      { orderBy: { field: 'n', direction: 'desc' }, limit: 1 },
      (docs) => heard.push(docs.map((doc) => doc.data.n)),
      () => undefined,
    );
    await vi.waitFor(() => expect(heard).toEqual([[]]));
    // Forty commits, each in a turn of its own: far quicker than forty intervals.
    const started = performance.now();
    for (let n = 1; n <= 40; n++) {
      await store.runTransaction(async (tx) => tx.set(`${collection}/${n}`, { n }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await vi.waitFor(() => expect(heard.at(-1)).toEqual([40]));
    await new Promise((resolve) => setTimeout(resolve, QUERY_RERUN_MS * 2));
    // The first answer, then at most one read an interval.
    const intervals = Math.ceil((performance.now() - started) / QUERY_RERUN_MS);
    expect(heard.length).toBeLessThanOrEqual(1 + intervals);
    expect(heard.length).toBeLessThan(10);
    stop();
  });

  it('refuses paths that are not documents', async () => {
    await expect(store.get('users')).rejects.toThrow('Not a document path');
    await expect(store.runTransaction(async (tx) => tx.set('users//x', {}))).rejects.toThrow(
      'Not a document path',
    );
  });
});
