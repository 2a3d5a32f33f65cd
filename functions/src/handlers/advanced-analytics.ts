/**
 * Advanced Analytics of one of the member's photos: its voters by gender and decade of age, never who
 * they are (vote.ts says why the avatars are not pictures). Premium members see it always; free
 * members once a day, counted here per member and date.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { DAILY_LIMIT_MESSAGES, FREE_ADVANCED_ANALYTICS_PER_DAY } from '../../../src/domain/daily-counter';
import { photoPath, type Photo } from '../../../src/domain/photo';
import { photoIdSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { advancedAnalytics, votesPath } from '../../../src/domain/vote';
import { PREMIUM_REASON, spendDailyUse } from './daily-uses';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, NOT_FOUND, userPath } from './users';
import type { StoredVote } from './vote-keys';

export const getAdvancedAnalytics: Handler<Callables['getAdvancedAnalytics']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId } = await validate(photoIdSchema, data);
    const { store } = context;
    const [user, photo] = await Promise.all([
      store.get<User>(userPath(caller.uid)),
      store.get<Photo>(photoPath(caller.uid, photoId)),
    ]);
    assertMember(user);
    if (!photo) throw new HttpsError('not-found', NOT_FOUND);
    if (!user.subscribed)
      await spendDailyUse(
        store,
        user,
        'advancedAnalytics',
        FREE_ADVANCED_ANALYTICS_PER_DAY,
        context.clock.now(),
        new HttpsError('permission-denied', DAILY_LIMIT_MESSAGES.advancedAnalytics, {
          reason: PREMIUM_REASON,
        }),
      );
    const votes = await store.query<StoredVote>(votesPath(caller.uid, photoId));
    return advancedAnalytics(votes.map(({ data: vote }) => vote));
  },
};
