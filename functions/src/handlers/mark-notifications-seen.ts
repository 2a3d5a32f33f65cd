/** Opening the bell marks its last message as seen, so the dot goes away until the next one. */
import { noInputSchema } from '../../../src/domain/schemas';
import type { Callables } from '../../../src/domain/callables';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const markNotificationsSeen: Handler<Callables['markNotificationsSeen']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    await validate(noInputSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      tx.update(userPath(caller.uid), { notificationsSeenAt: now });
      return { seen: true as const };
    });
  },
};
