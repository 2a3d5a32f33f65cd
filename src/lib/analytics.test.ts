import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memberSignedIn, memberSignedOut, memberSigningOut } from '@/data/auth-analytics';
import type { AnalyticsEvent } from '@/domain/analytics';
import { ALL_ALLOWED, consentOf, NECESSARY_ONLY } from '@/domain/consent';
import { identifiedMember, setAnalyticsSink, track } from './analytics';
import { keepConsent } from './consent';
import { storageKeys } from './storage';

const sent: Array<{ event: AnalyticsEvent; userId: string | null }> = [];
const tokens: unknown[] = [];
const day = 24 * 60 * 60 * 1000;
const aliceToken = async () => 'token-alice';

beforeEach(() => {
  sent.length = 0;
  tokens.length = 0;
  setAnalyticsSink((event, userId, token) => {
    sent.push({ event, userId });
    tokens.push(token);
  });
});

afterEach(() => {
  memberSignedOut();
});

describe('track', () => {
  it('drops every event without consent, or with necessary only', () => {
    track({ name: 'app opened' });
    keepConsent(consentOf(NECESSARY_ONLY, new Date()));
    track({ name: 'login' });
    keepConsent(consentOf({ ...ALL_ALLOWED, analytics: false }, new Date()));
    track({ name: 'logout' });
    expect(sent).toEqual([]);
  });

  it('sends with consent to analytics, and drops again once that consent is over 30 days old', () => {
    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    track({ name: 'subscription viewed' });
    keepConsent(consentOf(ALL_ALLOWED, new Date(Date.now() - 31 * day)));
    track({ name: 'subscription viewed' });
    expect(sent).toEqual([{ event: { name: 'subscription viewed' }, userId: null }]);
    expect(localStorage.getItem(storageKeys.cookieConsent)).toBeNull();
  });
});

describe('the auth side effects', () => {
  it("identify on sign-in, send 'app opened' each time and 'login' once per session", () => {
    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    memberSignedIn('alice', aliceToken);
    memberSignedIn('alice', aliceToken);
    expect(identifiedMember()).toBe('alice');
    expect(tokens).toEqual([aliceToken, aliceToken]);
    expect(sent).toEqual([
      { event: { name: 'app opened' }, userId: 'alice' },
      { event: { name: 'login' }, userId: 'alice' },
    ]);
    // A reload in the same browser session: the app opens again, the login is not counted again.
    memberSignedOut();
    sessionStorage.setItem(storageKeys.loginMarker, 'alice');
    sent.length = 0;
    memberSignedIn('alice', aliceToken);
    expect(sent.map(({ event }) => event.name)).toEqual(['app opened']);
  });

  it("send 'logout' as the member, then clear the identity and the session's login marker", () => {
    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    memberSignedIn('alice', aliceToken);
    sent.length = 0;
    memberSigningOut();
    memberSignedOut();
    expect(sent).toEqual([{ event: { name: 'logout' }, userId: 'alice' }]);
    expect(identifiedMember()).toBeNull();
    expect(sessionStorage.getItem(storageKeys.loginMarker)).toBeNull();
    sent.length = 0;
    memberSigningOut();
    expect(sent).toEqual([]);
  });
});
