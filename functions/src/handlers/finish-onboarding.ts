/** Closing the onboarding dialog: it is shown once per member. */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { requireCaller, type Handler } from './handler';
import { userPath, type UserDocument } from './users';

export const finishOnboarding: Handler<Callables['finishOnboarding']['result']> = {
  async run(_data, context) {
    const caller = requireCaller(context);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const path = userPath(caller.uid);
      const user = await tx.get<UserDocument>(path);
      if (!user || user.deletedAt) throw new HttpsError('not-found', 'The requested data was not found.');
      if (!user.onBoarding) tx.update(path, { onBoarding: true, updatedAt: now });
      return { onBoarding: true as const };
    });
  },
};
