/**
 * Cookie consent (spec 2 sections 3, 4 and 9): what a visitor allowed, when, and for how long it holds.
 * Necessary cookies cannot be refused; analytics events leave the app only with `analytics` allowed.
 */
export const CONSENT_CATEGORIES = ['necessary', 'analytics', 'marketing', 'functional'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface ConsentPreferences {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  functional: boolean;
}

/** The cookie consent record, on the device and on a member's record (`users/{uid}.cookieConsent`). */
export interface CookieConsent {
  hasConsented: boolean;
  preferences: ConsentPreferences;
  timestamp: Date;
}

/** Stored consent older than this is discarded and the banner returns (spec 2 section 9: 30 days). */
export const CONSENT_LIFETIME_DAYS = 30;
export const CONSENT_LIFETIME_MS = CONSENT_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** Where a visitor changes their choice later: the footer and the menu. */
export const COOKIE_SETTINGS_LABEL = 'Cookie settings';

export const NECESSARY_ONLY: ConsentPreferences = {
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
};
export const ALL_ALLOWED: ConsentPreferences = {
  necessary: true,
  analytics: true,
  marketing: true,
  functional: true,
};

export function consentOf(preferences: ConsentPreferences, now: Date): CookieConsent {
  return { hasConsented: true, preferences: { ...preferences, necessary: true }, timestamp: now };
}

/** Consent that was given and is at most 30 days old; anything else means the banner shows. */
export function isConsentCurrent(consent: CookieConsent | null | undefined, now: Date): boolean {
  if (!consent?.hasConsented) return false;
  const age = now.getTime() - consent.timestamp.getTime();
  return Number.isFinite(age) && age <= CONSENT_LIFETIME_MS;
}

/** Whether a category is allowed now: necessary always, the others only by current consent. */
export function allows(
  consent: CookieConsent | null | undefined,
  category: ConsentCategory,
  now: Date,
): boolean {
  if (category === 'necessary') return true;
  return isConsentCurrent(consent, now) && consent!.preferences[category] === true;
}

/** The newer of the device's and the member's record, so a choice made on either follows the member. */
export function newerConsent(
  a: CookieConsent | null | undefined,
  b: CookieConsent | null | undefined,
): CookieConsent | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return b.timestamp.getTime() > a.timestamp.getTime() ? b : a;
}

/** A stored consent read back (device storage holds text): anything malformed counts as none. */
export function parseConsent(value: unknown): CookieConsent | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const preferences = record.preferences as Record<string, unknown> | undefined;
  const timestamp = new Date(
    record.timestamp instanceof Date ? record.timestamp.getTime() : String(record.timestamp),
  );
  if (
    record.hasConsented !== true ||
    typeof preferences !== 'object' ||
    preferences === null ||
    Number.isNaN(timestamp.getTime())
  )
    return null;
  return {
    hasConsented: true,
    preferences: {
      necessary: true,
      analytics: preferences.analytics === true,
      marketing: preferences.marketing === true,
      functional: preferences.functional === true,
    },
    timestamp,
  };
}
