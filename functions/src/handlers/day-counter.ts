/**
 * A day's cap on what anyone may send (visitors' contact messages, a test's A/B events): the day's
 * count is spread on a few shard documents, `{collection}/{id}_{n}`, so a busy day never waits on one,
 * and raised inside the write's own transaction, so the cap holds however many send at once. The
 * shards expire by a TTL policy on `expireAt`.
 */
import { randomInt } from 'node:crypto';
import type { DocumentData, Transaction } from '../store/store';

export interface DayCount {
  collection: string;
  /** The shards' id before their number: the day, after what is counted when that is one of many. */
  id: string;
  shards: number;
  perShard: number;
  /** The field that holds the count. */
  counted: string;
  /** What else each shard document says, as the day or the test it counts. */
  labels: DocumentData;
  expireAt: Date;
}

/** The UTC day a cap counts `date` in, YYYY-MM-DD: a new day's shards start at zero. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A count the server wrote: anything else in a shard (a string, a negative, NaN) is read as full. */
export function isCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/**
 * Counts one more on the day and says true when it has room; false, writing nothing, when every shard
 * is full. Its reads come before its one write, so the caller reads before it and writes after.
 */
export async function countInDay(tx: Transaction, day: DayCount): Promise<boolean> {
  // The shard drawn first, then the others: one full shard turns nobody away while the day has room.
  const first = randomInt(day.shards);
  for (let n = 0; n < day.shards; n++) {
    const path = `${day.collection}/${day.id}_${(first + n) % day.shards}`;
    const shard = await tx.get<DocumentData>(path);
    const counted = shard ? shard[day.counted] : 0;
    if (!isCount(counted) || counted >= day.perShard) continue;
    tx.set(path, { ...day.labels, [day.counted]: counted + 1, expireAt: day.expireAt });
    return true;
  }
  return false;
}
