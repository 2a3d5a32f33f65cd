/**
 * Contact us (visitors and members) and the Feedback dialog (members). Both only add a document; the
 * per-sender limits of `rate-limit.ts` (by uid, or by network address for a visitor) keep either from
 * flooding the store, and visitors together (an account without a member record among them) keep at
 * most CONTACT_VISITOR_MESSAGES_PER_DAY a day.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { DAY_MS } from '../../../src/domain/constants';
import {
  CONTACT_DAY_SHARDS,
  CONTACT_DAYS,
  CONTACT_MESSAGES,
  CONTACT_VISITOR_MESSAGES_PER_DAY,
  contactSchema,
  feedbackSchema,
  type ContactMessage,
  type Feedback,
} from '../../../src/domain/contact';
import type { User } from '../../../src/domain/user';
import { countInDay, dayOf } from './day-counter';
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
    const day = dayOf(context.clock.now());
    const kept = await context.store.runTransaction(async (tx) => {
      // An account anyone can make in a second is no member yet: without a record it is counted as a visitor.
      const member = record.uid !== null && (await tx.get<User>(userPath(record.uid))) !== undefined;
      const visitorsFull =
        !member &&
        !(await countInDay(tx, {
          collection: CONTACT_DAYS,
          id: day,
          shards: CONTACT_DAY_SHARDS,
          perShard: CONTACT_VISITOR_MESSAGES_PER_DAY / CONTACT_DAY_SHARDS,
          counted: 'messages',
          labels: { day },
          expireAt: new Date(Date.parse(day) + 2 * DAY_MS),
        }));
      if (visitorsFull) return false;
      tx.set(`contact/${randomUUID()}`, { ...record });
      return true;
    });
    if (!kept) throw new HttpsError('resource-exhausted', CONTACT_MESSAGES.visitorsFull);
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
