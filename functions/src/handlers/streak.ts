/** The daily login streak, counted once per calendar day in the member's time zone, once per real day whatever zones are sent. */
import type { Callables } from '../../../src/domain/callables';
import { recordLoginSchema } from '../../../src/domain/schemas';
import { isStreakMilestone, isTimeZone, nextStreak } from '../../../src/domain/streak';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const recordLogin: Handler<Callables['recordLogin']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { timeZone } = await validate(recordLoginSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      const step = nextStreak(
        {
          loginStreak: user.loginStreak ?? 0,
          ...(user.lastLogin ? { lastLogin: user.lastLogin } : {}),
          ...(user.timeZone && isTimeZone(user.timeZone) ? { timeZone: user.timeZone } : {}),
        },
        now,
        timeZone,
      );
      if (step.counted) {
        tx.update(userPath(caller.uid), {
          loginStreak: step.loginStreak,
          lastLogin: now,
          timeZone,
          points: user.points + step.tokens,
        });
      }
      return {
        loginStreak: step.loginStreak,
        tokens: step.tokens,
        milestone: step.counted && isStreakMilestone(step.loginStreak),
      };
    });
  },
};
