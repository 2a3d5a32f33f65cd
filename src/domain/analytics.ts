/**
 * The analytics events of spec 2 section 7. Every event goes through one function on the client
 * (`src/lib/analytics.ts`), which sends it only with the visitor's consent to analytics.
 */
import type { ErrorRecord } from './errors';
import type { AbTestEvent } from './experiments';
import type { PlanProduct } from './plans';

export type AnalyticsEvent =
  | { name: 'subscription viewed' }
  | { name: 'subscription started'; params: { plan: string; product: PlanProduct } }
  | { name: 'points purchased'; params: { value: number; amount: number; currency: 'USD' } }
  | { name: 'app opened' }
  | { name: 'login' }
  | { name: 'logout' }
  | { name: 'error_occurred'; params: ErrorOccurredParams }
  | { name: AbTestEventName; params: AbTestEventParams };

export interface ErrorOccurredParams {
  error_type: string;
  error_message: string;
  error_code: string | null;
  component: string | null;
  feature: string | null;
  user_id: string | null;
  photo_id: string | null;
}

/** An A/B test's event as analytics carries it: `ab_test_assignment`, `ab_test_conversion`, ... */
export type AbTestEventName = `ab_test_${AbTestEvent['eventType']}`;
export type AbTestEventParams = Pick<AbTestEvent, 'testId' | 'variantId' | 'variantName'>;

export type AnalyticsEventName = AnalyticsEvent['name'];

export const ANALYTICS_EVENT_NAMES = [
  'subscription viewed',
  'subscription started',
  'points purchased',
  'app opened',
  'login',
  'logout',
  'error_occurred',
  'ab_test_assignment',
  'ab_test_conversion',
  'ab_test_interaction',
] as const satisfies readonly AnalyticsEventName[];

/** A purchase's value is its amount x 0.02 USD. */
export const PURCHASE_VALUE_PER_AMOUNT = 0.02;

export function pointsPurchased(amount: number): AnalyticsEvent {
  return {
    name: 'points purchased',
    params: { value: Math.round(amount * PURCHASE_VALUE_PER_AMOUNT * 100) / 100, amount, currency: 'USD' },
  };
}

export function abTestAnalyticsEvent(event: AbTestEvent): AnalyticsEvent {
  return {
    name: `ab_test_${event.eventType}`,
    params: { testId: event.testId, variantId: event.variantId, variantName: event.variantName },
  };
}

export function errorOccurred(record: ErrorRecord): AnalyticsEvent {
  const context = record.context ?? {};
  return {
    name: 'error_occurred',
    params: {
      error_type: record.type,
      error_message: record.message,
      error_code: record.code ?? null,
      component: context.component ?? null,
      feature: context.feature ?? null,
      user_id: context.userId ?? null,
      photo_id: context.photoId ?? null,
    },
  };
}

/** One event as the app posts it to the local server: the member is never in the body. */
export interface PostedAnalyticsEvent {
  name: AnalyticsEventName;
  params: Record<string, string | number | boolean | null>;
  sentAt: string;
}

/**
 * One event as the local server's log keeps it (`analytics-events.jsonl` in the data folder): the
 * posted event and the member it belongs to, taken from the ID token the server verified (null for a
 * visitor), so no one can put events in another member's name.
 */
export interface LoggedAnalyticsEvent extends PostedAnalyticsEvent {
  userId: string | null;
}

/** Bounds of one posted event: a few short fields, so a body larger than this is refused unread. */
export const ANALYTICS_BODY_MAX = 4 * 1024;
export const ANALYTICS_PARAM_MAX = 500;
export const ANALYTICS_PARAMS_MAX = 12;

/** Why a posted event is refused, or null when it is one of the product's events in its shape. */
export function analyticsEventProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'The event must be an object.';
  const event = value as Record<string, unknown>;
  for (const key of Object.keys(event))
    if (!['name', 'params', 'sentAt'].includes(key)) return `Unknown field: ${key}.`;
  if (!(ANALYTICS_EVENT_NAMES as readonly unknown[]).includes(event.name)) return 'Unknown event name.';
  if (typeof event.sentAt !== 'string' || Number.isNaN(Date.parse(event.sentAt)))
    return 'sentAt must be a date.';
  const params = event.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    return 'params must be an object.';
  if (Object.getPrototypeOf(params) !== Object.prototype) return 'params must be a plain object.';
  const entries = Object.entries(params);
  if (entries.length > ANALYTICS_PARAMS_MAX) return 'Too many params.';
  for (const [key, param] of entries) {
    if (['__proto__', 'constructor', 'prototype'].includes(key)) return `Unknown field: ${key}.`;
    if (param !== null && !['string', 'number', 'boolean'].includes(typeof param))
      return `${key} must be text, a number, true or false.`;
    if (typeof param === 'string' && param.length > ANALYTICS_PARAM_MAX) return `${key} is too long.`;
    if (typeof param === 'number' && !Number.isFinite(param)) return `${key} must be a number.`;
  }
  return null;
}
