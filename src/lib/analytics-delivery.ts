/**
 * Carries consented analytics events: in local mode to the local server, which appends them to a log
 * in the data folder; in Firebase mode to Google Analytics for Firebase, whose SDK loads only now,
 * after consent, and never with the landing page.
 */
import { env } from '@/config/env';
import type { AnalyticsEvent, PostedAnalyticsEvent } from '@/domain/analytics';
import type { MemberToken } from './analytics';

export const LOCAL_ANALYTICS_ROUTE = '/api/analytics/events';

/** The last token of the member events belong to, for the one sent just after sign-out ("logout"). */
let lastToken: { uid: string; token: string } | null = null;

async function tokenFor(userId: string | null, token: MemberToken | undefined): Promise<string | null> {
  if (!userId) return null;
  const fresh = await token?.().catch(() => null);
  if (fresh) lastToken = { uid: userId, token: fresh };
  return lastToken?.uid === userId ? lastToken.token : null;
}

export async function deliverEvent(
  event: AnalyticsEvent,
  userId: string | null,
  token?: MemberToken,
): Promise<void> {
  const params = 'params' in event ? { ...event.params } : {};
  if (env.backend === 'firebase') {
    const { logAnalyticsEvent } = await import('@/data/firebase/analytics');
    await logAnalyticsEvent(event.name, params, userId);
    return;
  }
  const posted: PostedAnalyticsEvent = { name: event.name, params, sentAt: new Date().toISOString() };
  const bearer = await tokenFor(userId, token);
  const response = await fetch(`${env.localServerUrl}${LOCAL_ANALYTICS_ROUTE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(posted),
    keepalive: true,
  });
  if (!response.ok) throw new Error(`The local server refused the event (${response.status}).`);
}

export async function identifyMember(uid: string | null): Promise<void> {
  // Locally each event carries its member; Google Analytics keeps the identity itself.
  if (env.backend !== 'firebase') return;
  const { setAnalyticsMember } = await import('@/data/firebase/analytics');
  await setAnalyticsMember(uid);
}

/** Tells a Google Analytics already loaded that consent changed; locally nothing collects on its own. */
export async function applyConsent(allowed: boolean): Promise<void> {
  if (env.backend !== 'firebase') return;
  const { applyAnalyticsConsent } = await import('@/data/firebase/analytics');
  await applyAnalyticsConsent(allowed);
}
