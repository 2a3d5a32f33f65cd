/**
 * Locks on documents within this process, by name. Firestore holds what a transaction reads, so
 * transactions that read and then write the same document at once wait on each other until all but
 * one are aborted and retried (the emulator decides only after seconds). Work queued here on the
 * documents it shares runs one after another at the store's own speed instead; between processes
 * (Cloud Functions instances) Firestore's own locking still decides, and the transaction's retries and
 * the fold's trigger absorb it.
 */
const tails = new Map<string, Promise<void>>();

/**
 * Runs `work` once this process holds every one of the named locks. All are queued for at once, in
 * the order of the calls, so no two callers can each hold what the other waits for.
 */
export async function withLocks<T>(names: readonly string[], work: () => Promise<T>): Promise<T> {
  const keys = [...new Set(names)];
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const before = keys.map((key) => tails.get(key) ?? Promise.resolve());
  for (const key of keys) tails.set(key, held);
  try {
    await Promise.all(before);
    return await work();
  } finally {
    release();
    for (const key of keys) if (tails.get(key) === held) tails.delete(key);
  }
}
