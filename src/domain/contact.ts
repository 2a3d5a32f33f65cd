/** Contact us and the Feedback dialog (spec 2 sections 3, 4, 5, 9): their limits, words and schemas. */
import * as yup from 'yup';
import { CURSOR_INVALID, isCursorTime } from './admin';

export const CONTACT_MESSAGE_MIN = 16;
export const CONTACT_MESSAGE_MAX = 255;
/** The longest address mail can carry (RFC 5321). */
export const CONTACT_EMAIL_MAX = 254;
export const FEEDBACK_MESSAGE_MIN = 3;
export const FEEDBACK_MESSAGE_MAX = 255;
export const FEEDBACK_RATE_MIN = 0;
export const FEEDBACK_RATE_MAX = 10;
/**
 * What Contact us keeps a day. Each sender has a share, counted on what they cannot forge: their
 * network address as the host saw it (every message, a member's too, so throwaway accounts on one
 * address share it) and a member's uid (so a member moving between addresses keeps one share). The
 * site keeps at most CONTACT_MESSAGES_PER_DAY, counted on a few shards: only many addresses at once
 * reach it, and then it bounds what a flood writes.
 */
export const CONTACT_MESSAGES_PER_SENDER_PER_DAY = 5;
export const CONTACT_MESSAGES_PER_DAY = 5_000;
export const CONTACT_DAY_SHARDS = 10;
export const CONTACT_DAYS = 'contactDays';

/** The Feedback dialog closes this long after its thank-you shows. */
export const FEEDBACK_CLOSE_MS = 2500;

export const CONTACT_MESSAGES = {
  messageRequired: 'message is required',
  messageMin: `message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageMax: `message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  emailRequired: 'Please give an e-mail address we can reply to',
  emailInvalid: 'Please give a valid e-mail address',
  emailMax: `The e-mail address must be at most ${CONTACT_EMAIL_MAX} characters`,
  thanks: "Thank you for your message! We'll get back to you soon.",
  senderFull: 'You have sent us as many messages as we can read from you today. Please try again tomorrow.',
  siteFull: 'We have received as many messages as we can read today. Please try again tomorrow.',
} as const;

export const FEEDBACK_MESSAGES = {
  rateRequired: 'Please choose a score from 0 to 10',
  rateRange: `The rate must be from ${FEEDBACK_RATE_MIN} to ${FEEDBACK_RATE_MAX}`,
  messageRequired: 'message is required',
  messageMin: `message must be at least ${FEEDBACK_MESSAGE_MIN} characters`,
  messageMax: `message must be at most ${FEEDBACK_MESSAGE_MAX} characters`,
  thanks: 'Thank you for your feedback!',
} as const;

export const contactSchema = yup.object({
  /** Where the reply goes: a visitor has no other address, and a member may prefer another. */
  email: yup
    .string()
    .trim()
    .email(CONTACT_MESSAGES.emailInvalid)
    .max(CONTACT_EMAIL_MAX, CONTACT_MESSAGES.emailMax)
    .required(CONTACT_MESSAGES.emailRequired),
  message: yup
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, CONTACT_MESSAGES.messageMin)
    .max(CONTACT_MESSAGE_MAX, CONTACT_MESSAGES.messageMax)
    .required(CONTACT_MESSAGES.messageRequired),
});
export type ContactInput = yup.InferType<typeof contactSchema>;

export const feedbackSchema = yup.object({
  rate: yup
    .number()
    .typeError(FEEDBACK_MESSAGES.rateRequired)
    .integer(FEEDBACK_MESSAGES.rateRange)
    .min(FEEDBACK_RATE_MIN, FEEDBACK_MESSAGES.rateRange)
    .max(FEEDBACK_RATE_MAX, FEEDBACK_MESSAGES.rateRange)
    .required(FEEDBACK_MESSAGES.rateRequired),
  message: yup
    .string()
    .trim()
    .min(FEEDBACK_MESSAGE_MIN, FEEDBACK_MESSAGES.messageMin)
    .max(FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES.messageMax)
    .required(FEEDBACK_MESSAGES.messageRequired),
});
export type FeedbackInput = yup.InferType<typeof feedbackSchema>;

/** Whether an admin has dealt with a message: when and who; absent or null while it is open. */
interface Handling {
  handledAt?: Date | null;
  handledBy?: string | null;
}

/** `contact/{id}`: what a visitor or member wrote, and where to reply; uid null for a visitor. */
export interface ContactMessage extends Handling {
  message: string;
  /** Absent on messages sent before the form asked for it. */
  email?: string;
  uid: string | null;
  createdAt: Date;
}

/** `feedback/{id}`: the member's reply address is their account's. */
export interface Feedback extends Handling {
  message: string;
  rate: number;
  uid: string | null;
  createdAt: Date;
}

/** The admin Inbox: Contact us messages and Feedback, each its own list. */
export const INBOX_KINDS = ['contact', 'feedback'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_MESSAGES = {
  kindUnknown: 'Unknown inbox',
  idInvalid: 'This message id is not valid.',
  handledRequired: 'Say whether the message is handled',
  gone: 'This message no longer exists.',
  alreadyHandled: 'This message is already marked handled.',
  alreadyOpen: 'This message is already open.',
  empty: 'No messages yet.',
} as const;

const inboxKind = yup
  .mixed<InboxKind>()
  .oneOf(INBOX_KINDS, INBOX_MESSAGES.kindUnknown)
  .required(INBOX_MESSAGES.kindUnknown);

/** One inbox, newest first, 20 a page after a cursor (`{createdAt}|{id}`, as the audit log's). */
export const adminListInboxSchema = yup.object({
  kind: inboxKind,
  cursor: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z(\|[A-Za-z0-9_-]{1,64})?$/, CURSOR_INVALID)
    .test('date', CURSOR_INVALID, isCursorTime)
    .optional(),
});
export type AdminListInboxInput = yup.InferType<typeof adminListInboxSchema>;

export const adminMarkMessageSchema = yup.object({
  kind: inboxKind,
  id: yup
    .string()
    .required(INBOX_MESSAGES.idInvalid)
    .matches(/^[A-Za-z0-9_-]{1,64}$/, INBOX_MESSAGES.idInvalid),
  handled: yup.boolean().strict().required(INBOX_MESSAGES.handledRequired),
});
export type AdminMarkMessageInput = yup.InferType<typeof adminMarkMessageSchema>;

/** A message as the Inbox shows it: dates as ISO text, the sender named. */
export interface InboxRow {
  id: string;
  kind: InboxKind;
  message: string;
  /** Feedback's 0 to 10; null for Contact us. */
  rate: number | null;
  /** Where to reply: the address given, or a member's account address; null when neither is known. */
  email: string | null;
  uid: string | null;
  /** The member's display name; null for a visitor or a deleted member. */
  senderName: string | null;
  createdAt: string;
  handledAt: string | null;
}

export interface InboxPage {
  messages: InboxRow[];
  cursor: string | null;
}
