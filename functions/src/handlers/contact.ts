/**
 * Contact us (visitors and members) and the Feedback dialog (members). Both only add a document; the
 * per-sender limits of `rate-limit.ts` (by uid, or by network address for a visitor) keep either from
 * flooding the store, and visitors together (an account without a member record among them) keep at
 * most CONTACT_VISITOR_MESSAGES_PER_DAY a day.
 */
import { randomInt, randomUUID } from 'node:crypto';
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
    const day = context.clock.now().toISOString().slice(0, 10);
    const first = randomInt(CONTACT_DAY_SHARDS);
    const kept = await context.store.runTransaction(async (tx) => {
      // An account anyone can make in a second is no member yet: without a record it is counted as a visitor.
      const member = record.uid !== null && (await tx.get<User>(userPath(record.uid))) !== undefined;
      if (!member) {
        // The shard drawn first, then the others: one full shard turns nobody away while the day has room.
        let room: { path: string; counted: number } | undefined;
        for (let n = 0; n < CONTACT_DAY_SHARDS && !room; n++) {
          const path = `${CONTACT_DAYS}/${day}_${(first + n) % CONTACT_DAY_SHARDS}`;
          const counted = (await tx.get<{ messages: number }>(path))?.messages ?? 0;
          if (counted < CONTACT_VISITOR_MESSAGES_PER_DAY / CONTACT_DAY_SHARDS) room = { path, counted };
        }
        if (!room) return false;
        tx.set(room.path, {
          day,
          messages: room.counted + 1,
          expireAt: new Date(Date.parse(day) + 2 * DAY_MS),
        });
      }
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
