/** Keeps the member's light or dark choice on their record, so their other devices follow it. */
import type { Callables } from '../../../src/domain/callables';
import { colorModeSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const saveColorMode: Handler<Callables['saveColorMode']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { colorMode } = await validate(colorModeSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      if (user.colorMode !== colorMode) tx.update(userPath(caller.uid), { colorMode, updatedAt: now });
      return { colorMode };
    });
  },
};
