import { describe, expect, it } from 'vitest';
import {
  ALL_ALLOWED,
  allows,
  consentOf,
  CONSENT_LIFETIME_DAYS,
  isConsentCurrent,
  NECESSARY_ONLY,
  newerConsent,
  parseConsent,
} from './consent';

const day = 24 * 60 * 60 * 1000;
const chosenAt = new Date('2026-11-01T12:00:00Z');
const after = (days: number) => new Date(chosenAt.getTime() + days * day);

describe('cookie consent', () => {
  it('holds for 30 days and is discarded after', () => {
    expect(CONSENT_LIFETIME_DAYS).toBe(30);
    const consent = consentOf(ALL_ALLOWED, chosenAt);
    expect(isConsentCurrent(consent, after(30))).toBe(true);
    expect(isConsentCurrent(consent, new Date(after(30).getTime() + 1))).toBe(false);
    expect(isConsentCurrent(consent, after(31))).toBe(false);
    expect(isConsentCurrent(null, chosenAt)).toBe(false);
  });

  it('allows analytics only by a current choice that includes them; necessary always', () => {
    const all = consentOf(ALL_ALLOWED, chosenAt);
    const necessary = consentOf(NECESSARY_ONLY, chosenAt);
    expect(allows(all, 'analytics', after(1))).toBe(true);
    expect(allows(all, 'analytics', after(31))).toBe(false);
    expect(allows(necessary, 'analytics', after(1))).toBe(false);
    expect(allows(necessary, 'marketing', after(1))).toBe(false);
    expect(allows(null, 'analytics', after(1))).toBe(false);
    expect(allows(null, 'necessary', after(1))).toBe(true);
    expect(consentOf({ ...NECESSARY_ONLY, functional: true }, chosenAt).preferences).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: true,
    });
  });

  it('reads back a stored choice, and anything malformed as none', () => {
    const stored = JSON.parse(JSON.stringify(consentOf(ALL_ALLOWED, chosenAt))) as unknown;
    expect(parseConsent(stored)).toEqual(consentOf(ALL_ALLOWED, chosenAt));
    expect(
      parseConsent({
        hasConsented: true,
        timestamp: chosenAt,
        preferences: { analytics: 'yes', necessary: false },
      }),
    ).toEqual(consentOf(NECESSARY_ONLY, chosenAt));
    for (const bad of [null, 'x', {}, { hasConsented: false, preferences: {}, timestamp: chosenAt }]) {
      expect(parseConsent(bad)).toBeNull();
    }
    expect(parseConsent({ hasConsented: true, preferences: {}, timestamp: 'not a date' })).toBeNull();
  });

  it("takes the newer of the device's and the record's choice", () => {
    const older = consentOf(NECESSARY_ONLY, chosenAt);
    const newer = consentOf(ALL_ALLOWED, after(2));
    expect(newerConsent(older, newer)).toBe(newer);
    expect(newerConsent(newer, older)).toBe(newer);
    expect(newerConsent(null, older)).toBe(older);
    expect(newerConsent(undefined, null)).toBeNull();
  });
});
