/** Viewing My Photos resets the count of new votes that the bell shows. */
import { noInputSchema } from '../../../src/domain/schemas';
import type { Callables } from '../../../src/domain/callables';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const markVotesSeen: Handler<Callables['markVotesSeen']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    await validate(noInputSchema, data);
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      if (user.newVotes !== 0) tx.update(userPath(caller.uid), { newVotes: 0 });
      return { newVotes: 0 as const };
    });
  },
};
