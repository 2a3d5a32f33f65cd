/**
 * Contact us (visitors and members) and the Feedback dialog (members). Both only add a document; the
 * per-sender limits of `rate-limit.ts` (by uid, or by network address for a visitor) keep either from
 * flooding the store.
 */
import { randomUUID } from 'node:crypto';
import type { Callables } from '../../../src/domain/callables';
import {
  contactSchema,
  feedbackSchema,
  type ContactMessage,
  type Feedback,
} from '../../../src/domain/contact';
import type { User } from '../../../src/domain/user';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const sendContactMessage: Handler<Callables['sendContactMessage']['result']> = {
  async run(data, context) {
    const { message } = await validate(contactSchema, data);
    const record: ContactMessage = {
      message,
      uid: context.caller?.uid ?? null,
      createdAt: context.clock.now(),
    };
    await context.store.runTransaction(async (tx) => {
      tx.set(`contact/${randomUUID()}`, { ...record });
    });
    return { sent: true as const };
  },
};

/** Stores the member's feedback and sets their record's `feedback` flag, in one transaction. */
export const sendFeedback: Handler<Callables['sendFeedback']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { rate, message } = await validate(feedbackSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const user = await tx.get<User>(userPath(caller.uid));
      assertMember(user);
      const record: Feedback = { message, rate, uid: caller.uid, createdAt: now };
      tx.set(`feedback/${randomUUID()}`, { ...record });
      tx.update(userPath(caller.uid), { feedback: true, updatedAt: now });
      return { sent: true as const };
    });
  },
};
