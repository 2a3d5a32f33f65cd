/**
 * A/B test events as the product keeps them (spec 2 sections 3 and 7): the app posts each assignment
 * and conversion to `POST /api/analytics/ab-test` (a route of the local server, an HTTPS function
 * behind the same path on Firebase); the server checks it against the running test and stores it in
 * `abTestEvents/{id}` for the admin.
 */
import * as yup from 'yup';
import type { AbTestEvent } from './experiments';

export const AB_TEST_ROUTE = '/api/analytics/ab-test';
export const AB_TEST_EVENTS = 'abTestEvents';
/** A body larger than this is refused unread. */
export const AB_TEST_BODY_MAX = 2 * 1024;
/** Events one sender may post a minute: a page sends two or three. */
export const AB_TEST_EVENTS_PER_MINUTE = 60;

const id = (label: string) =>
  yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,100}$/, `${label} is not valid`)
    .required(`${label} is required`);

export const abTestEventSchema = yup.object({
  testId: id('Test'),
  variantId: id('Variant'),
  variantName: yup.string().max(255, 'Variant name is too long').required('Variant name is required'),
  eventType: yup
    .mixed<AbTestEvent['eventType']>()
    .oneOf(['assignment', 'conversion', 'interaction'], 'Unknown event type')
    .required('Event type is required'),
  eventData: yup
    .object()
    .test('event-data', 'Event data must be at most 10 short values', (value) => {
      if (value === undefined) return true;
      const entries = Object.entries(value as Record<string, unknown>);
      return (
        entries.length <= 10 &&
        entries.every(
          ([key, item]) =>
            key.length <= 50 &&
            (typeof item === 'number' ||
              typeof item === 'boolean' ||
              (typeof item === 'string' && item.length <= 200)),
        )
      );
    })
    .optional()
    .default(undefined),
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
}
