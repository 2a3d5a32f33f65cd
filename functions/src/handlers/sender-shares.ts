/**
 * A sender's share of what the site keeps in a day (Contact us messages, A/B sessions), counted in the
 * store so that every instance of every host sees one count, and inside the write's own transaction,
 * so a refused write writes nothing. A share is one document, `senderDays/{what}_{day}_{digest}`: the
 * sender's key is kept only as a digest (no address in clear), and the document expires by a TTL
 * policy on `expireAt`.
 */
import { createHash } from 'node:crypto';
import { DAY_MS } from '../../../src/domain/constants';
import type { Transaction } from '../store/store';
import { dayOf, isCount } from './day-counter';
import { addressKey } from './rate-limit';

export const SENDER_DAYS = 'senderDays';

export interface SenderShare {
  /** What is counted, e.g. 'contact'. */
  what: string;
  /** Who it is counted for: `addressSender(...)` or `memberSender(...)`. */
  sender: string;
  perDay: number;
}

/** A share's day as the host has it scaled (`HandlerContext.senderShareScale`). */
export function scaledShare(perDay: number, scale = 1): number {
  return Math.max(1, Math.floor(perDay * scale));
}

/** A sender by network address as the host saw it: one IPv6 /64 is one; an unknown one is one too. */
export function addressSender(address: string | undefined): string {
  return `address:${addressKey(address ?? 'unknown')}`;
}

export function memberSender(uid: string): string {
  return `uid:${uid}`;
}

function sharePath(share: SenderShare, day: string): string {
  const digest = createHash('sha256').update(`${share.what}\n${share.sender}`).digest('hex').slice(0, 40);
  return `${SENDER_DAYS}/${share.what}_${day}_${digest}`;
}

/**
 * Reads today's count of each share. Null, writing nothing, when any is spent; otherwise a function
 * that counts one more on each, to be called once the caller's own reads are done (a transaction
 * reads before it writes).
 */
export async function readShares(
  tx: Transaction,
  shares: readonly SenderShare[],
  now: Date,
): Promise<(() => void) | null> {
  const day = dayOf(now);
  const counts: Array<{ path: string; what: string; count: number }> = [];
  for (const share of shares) {
    const path = sharePath(share, day);
    const count = (await tx.get<{ count?: unknown }>(path))?.count ?? 0;
    // A count the server did not write (NaN, text, negative) is read as spent.
    if (!isCount(count) || count >= share.perDay) return null;
    counts.push({ path, what: share.what, count });
  }
  // Kept past the day's end in every time zone, then left to the TTL policy.
  const expireAt = new Date(Date.parse(day) + 2 * DAY_MS);
  return () => {
    for (const { path, what, count } of counts) tx.set(path, { what, day, count: count + 1, expireAt });
  };
}
