/** Closing the onboarding dialog: it is shown once per member. */
import { noInputSchema } from '../../../src/domain/schemas';
import type { Callables } from '../../../src/domain/callables';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath, type UserDocument } from './users';

export const finishOnboarding: Handler<Callables['finishOnboarding']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    await validate(noInputSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const path = userPath(caller.uid);
      const user = await tx.get<UserDocument>(path);
      assertMember(user);
      if (!user.onBoarding) tx.update(path, { onBoarding: true, updatedAt: now });
      return { onBoarding: true as const };
    });
  },
};
