/**
 * Google Analytics on Firebase against consent: once loaded, the SDK collects on its own (page views,
 * engagement), so withdrawing consent must stop it at once, not only the app's own events. The SDK is
 * replaced by a stand-in that records what it is told; the app's path to it is the real one.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_ALLOWED, consentOf } from '@/domain/consent';
import { track } from './analytics';
import { keepConsent } from './consent';

vi.mock('@/config/env', async () =>
  (await import('@/data/firebase/testing/env')).adapterEnv('demo-analytics'),
);

const ga = vi.hoisted(() => {
  const instance = { app: 'photorater' };
  return {
    instance,
    isSupported: vi.fn(async () => true),
    getAnalytics: vi.fn(() => instance),
    logEvent: vi.fn(),
    setUserId: vi.fn(),
    setAnalyticsCollectionEnabled: vi.fn(),
    setConsent: vi.fn(),
  };
});
vi.mock('firebase/analytics', () => ga);

const settled = () => vi.waitFor(() => expect(ga.logEvent).toHaveBeenCalled());

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('Google Analytics and the visitor’s consent', () => {
  it('stops collecting at once when analytics consent is withdrawn, and collects again when it is given back', async () => {
    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    track({ name: 'app opened' });
    await settled();

    keepConsent(consentOf({ ...ALL_ALLOWED, analytics: false }, new Date()));
    await vi.waitFor(() =>
      expect(ga.setAnalyticsCollectionEnabled).toHaveBeenLastCalledWith(ga.instance, false),
    );
    expect(ga.setConsent).toHaveBeenLastCalledWith({ analytics_storage: 'denied' });
    track({ name: 'login' });
    expect(ga.logEvent).toHaveBeenCalledTimes(1);

    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    await vi.waitFor(() =>
      expect(ga.setAnalyticsCollectionEnabled).toHaveBeenLastCalledWith(ga.instance, true),
    );
    expect(ga.setConsent).toHaveBeenLastCalledWith({ analytics_storage: 'granted' });
  });

  it('does not load Google Analytics to withdraw a consent it never acted on', async () => {
    keepConsent(consentOf({ ...ALL_ALLOWED, analytics: false }, new Date()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ga.getAnalytics).not.toHaveBeenCalled();
  });
});
