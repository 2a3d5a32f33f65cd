/**
 * Contact us (visitors and members) and the Feedback dialog (members). Both only add a document; the
 * per-minute limits of `rate-limit.ts` keep either from flooding the store at once, and each Contact us
 * sender's share of the day (`sender-shares.ts`: their address as the host saw it, and a member's uid)
 * and the site's day keep what a flood can write small without turning others away.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { DAY_MS } from '../../../src/domain/constants';
import {
  CONTACT_DAY_SHARDS,
  CONTACT_DAYS,
  CONTACT_MESSAGES,
  CONTACT_MESSAGES_PER_DAY,
  CONTACT_MESSAGES_PER_SENDER_PER_DAY,
  contactSchema,
  feedbackSchema,
  type ContactMessage,
  type Feedback,
} from '../../../src/domain/contact';
import type { User } from '../../../src/domain/user';
import { countInDay, dayOf } from './day-counter';
import { requireCaller, validate, type Handler } from './handler';
import { addressSender, memberSender, readShares, scaledShare, type SenderShare } from './sender-shares';
import { assertMember, userPath } from './users';

export const sendContactMessage: Handler<Callables['sendContactMessage']['result']> = {
  async run(data, context) {
    const { message } = await validate(contactSchema, data);
    const now = context.clock.now();
    const record: ContactMessage = { message, uid: context.caller?.uid ?? null, createdAt: now };
    // Every message counts on its address, a member's on their uid too: accounts are made in a second.
    const shares: SenderShare[] = [
      addressSender(context.senderAddress),
      ...(record.uid ? [memberSender(record.uid)] : []),
    ].map((sender) => ({
      what: 'contact',
      sender,
      perDay: scaledShare(CONTACT_MESSAGES_PER_SENDER_PER_DAY, context.senderShareScale),
    }));
    const day = dayOf(now);
    const refusal = await context.store.runTransaction(async (tx) => {
      const countShares = await readShares(tx, shares, now);
      if (!countShares) return CONTACT_MESSAGES.senderFull;
      const siteHasRoom = await countInDay(tx, {
        collection: CONTACT_DAYS,
        id: day,
        shards: CONTACT_DAY_SHARDS,
        perShard: CONTACT_MESSAGES_PER_DAY / CONTACT_DAY_SHARDS,
        counted: 'messages',
        labels: { day },
        expireAt: new Date(Date.parse(day) + 2 * DAY_MS),
      });
      if (!siteHasRoom) return CONTACT_MESSAGES.siteFull;
      countShares();
      tx.set(`contact/${randomUUID()}`, { ...record });
      return null;
    });
    if (refusal) throw new HttpsError('resource-exhausted', refusal);
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
