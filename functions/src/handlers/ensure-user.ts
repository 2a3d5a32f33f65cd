/** On every sign-in: read the member's record, create it when missing, refresh what the ID token says. */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { guestName } from '../../../src/domain/guest-name';
import { ensureUserSchema } from '../../../src/domain/schemas';
import { newUser } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertNotDisabled, userPath, type UserDocument } from './users';

export const ensureUser: Handler<Callables['ensureUser']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(ensureUserSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const path = userPath(caller.uid);
      const existing = await tx.get<UserDocument>(path);
      const provider = caller.signInProvider ? [caller.signInProvider] : [];
      if (existing?.deletedAt) throw new HttpsError('permission-denied', 'This account has been deleted.');
      assertNotDisabled(existing);
      if (existing) {
        tx.update(path, {
          email: caller.email,
          emailVerified: caller.emailVerified,
          providers: [...new Set([...existing.providers, ...provider])],
          updatedAt: now,
        });
        return { created: false };
      }
      const referrerId = input.referrerId && input.referrerId !== caller.uid ? input.referrerId : undefined;
      const user = newUser({
        uid: caller.uid,
        email: caller.email,
        displayName: caller.name?.trim() || guestName(),
        photoURL: caller.picture,
        emailVerified: caller.emailVerified,
        providers: provider,
        ...(referrerId ? { referrerId } : {}),
        status: 'online',
        createdAt: now,
      });
      // An account made admin before its first sign-in starts with the mirror already set.
      if (caller.isAdmin) user.isAdmin = true;
      tx.set(path, { ...user });
      return { created: true };
    });
  },
};
