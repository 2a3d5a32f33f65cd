import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SqliteStore } from './sqlite-store';
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

  it('refuses paths that are not documents', async () => {
    await expect(store.get('users')).rejects.toThrow('Not a document path');
    await expect(store.runTransaction(async (tx) => tx.set('users//x', {}))).rejects.toThrow(
      'Not a document path',
    );
  });
});
