/**
 * Google Analytics for Firebase, loaded only once the visitor has allowed analytics (the caller,
 * `src/lib/analytics-delivery.ts`, is itself loaded only then). Event names follow GA's rules
 * (letters, digits and underscores), so "app opened" is sent as `app_opened`.
 */
import {
  getAnalytics,
  isSupported,
  logEvent,
  setAnalyticsCollectionEnabled,
  setConsent,
  setUserId,
  type Analytics,
} from 'firebase/analytics';
import { firebaseApp } from '@/data/firebase-app';

let analytics: Promise<Analytics | null> | undefined;

function ready(): Promise<Analytics | null> {
  // Some browsers (no IndexedDB, privacy modes) cannot run it; events are then dropped.
  analytics ??= isSupported().then((supported) => (supported ? getAnalytics(firebaseApp) : null));
  return analytics;
}

/**
 * Once loaded, the SDK collects on its own (page views, engagement), so a withdrawn consent must stop
 * it here and now; a consent given back starts it again. An SDK never loaded has nothing to stop.
 */
export async function applyAnalyticsConsent(allowed: boolean): Promise<void> {
  if (!analytics) return;
  const instance = await analytics;
  if (!instance) return;
  setConsent({ analytics_storage: allowed ? 'granted' : 'denied' });
  setAnalyticsCollectionEnabled(instance, allowed);
}

export const gaEventName = (name: string) => name.replace(/[^A-Za-z0-9_]+/g, '_');

export async function logAnalyticsEvent(
  name: string,
  params: Record<string, string | number | boolean | null>,
  userId: string | null,
): Promise<void> {
  const instance = await ready();
  if (!instance) return;
  if (userId) setUserId(instance, userId);
  logEvent(instance, gaEventName(name), params);
}

export async function setAnalyticsMember(uid: string | null): Promise<void> {
  const instance = await ready();
  if (instance) setUserId(instance, uid);
}
