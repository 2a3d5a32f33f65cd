/**
 * Locks on members' records within this process. Every vote writes its voter's and its owner's records
 * in one transaction; Firestore holds what a transaction reads, so votes on one owner that run at once
 * wait on each other until all but one are aborted and retried (the emulator takes seconds to decide).
 * Queued here instead, they run one after another at the store's own speed. Between processes (Cloud
 * Functions instances) Firestore's own locking still decides, and the transaction's retries absorb it.
 */
const tails = new Map<string, Promise<void>>();

/** Runs `work` once this process holds every one of the members' locks, taken in one order (no deadlock). */
export async function withMemberLocks<T>(uids: readonly string[], work: () => Promise<T>): Promise<T> {
  const keys = [...new Set(uids)].sort();
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
