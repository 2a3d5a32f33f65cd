/**
 * `POST /api/analytics/ab-test` (spec 2 section 7), received the same way by both hosts: the event's
 * size and shape are checked, then that it names a running test and one of its variants (so the
 * store holds no made-up tests), and it is kept in `abTestEvents/{id}` for the admin. Anyone may post
 * (visitors are who the landing page tests), so each sender is limited; the member is recorded only
 * when the host verified their token, never from the body.
 */
import { randomUUID } from 'node:crypto';
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import { ValidationError } from 'yup';
import {
  AB_TEST_BODY_MAX,
  AB_TEST_DAY_SHARDS,
  AB_TEST_DAYS,
  AB_TEST_EVENT_DAYS_KEPT,
  AB_TEST_EVENTS,
  AB_TEST_EVENTS_PER_DAY,
  AB_TEST_EVENTS_PER_MINUTE,
  abTestEventSchema,
  eventDataProblem,
  type StoredAbTestEvent,
} from '../../../src/domain/ab-test-events';
import { appFeaturePath, type AppFeature } from '../../../src/domain/experiments';
import { DAY_MS } from '../../../src/domain/constants';
import type { Store } from '../store/store';
import { countInDay, dayOf } from './day-counter';
import type { Clock } from './handler';
import { inputMismatch } from './input-shape';
import { addressKey } from './rate-limit';
import { reportLimiter, type ReportAnswer } from './report-client-error';

export const AB_TEST_FUNCTION = 'abTestEvent';

/** The event's named fields; its data is a map of the sender's own names, checked on its own. */
const eventFields = abTestEventSchema.omit(['eventData']);

export function abTestLimiter(): RateLimiterMemory {
  return reportLimiter(AB_TEST_EVENTS_PER_MINUTE);
}

export async function receiveAbTestEvent(
  raw: Buffer | string,
  sender: { address: string; uid: string | null },
  services: { store: Store; clock: Clock; limiter: RateLimiterMemory },
): Promise<ReportAnswer> {
  if (Buffer.byteLength(raw) > AB_TEST_BODY_MAX)
    return { status: 413, body: { error: 'The event is too large.' } };
  try {
    await services.limiter.consume(sender.uid ?? `address:${addressKey(sender.address)}`);
  } catch {
    return { status: 429, body: { error: 'Too many events. Please wait a moment.' } };
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    return { status: 400, body: { error: 'The event is not JSON.' } };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { status: 400, body: { error: 'The event must be an object.' } };
  const { eventData, ...fields } = body as Record<string, unknown>;
  const mismatch = inputMismatch(eventFields, fields) ?? eventDataProblem(eventData);
  if (mismatch) return { status: 400, body: { error: mismatch } };
  let event;
  try {
    event = await abTestEventSchema.validate(body, { stripUnknown: true });
  } catch (error) {
    if (error instanceof ValidationError) return { status: 400, body: { error: error.errors[0] } };
    throw error;
  }
  const feature = await services.store.get<AppFeature>(appFeaturePath(event.testId));
  const variant = feature?.abTestConfig?.variants.find((candidate) => candidate.id === event.variantId);
  if (
    !feature ||
    feature.type !== 'ab_test' ||
    !feature.enabled ||
    !feature.abTestConfig?.isActive ||
    !variant
  )
    return { status: 404, body: { error: 'No such running test or variant.' } };
  const receivedAt = services.clock.now();
  const stored: StoredAbTestEvent = {
    testId: event.testId,
    variantId: variant.id,
    variantName: variant.name,
    eventType: event.eventType,
    ...(event.eventData ? { eventData: Object.fromEntries(Object.entries(event.eventData)) } : {}),
    userId: sender.uid,
    sessionId: event.sessionId,
    receivedAt,
    expireAt: new Date(receivedAt.getTime() + AB_TEST_EVENT_DAYS_KEPT * DAY_MS),
  };
  // One assignment and one conversion a session: the id says which, so a repeat changes nothing.
  const eventPath =
    event.eventType === 'interaction'
      ? `${AB_TEST_EVENTS}/${randomUUID()}`
      : `${AB_TEST_EVENTS}/${event.testId}_${event.sessionId}_${event.eventType}`;
  const kept = await services.store.runTransaction(async (tx) => {
    if (await tx.get(eventPath)) return true;
    // The shard drawn, then the others, as for contact messages: one full shard refuses no event while the day has room.
    const counted = await countInDay(tx, {
      collection: AB_TEST_DAYS,
      id: `${event.testId}_${dayOf(receivedAt)}`,
      shards: AB_TEST_DAY_SHARDS,
      perShard: AB_TEST_EVENTS_PER_DAY / AB_TEST_DAY_SHARDS,
      counted: 'events',
      labels: { testId: event.testId },
      // The day's count is wanted for the day only, not as long as the events it counted.
      expireAt: new Date(Date.parse(dayOf(receivedAt)) + 2 * DAY_MS),
    });
    if (counted) tx.set(eventPath, { ...stored });
    return counted;
  });
  if (!kept) return { status: 429, body: { error: 'This test keeps no more events today.' } };
  return { status: 202, body: { received: true } };
}
