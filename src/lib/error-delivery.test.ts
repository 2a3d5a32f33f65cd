import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '@/domain/analytics';
import { ALL_ALLOWED, consentOf } from '@/domain/consent';
import type { ErrorReport } from '@/domain/error-report';
import { identify, setAnalyticsSink } from './analytics';
import { keepConsent } from './consent';
import { deliverError, errorReportUrl } from './error-delivery';

const fetchMock = vi.fn<typeof fetch>();
const events: AnalyticsEvent[] = [];

beforeEach(() => {
  fetchMock.mockReset().mockResolvedValue(new Response('{"received":true}', { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
  events.length = 0;
  setAnalyticsSink((event) => events.push(event));
});

afterEach(() => {
  vi.unstubAllGlobals();
  identify(null);
});

const sentReport = () => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as ErrorReport;

describe('an error report', () => {
  it("goes to the local server's error log with its context and the signed-in member", async () => {
    identify('alice');
    await deliverError(
      {
        type: 'rating',
        severity: 'medium',
        message: 'Failed to submit rating. Please try again.',
        code: 'unavailable',
        context: { component: 'RatePage', feature: 'rating', action: 'submitRating', photoId: 'p1' },
      },
      'Error: x\n    at submit (rate-page.tsx:1:1)',
    );
    expect(fetchMock).toHaveBeenCalledWith(errorReportUrl(), expect.objectContaining({ method: 'POST' }));
    expect(errorReportUrl()).toMatch(/\/api\/errors$/);
    expect(sentReport()).toMatchObject({
      type: 'rating',
      code: 'unavailable',
      context: {
        component: 'RatePage',
        feature: 'rating',
        action: 'submitRating',
        userId: 'alice',
        photoId: 'p1',
      },
    });
    // Without consent, no analytics event.
    expect(events).toEqual([]);
  });

  it("carries the member's ID token, by which alone the server names them, and none signed out", async () => {
    identify('alice', async () => 'token-alice');
    await deliverError({ type: 'general', severity: 'low', message: 'x' });
    const headers = (call: number) => fetchMock.mock.calls[call]![1]!.headers as Record<string, string>;
    expect(headers(0).Authorization).toBe('Bearer token-alice');
    identify('alice', async () => {
      throw new Error('auth/network-request-failed');
    });
    await deliverError({ type: 'general', severity: 'low', message: 'x' });
    identify(null);
    await deliverError({ type: 'general', severity: 'low', message: 'x' });
    expect(headers(1).Authorization).toBeUndefined();
    expect(headers(2).Authorization).toBeUndefined();
  });

  it("sends error_occurred with its fields when analytics are allowed, and never a member's secrets", async () => {
    keepConsent(consentOf(ALL_ALLOWED, new Date()));
    await deliverError({
      type: 'auth',
      severity: 'high',
      message: 'token=abc123 rejected',
      context: { feature: 'accounts', metadata: { password: 'hunter2', message: 'hello team' } },
    });
    expect(JSON.stringify(sentReport())).not.toMatch(/abc123|hunter2|hello team/);
    expect(events).toEqual([
      {
        name: 'error_occurred',
        params: {
          error_type: 'auth',
          error_message: 'token=abc123 rejected',
          error_code: null,
          component: null,
          feature: 'accounts',
          user_id: null,
          photo_id: null,
        },
      },
    ]);
  });
});
