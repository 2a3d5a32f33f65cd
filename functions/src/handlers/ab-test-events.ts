/**
 * `POST /api/analytics/ab-test` (spec 2 section 7), received the same way by both hosts: the event's
 * size and shape are checked, then that it names a running test and one of its variants (so the
 * store holds no made-up tests), then that its session is one the server started (`ab-test-sessions.ts`)
 * and was given that variant, and it is kept in `abTestEvents/{id}` for the admin. Anyone may post
 * (visitors are who the landing page tests), so what one sender can post is bounded by the sessions
 * their address may start, not by an address this endpoint sees (on Firebase it sits behind Hosting's
 * CDN); the member is recorded only when the host verified their token, never from the body.
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
  AB_TEST_INTERACTIONS_PER_SESSION,
  AB_TEST_MESSAGES,
  AB_TEST_SESSIONS,
  abTestEventSchema,
  eventDataProblem,
  type StoredAbTestEvent,
  type StoredAbTestSession,
} from '../../../src/domain/ab-test-events';
import { assignVariant } from '../../../src/domain/ab-tests';
import { appFeaturePath, type AppFeature } from '../../../src/domain/experiments';
import { DAY_MS } from '../../../src/domain/constants';
import type { Store } from '../store/store';
import { countInDay, dayOf, isCount } from './day-counter';
import type { Clock } from './handler';
import { inputMismatch } from './input-shape';
import { reportLimiter, type ReportAnswer } from './report-client-error';

export const AB_TEST_FUNCTION = 'abTestEvent';

type Refusal = 'noSession' | 'notAssigned' | 'interactionsFull' | 'dayFull';

const REFUSALS: Record<Refusal, ReportAnswer> = {
  noSession: { status: 404, body: { error: AB_TEST_MESSAGES.noSession } },
  notAssigned: { status: 409, body: { error: AB_TEST_MESSAGES.notAssigned } },
  interactionsFull: { status: 429, body: { error: AB_TEST_MESSAGES.interactionsFull } },
  dayFull: { status: 429, body: { error: AB_TEST_MESSAGES.dayFull } },
};

/** The event's named fields; its data is a map of the sender's own names, checked on its own. */
const eventFields = abTestEventSchema.omit(['eventData']);

export function abTestLimiter(): RateLimiterMemory {
  return reportLimiter(AB_TEST_EVENTS_PER_MINUTE);
}

export async function receiveAbTestEvent(
  raw: Buffer | string,
  sender: { uid: string | null },
  services: { store: Store; clock: Clock; limiter: RateLimiterMemory },
): Promise<ReportAnswer> {
  if (Buffer.byteLength(raw) > AB_TEST_BODY_MAX)
    return { status: 413, body: { error: 'The event is too large.' } };
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
  try {
    await services.limiter.consume(`session:${event.sessionId}`);
  } catch {
    return { status: 429, body: { error: 'Too many events. Please wait a moment.' } };
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
  // The server's own rule gives the session its variant; a client naming another is not believed.
  if (event.eventType === 'assignment' && assignVariant(feature, event.sessionId)?.id !== variant.id)
    return { status: 409, body: { error: AB_TEST_MESSAGES.notAssigned } };
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
  const sessionPath = `${AB_TEST_SESSIONS}/${event.sessionId}`;
  const assignmentPath = `${AB_TEST_EVENTS}/${event.testId}_${event.sessionId}_assignment`;
  // One assignment and one conversion a session: the id says which, so a repeat changes nothing.
  const eventPath =
    event.eventType === 'interaction'
      ? `${AB_TEST_EVENTS}/${randomUUID()}`
      : `${AB_TEST_EVENTS}/${event.testId}_${event.sessionId}_${event.eventType}`;
  const refusal = await services.store.runTransaction(async (tx): Promise<Refusal | null> => {
    const session = await tx.get<StoredAbTestSession>(sessionPath);
    // The TTL policy deletes a day or so late: an expired session is over already.
    if (!session || !(session.expireAt.getTime() > receivedAt.getTime())) return 'noSession';
    if (event.eventType !== 'assignment') {
      const assignment = await tx.get<StoredAbTestEvent>(assignmentPath);
      if (assignment?.variantId !== variant.id) return 'notAssigned';
    }
    if (event.eventType === 'interaction') {
      const interactions = isCount(session.interactions) ? session.interactions : Infinity;
      if (interactions >= AB_TEST_INTERACTIONS_PER_SESSION) return 'interactionsFull';
    } else if (await tx.get(eventPath)) return null;
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
    if (!counted) return 'dayFull';
    if (event.eventType === 'interaction') tx.update(sessionPath, { interactions: session.interactions + 1 });
    tx.set(eventPath, { ...stored });
    return null;
  });
  if (refusal) return REFUSALS[refusal];
  return { status: 202, body: { received: true } };
}
