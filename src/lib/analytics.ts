/**
 * The one way analytics events leave the app (spec 2 sections 4 and 7): each goes out only while the
 * visitor's current consent allows analytics, and is dropped otherwise. What carries them (the local
 * server's log, or Google Analytics for Firebase) loads with the first event that may be sent.
 */
import type { AnalyticsEvent } from '@/domain/analytics';
import { allows } from '@/domain/consent';
import { readConsent } from './consent';

export type AnalyticsSink = (event: AnalyticsEvent, userId: string | null) => void;

let member: string | null = null;

const analyticsAllowed = () => allows(readConsent(), 'analytics', new Date());

const deliver: AnalyticsSink = (event, userId) => {
  import('./analytics-delivery')
    .then((delivery) => delivery.deliverEvent(event, userId))
    // An event that cannot be sent is not worth an error report of its own.
    .catch((error: unknown) => console.warn('An analytics event was not sent.', error));
};

let sink: AnalyticsSink = deliver;

export function track(event: AnalyticsEvent): void {
  if (analyticsAllowed()) sink(event, member);
}

/** The signed-in member events belong to (null at sign-out, which also clears the tool's identity). */
export function identify(uid: string | null): void {
  if (uid === member) return;
  member = uid;
  if (!analyticsAllowed() || sink !== deliver) return;
  import('./analytics-delivery')
    .then((delivery) => delivery.identifyMember(uid))
    .catch((error: unknown) => console.warn('The analytics identity was not set.', error));
}

export function identifiedMember(): string | null {
  return member;
}

/** Where events that consent allows go from now on (tests listen here); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}
