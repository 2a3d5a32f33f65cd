/** Counting a member's uses of a daily limit, in the same transaction that reads today's count. */
import { HttpsError } from 'firebase-functions/v2/https';
import {
  DAILY_LIMIT_MESSAGES,
  dailyUsesPath,
  SUBSCRIBER_VIEW_RATING_PER_DAY,
  usesToday,
  type DailyLimit,
  type DailyUses,
} from '../../../src/domain/daily-counter';
import type { User } from '../../../src/domain/user';
import type { Store } from '../store/store';

/** The reason a refusal gives when Premium would allow it: the client offers Premium. */
export const PREMIUM_REASON = 'premium';

/** Counts one use, or refuses with `refusal` when today's `allowed` are spent. */
export function spendDailyUse(
  store: Store,
  user: Pick<User, 'uid' | 'timeZone'>,
  limit: DailyLimit,
  allowed: number,
  now: Date,
  refusal: HttpsError,
): Promise<number> {
  return store.runTransaction(async (tx) => {
    const path = dailyUsesPath(user.uid);
    const today = usesToday(await tx.get<DailyUses>(path), now, user.timeZone ?? 'UTC');
    const used = today[limit] ?? 0;
    if (used >= allowed) throw refusal;
    tx.set(path, { ...today, [limit]: used + 1 });
    return used + 1;
  });
}

/** One of a subscriber's 10 View Rating uses of the day. */
export function spendViewRating(
  store: Store,
  viewer: Pick<User, 'uid' | 'timeZone'>,
  now: Date,
): Promise<number> {
  return spendDailyUse(
    store,
    viewer,
    'viewRating',
    SUBSCRIBER_VIEW_RATING_PER_DAY,
    now,
    new HttpsError('resource-exhausted', DAILY_LIMIT_MESSAGES.viewRating),
  );
}
