/**
 * The visitor's cookie consent on this device: read by the analytics gate on every event, written by
 * the banner. Small on purpose, since the landing page loads it; the banner itself loads after the
 * first paint, and only when it has something to ask.
 */
import { isConsentCurrent, parseConsent, type CookieConsent } from '@/domain/consent';
import { storageKeys } from './storage';

type Listener = (consent: CookieConsent | null) => void;
const listeners = new Set<Listener>();

/** The stored consent if it is current; consent older than 30 days is discarded here. */
export function readConsent(now = new Date()): CookieConsent | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(storageKeys.cookieConsent) ?? 'null');
  } catch {
    stored = null;
  }
  const consent = parseConsent(stored);
  if (isConsentCurrent(consent, now)) return consent;
  if (stored !== null) localStorage.removeItem(storageKeys.cookieConsent);
  return null;
}

export function keepConsent(consent: CookieConsent): void {
  localStorage.setItem(storageKeys.cookieConsent, JSON.stringify(consent));
  for (const listener of listeners) listener(consent);
}

/** Called with each new choice; returns the unsubscribe. */
export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
