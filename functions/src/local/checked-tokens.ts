/**
 * ID tokens the local server has checked with the Auth emulator, trusted for a short while.
 *
 * Cloud Functions' callables check a token's signature and expiry on every call and never ask Auth
 * whether it was revoked; the local server asks the emulator each time (to refuse a deleted or
 * disabled account at once), which cost a round trip per call. Keeping each answer for a few
 * seconds keeps that promise for everything the server itself does (deleting, disabling or changing
 * an account forgets that member's tokens at once) and bounds how late a change made elsewhere (the
 * emulator's own UI) is noticed.
 */
import type { Caller } from '../handlers/handler';

/** How long a checked token is trusted before the emulator is asked again. */
export const TOKEN_CHECK_TTL_MS = 30_000;
/** Enough for every member signed in at once on a development machine; the oldest go first. */
export const MAX_CHECKED_TOKENS = 5_000;

interface Entry {
  uid?: string;
  caller: Promise<Caller>;
  trustedUntil: number;
}

export class CheckedTokens {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly check: (token: string) => Promise<Caller>,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = TOKEN_CHECK_TTL_MS,
    private readonly capacity = MAX_CHECKED_TOKENS,
  ) {}

  /** The token's caller: from a recent check, or a new one (calls at the same moment share it). */
  verify(token: string): Promise<Caller> {
    const now = this.now();
    const known = this.entries.get(token);
    if (known && known.trustedUntil > now) return known.caller;
    if (known) this.entries.delete(token);
    const entry: Entry = { caller: this.check(token), trustedUntil: now + this.ttlMs };
    this.remember(token, entry);
    entry.caller.then(
      (caller) => {
        entry.uid = caller.uid;
        // Never past the token's own expiry: an expired token is refused by the check itself.
        entry.trustedUntil = Math.min(entry.trustedUntil, caller.expiresAt?.getTime() ?? Infinity);
      },
      // A refused token is not remembered, so a retry after the account is fixed is asked afresh.
      () => {
        if (this.entries.get(token) === entry) this.entries.delete(token);
      },
    );
    return entry.caller;
  }

  /**
   * Forgets every token of a member whose account just changed, and every check still under way
   * (whose member is not known yet and whose answer may predate the change).
   */
  forget(uid: string): void {
    for (const [token, entry] of this.entries)
      if (entry.uid === uid || entry.uid === undefined) this.entries.delete(token);
  }

  get size(): number {
    return this.entries.size;
  }

  private remember(token: string, entry: Entry) {
    this.entries.set(token, entry);
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }
}
