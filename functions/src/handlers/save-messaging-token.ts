/**
 * Stores the push token of the device a member enabled notifications on, and when (spec 2 section 7):
 * beside the other devices they enabled them on (the newest few), so each is pushed to.
 */
import type { Callables } from '../../../src/domain/callables';
import { withPushDevice } from '../../../src/domain/push';
import { messagingTokenSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const saveMessagingToken: Handler<Callables['saveMessagingToken']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { token } = await validate(messagingTokenSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      tx.update(userPath(caller.uid), {
        messagingToken: token,
        messagingTokenUpdated: now,
        pushDevices: withPushDevice(user!, token, now),
        updatedAt: now,
      });
      return { saved: true as const };
    });
  },
};
