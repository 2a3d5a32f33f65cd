/** Contact us and the Feedback dialog (spec 2 sections 3, 4, 5, 9): their limits, words and schemas. */
import * as yup from 'yup';

export const CONTACT_MESSAGE_MIN = 16;
export const CONTACT_MESSAGE_MAX = 255;
export const FEEDBACK_MESSAGE_MIN = 3;
export const FEEDBACK_MESSAGE_MAX = 255;
export const FEEDBACK_RATE_MIN = 0;
export const FEEDBACK_RATE_MAX = 10;
/**
 * Visitors' messages the site keeps a day, counted on a few shards: a visitor is limited by network
 * address, which a sender can vary; this bounds what a flood can write. Members' messages are limited
 * per member only.
 */
export const CONTACT_VISITOR_MESSAGES_PER_DAY = 500;
export const CONTACT_DAY_SHARDS = 5;
export const CONTACT_DAYS = 'contactDays';

/** The Feedback dialog closes this long after its thank-you shows. */
export const FEEDBACK_CLOSE_MS = 2500;

export const CONTACT_MESSAGES = {
  messageRequired: 'message is required',
  messageMin: `message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageMax: `message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  thanks: "Thank you for your message! We'll get back to you soon.",
  visitorsFull:
    'We have received as many messages from visitors as we can read today. Please try again tomorrow, or sign in to send yours now.',
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
