import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

  it('refuses paths that are not documents', async () => {
    await expect(store.get('users')).rejects.toThrow('Not a document path');
    await expect(store.runTransaction(async (tx) => tx.set('users//x', {}))).rejects.toThrow(
      'Not a document path',
    );
  });
});
