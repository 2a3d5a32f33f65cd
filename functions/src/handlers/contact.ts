/**
 * Contact us (visitors and members) and the Feedback dialog (members), and the admin Inbox that reads
 * them and marks them handled. Sending only adds a document; the
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
  adminListInboxSchema,
  adminMarkMessageSchema,
  INBOX_MESSAGES,
  type ContactMessage,
  type Feedback,
  type InboxKind,
  type InboxPage,
  type InboxRow,
} from '../../../src/domain/contact';
import { ADMIN_PAGE_SIZE } from '../../../src/domain/admin';
import type { User } from '../../../src/domain/user';
import { logAdminWrite } from './admin-log';
import { requireAdmin } from './admin-users';
import { countInDay, dayOf } from './day-counter';
import { requireCaller, validate, type Handler } from './handler';
import { addressSender, memberSender, readShares, scaledShare, type SenderShare } from './sender-shares';
import { assertMember, userPath } from './users';

export const sendContactMessage: Handler<Callables['sendContactMessage']['result']> = {
  async run(data, context) {
    const { email, message } = await validate(contactSchema, data);
    const now = context.clock.now();
    const record: ContactMessage = { message, email, uid: context.caller?.uid ?? null, createdAt: now };
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

type InboxMessage = ContactMessage | Feedback;

const inboxPath = (kind: InboxKind, id: string) => `${kind}/${id}`;

/** Where the page before ended: its time, and the message itself so those of the same instant are not skipped. */
function inboxCursor(kind: InboxKind, cursor: string): { startAfter: Date; startAfterPath?: string } {
  const [at, id] = cursor.split('|');
  return { startAfter: new Date(at!), ...(id ? { startAfterPath: inboxPath(kind, id) } : {}) };
}

/** One inbox, newest first, a page at a time, each sender named and the reply address found. */
export const adminListInbox: Handler<InboxPage> = {
  async run(data, context) {
    await requireAdmin(context);
    const { kind, cursor } = await validate(adminListInboxSchema, data);
    const docs = await context.store.query<InboxMessage>(kind, {
      orderBy: { field: 'createdAt', direction: 'desc' },
      ...(cursor ? inboxCursor(kind, cursor) : {}),
      limit: ADMIN_PAGE_SIZE,
    });
    const senders = new Map<string, User | undefined>();
    await Promise.all(
      [...new Set(docs.flatMap(({ data: sent }) => (sent.uid ? [sent.uid] : [])))].map(async (uid) =>
        senders.set(uid, await context.store.get<User>(userPath(uid))),
      ),
    );
    const messages: InboxRow[] = docs.map(({ id, data: sent }) => {
      const sender = sent.uid ? senders.get(sent.uid) : undefined;
      const named = sender && !sender.deletedAt ? sender : undefined;
      const given = 'email' in sent ? sent.email : undefined;
      return {
        id,
        kind,
        message: sent.message,
        rate: 'rate' in sent ? sent.rate : null,
        email: given ?? named?.email ?? null,
        uid: sent.uid,
        senderName: named?.displayName ?? null,
        createdAt: sent.createdAt.toISOString(),
        handledAt: sent.handledAt ? sent.handledAt.toISOString() : null,
      };
    });
    const last = messages.at(-1);
    return {
      messages,
      cursor: docs.length === ADMIN_PAGE_SIZE && last ? `${last.createdAt}|${last.id}` : null,
    };
  },
};

/** Marks a message handled, or opens it again, with its audit entry in the same transaction. */
export const adminMarkMessage: Handler<Callables['adminMarkMessage']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { kind, id, handled } = await validate(adminMarkMessageSchema, data);
    const path = inboxPath(kind, id);
    const now = context.clock.now();
    await context.store.runTransaction(async (tx) => {
      const current = await tx.get<InboxMessage>(path);
      if (!current) throw new HttpsError('not-found', INBOX_MESSAGES.gone);
      const wasHandled = Boolean(current.handledAt);
      if (wasHandled === handled)
        throw new HttpsError(
          'failed-precondition',
          handled ? INBOX_MESSAGES.alreadyHandled : INBOX_MESSAGES.alreadyOpen,
        );
      const after = handled ? { handledAt: now, handledBy: admin.uid } : { handledAt: null, handledBy: null };
      tx.update(path, after);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: handled ? 'markMessageHandled' : 'reopenMessage',
        targetPath: path,
        at: now,
        before: { handledAt: current.handledAt ?? null, handledBy: current.handledBy ?? null },
        after,
      });
    });
    return { handled };
  },
};
