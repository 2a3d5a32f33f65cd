/** Contact us and the Feedback dialog (spec 2 sections 3, 4, 5, 9): their limits, words and schemas. */
import * as yup from 'yup';

export const CONTACT_MESSAGE_MIN = 16;
export const CONTACT_MESSAGE_MAX = 255;
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
  thanks: "Thank you for your message! We'll get back to you soon.",
  senderFull: 'You have sent us as many messages as we can read from you today. Please try again tomorrow.',
  siteFull: 'We have received as many messages as we can read today. Please try again tomorrow.',
} as const;

export const FEEDBACK_MESSAGES = {
  rateRequired: 'Please give us a rate',
  rateRange: `The rate must be from ${FEEDBACK_RATE_MIN} to ${FEEDBACK_RATE_MAX}`,
  messageRequired: 'message is required',
  messageMin: `message must be at least ${FEEDBACK_MESSAGE_MIN} characters`,
  messageMax: `message must be at most ${FEEDBACK_MESSAGE_MAX} characters`,
  thanks: 'Thank you for your feedback!',
} as const;

export const contactSchema = yup.object({
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

/** `contact/{id}`: what a visitor or member wrote; uid null for a visitor. */
export interface ContactMessage {
  message: string;
  uid: string | null;
  createdAt: Date;
}

/** `feedback/{id}`. */
export interface Feedback {
  message: string;
  rate: number;
  uid: string | null;
  createdAt: Date;
}
