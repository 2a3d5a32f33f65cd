/**
 * The landing page's A/B test, 'landingHeroTest' (spec 2 section 4): the visitor's variant by the
 * shared rule (`assignVariant`, src/domain/experiments.ts) from the session id kept in session
 * storage, only while the feature is enabled and its test active. The server starts the session
 * (`startAbTestSession`), since only events of sessions it started count. Its assignment (once a
 * session) and Get Started conversions go fire-and-forget to the A/B endpoint and the analytics tools,
 * with the visitor's analytics consent.
 */
import { env } from '@/config/env';
import { appCheckHeaders } from '@/data/app-check';
import { call, CallError } from '@/data/callables';
import { AB_TEST_ROUTE, assignVariant } from '@/domain/ab-tests';
import { abTestAnalyticsEvent } from '@/domain/analytics';
import type { AbTestEvent, AbTestVariant } from '@/domain/experiments';
import { allows } from '@/domain/consent';
import { track } from '@/lib/analytics';
import { readConsent } from '@/lib/consent';
import { HERO_COPY } from './hero-variants';
import { LANDING_HERO_TEST, type HeroCopy, type HeroVariant } from './landing-copy';

/** The A/B session id's key in session storage: a visitor keeps their variants for the session. */
export const AB_SESSION_KEY = 'photorater.abSession';
const assignedKey = (testId: string) => `photorater.abAssigned.${testId}`;

/**
 * The session the server started for this browser session, started now if there is none; null when the
 * server starts no more from this network today (the visitor then sees the control and sends nothing).
 */
export async function abSession(): Promise<string | null> {
  const kept = sessionStorage.getItem(AB_SESSION_KEY);
  if (kept) return kept;
  try {
    const { sessionId } = await call('startAbTestSession', {});
    sessionStorage.setItem(AB_SESSION_KEY, sessionId);
    return sessionId;
  } catch (error) {
    if (error instanceof CallError && error.code === 'resource-exhausted') return null;
    throw error;
  }
}

export interface HeroAssignment {
  sessionId: string;
  variant: AbTestVariant;
  /** The copy shown: the variant's own when the page knows it, else the control's. */
  hero: HeroVariant;
  copy: HeroCopy;
}

const KNOWN: readonly string[] = ['control', 'original', 'social_proof'];

/** The endpoint: the local server's route, or the same path on the app's own host on Firebase (a rewrite to the function). */
export function abTestEndpoint(): string {
  return env.backend === 'local' ? `${env.localServerUrl}${AB_TEST_ROUTE}` : AB_TEST_ROUTE;
}

/** Sends an event and forgets it; without consent to analytics nothing is sent. */
export function sendAbTestEvent(event: AbTestEvent): void {
  if (!allows(readConsent(), 'analytics', new Date())) return;
  track(abTestAnalyticsEvent(event));
  // On Firebase the endpoint wants App Check's token; without one it would refuse the event anyway.
  appCheckHeaders()
    .then((headers) =>
      fetch(abTestEndpoint(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(event),
        keepalive: true,
      }),
    )
    .catch(() => undefined);
}

/** The visitor's variant of the landing hero, or null when the test is not running. */
export async function landingHeroAssignment(): Promise<HeroAssignment | null> {
  const { features } = await call('getFeatures', {});
  const feature = features.find((candidate) => candidate.id === LANDING_HERO_TEST);
  // A stopped test needs no session.
  if (!feature?.abTestConfig) return null;
  const sessionId = await abSession();
  const variant = sessionId ? assignVariant(feature, sessionId) : null;
  if (!sessionId || !variant) return null;
  const hero = KNOWN.includes(variant.id) ? (variant.id as HeroVariant) : 'control';
  const assignment: HeroAssignment = { sessionId, variant, hero, copy: HERO_COPY[hero] };
  if (!sessionStorage.getItem(assignedKey(LANDING_HERO_TEST))) {
    sessionStorage.setItem(assignedKey(LANDING_HERO_TEST), variant.id);
    sendAbTestEvent(heroEvent(assignment, 'assignment'));
  }
  return assignment;
}

export function heroEvent(assignment: HeroAssignment, eventType: AbTestEvent['eventType']): AbTestEvent {
  return {
    testId: LANDING_HERO_TEST,
    variantId: assignment.variant.id,
    variantName: assignment.variant.name,
    eventType,
    userId: null,
    sessionId: assignment.sessionId,
  };
}
