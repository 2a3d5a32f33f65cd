/**
 * Carries consented analytics events: in local mode to the local server, which appends them to a log
 * in the data folder; in Firebase mode to Google Analytics for Firebase, whose SDK loads only now,
 * after consent, and never with the landing page.
 */
import { env } from '@/config/env';
import type { AnalyticsEvent, LoggedAnalyticsEvent } from '@/domain/analytics';

export const LOCAL_ANALYTICS_ROUTE = '/api/analytics/events';

export async function deliverEvent(event: AnalyticsEvent, userId: string | null): Promise<void> {
  const params = 'params' in event ? { ...event.params } : {};
  if (env.backend === 'firebase') {
    const { logAnalyticsEvent } = await import('@/data/firebase/analytics');
    await logAnalyticsEvent(event.name, params, userId);
    return;
  }
  const logged: LoggedAnalyticsEvent = { name: event.name, params, userId, sentAt: new Date().toISOString() };
  const response = await fetch(`${env.localServerUrl}${LOCAL_ANALYTICS_ROUTE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(logged),
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
