/**
 * A/B test events as the product keeps them (spec 2 sections 3 and 7): the app posts each assignment
 * and conversion to `POST /api/analytics/ab-test` (a route of the local server, an HTTPS function
 * behind the same path on Firebase); the server checks it against the running test and stores it in
 * `abTestEvents/{id}` for the admin.
 */
import * as yup from 'yup';
import type { AbTestEvent } from './experiments';

export { AB_TEST_ROUTE } from './ab-tests';
export const AB_TEST_EVENTS = 'abTestEvents';
/** A body larger than this is refused unread. */
export const AB_TEST_BODY_MAX = 2 * 1024;
/** Events one session may post a minute: a page sends two or three. */
export const AB_TEST_EVENTS_PER_MINUTE = 60;

/**
 * A/B sessions, started by the server (`startAbTestSession`) and kept in `abTestSessions/{id}`: an event
 * counts only for a session the server started, an assignment only for the variant the server's rule
 * gives that session, and a conversion or interaction only after its session's assignment. Each address
 * starts a few sessions a day (a visitor past them sees the control and sends nothing), so one sender
 * can post a few hundred events a day and only many addresses at once reach a test's day.
 */
export const AB_TEST_SESSIONS = 'abTestSessions';
export const AB_TEST_SESSIONS_PER_SENDER_PER_DAY = 50;
export const AB_TEST_SESSION_DAYS_KEPT = 2;
export const AB_TEST_INTERACTIONS_PER_SESSION = 5;

/** `abTestSessions/{id}`: when the server started it, and the interactions counted for it. */
export interface StoredAbTestSession {
  startedAt: Date;
  expireAt: Date;
  interactions: number;
}

/** What the endpoint and the session's callable answer when they refuse (the page shows none of it). */
export const AB_TEST_MESSAGES = {
  sessionsFull: 'No more A/B sessions from this network today.',
  noSession: 'No such A/B session: sessions are started by the server.',
  notAssigned: 'This session was not assigned that variant.',
  interactionsFull: 'This session keeps no more interactions.',
  dayFull: 'This test keeps no more events today.',
} as const;

/**
 * What keeps the collection bounded though anyone may post: an assignment and a conversion are kept
 * once per session and test (a second is the same fact); each test keeps at most this many events a
 * day (counted on a few shards, so a busy landing page never waits on one document); and each event
 * expires after a while (a Firestore TTL policy on `expireAt`).
 */
export const AB_TEST_EVENTS_PER_DAY = 100_000;
export const AB_TEST_DAY_SHARDS = 10;
export const AB_TEST_DAYS = 'abTestDays';
export const AB_TEST_EVENT_DAYS_KEPT = 400;

export type AbTestEventData = Record<string, string | number | boolean>;

/** What an event may carry beside it: a few short flat values, as a conversion's button or step. */
export const AB_TEST_EVENT_DATA = { keys: 10, keyLength: 50, textLength: 200 } as const;

const DATA_KEY = new RegExp(`^[A-Za-z0-9_.-]{1,${AB_TEST_EVENT_DATA.keyLength}}$`);
/** Names that would reach an object's prototype if anything ever merged the data. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Why `value` is not event data, or null when it is (or is absent). */
export function eventDataProblem(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'Event data must be an object';
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return 'Event data must be an object';
  const entries = Object.entries(value);
  if (entries.length > AB_TEST_EVENT_DATA.keys)
    return `Event data must have at most ${AB_TEST_EVENT_DATA.keys} values`;
  for (const [key, item] of entries) {
    if (PROTOTYPE_KEYS.has(key) || !DATA_KEY.test(key))
      return `Event data name not allowed: ${key.slice(0, 60)}`;
    const fits =
      typeof item === 'boolean' ||
      (typeof item === 'number' && Number.isFinite(item)) ||
      (typeof item === 'string' && item.length <= AB_TEST_EVENT_DATA.textLength);
    if (!fits)
      return `Event data ${key} must be true or false, a number, or text of at most ${AB_TEST_EVENT_DATA.textLength} characters`;
  }
  return null;
}

const id = (label: string) =>
  yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,100}$/, `${label} is not valid`)
    .required(`${label} is required`);

export const abTestEventSchema = yup.object({
  // Read as a document id: not of the form __name__, which Firestore keeps and refuses a read of.
  testId: id('Test').matches(/^(?!__.*__$)/, 'Test is not valid'),
  variantId: id('Variant'),
  variantName: yup.string().max(255, 'Variant name is too long').required('Variant name is required'),
  eventType: yup
    .mixed<AbTestEvent['eventType']>()
    .oneOf(['assignment', 'conversion', 'interaction'], 'Unknown event type')
    .required('Event type is required'),
  eventData: yup
    .mixed<AbTestEventData>()
    .test('event-data', (value, context) => {
      const problem = eventDataProblem(value);
      return problem ? context.createError({ message: problem }) : true;
    })
    .optional(),
  userId: yup.string().max(128).nullable().optional(),
  sessionId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{8,64}$/, 'Session is not valid')
    .required('Session is required'),
});

/** `abTestEvents/{id}`: the event, the member only when the server knows them, and when it arrived. */
export interface StoredAbTestEvent extends Omit<AbTestEvent, 'userId'> {
  userId: string | null;
  receivedAt: Date;
  expireAt: Date;
}

/** A variant's results for the admin: sessions it was shown to, and those of them that converted. */
export interface AbTestVariantResult {
  testId: string;
  variantId: string;
  variantName: string;
  exposures: number;
  conversions: number;
}
