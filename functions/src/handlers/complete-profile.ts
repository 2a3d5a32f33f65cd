/** The profile-completion form: stores the answers, the birth year they imply, and marks the profile complete. */
import type { Callables } from '../../../src/domain/callables';
import { profileSchema } from '../../../src/domain/schemas';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath, type UserDocument } from './users';

export const completeProfile: Handler<Callables['completeProfile']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const profile = await validate(profileSchema, data);
    const now = context.clock.now();
    const birthyear = now.getUTCFullYear() - profile.age;
    return context.store.runTransaction(async (tx) => {
      const path = userPath(caller.uid);
      const user = await tx.get<UserDocument>(path);
      assertMember(user);
      tx.update(path, { ...profile, birthyear, complete: true, updatedAt: now });
      return { birthyear };
    });
  },
};
