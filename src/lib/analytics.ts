/**
 * The one way analytics events leave the app (spec 2 sections 4 and 7): each goes out only while the
 * visitor's current consent allows analytics, and is dropped otherwise. What carries them (the local
 * server's log, or Google Analytics for Firebase) loads with the first event that may be sent.
 */
import type { AnalyticsEvent } from '@/domain/analytics';
import { allows } from '@/domain/consent';
import { onConsentChange, readConsent } from './consent';

/** The member's ID token, which the local server takes the member from (never from the event). */
export type MemberToken = () => Promise<string>;

export type AnalyticsSink = (event: AnalyticsEvent, userId: string | null, token?: MemberToken) => void;

let member: string | null = null;
let memberToken: MemberToken | undefined;

const analyticsAllowed = () => allows(readConsent(), 'analytics', new Date());

/** Whether the delivery (and on Firebase, Google Analytics) has loaded: only then is there one to stop. */
let delivering = false;

const deliver: AnalyticsSink = (event, userId, token) => {
  delivering = true;
  import('./analytics-delivery')
    .then((delivery) => delivery.deliverEvent(event, userId, token))
    // An event that cannot be sent is not worth an error report of its own.
    .catch((error: unknown) => console.warn('An analytics event was not sent.', error));
};

let sink: AnalyticsSink = deliver;

export function track(event: AnalyticsEvent): void {
  if (analyticsAllowed()) sink(event, member, memberToken);
}

/** The signed-in member events belong to (null at sign-out, which also clears the tool's identity). */
export function identify(uid: string | null, token?: MemberToken): void {
  memberToken = uid ? token : undefined;
  if (uid === member) return;
  member = uid;
  if (!analyticsAllowed() || sink !== deliver) return;
  import('./analytics-delivery')
    .then((delivery) => delivery.identifyMember(uid))
    .catch((error: unknown) => console.warn('The analytics identity was not set.', error));
}

// NOTE: a withdrawn consent stops what already loaded at once, not at the next event.
onConsentChange(() => {
  if (!delivering) return;
  import('./analytics-delivery')
    .then((delivery) => delivery.applyConsent(analyticsAllowed()))
    .catch((error: unknown) => console.warn('The analytics consent was not applied.', error));
});

export function identifiedMember(): string | null {
  return member;
}

/** The signed-in member's ID token, which error reports carry too: the server names the member by it. */
export function identifiedMemberToken(): MemberToken | undefined {
  return memberToken;
}

/** Where events that consent allows go from now on (tests listen here); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}
