import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostedAnalyticsEvent } from '@/domain/analytics';
import { deliverEvent, LOCAL_ANALYTICS_ROUTE } from './analytics-delivery';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset().mockResolvedValue(new Response('{"received":true}', { status: 202 }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const sent = (call: number) => {
  const [url, init] = fetchMock.mock.calls[call]!;
  return {
    url: String(url),
    headers: init!.headers as Record<string, string>,
    body: JSON.parse(String(init!.body)) as PostedAnalyticsEvent,
  };
};

describe("an analytics event on the local server's route", () => {
  it('carries the member as their ID token, never as a field of the event', async () => {
    await deliverEvent({ name: 'app opened' }, 'alice', async () => 'token-alice');
    const { url, headers, body } = sent(0);
    expect(url).toMatch(new RegExp(`${LOCAL_ANALYTICS_ROUTE}$`));
    expect(headers.Authorization).toBe('Bearer token-alice');
    expect(Object.keys(body).sort()).toEqual(['name', 'params', 'sentAt']);
  });

  it("sends a visitor's event without a token", async () => {
    await deliverEvent({ name: 'app opened' }, null, async () => 'token-alice');
    expect(sent(0).headers.Authorization).toBeUndefined();
  });

  it("sends 'logout', which leaves after the sign-out, with the member's last token", async () => {
    await deliverEvent({ name: 'app opened' }, 'bob', async () => 'token-bob');
    await deliverEvent({ name: 'logout' }, 'bob', () => Promise.reject(new Error('signed out')));
    expect(sent(1).headers.Authorization).toBe('Bearer token-bob');
    // Another member's event never borrows it.
    await deliverEvent({ name: 'logout' }, 'carol', () => Promise.reject(new Error('signed out')));
    expect(sent(2).headers.Authorization).toBeUndefined();
  });
});
