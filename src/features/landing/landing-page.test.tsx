import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abTestBucket, type PublicFeature } from '@/domain/experiments';
import { storageKeys } from '@/lib/storage';
import { renderApp } from '@/testing/test-utils';
import { AB_SESSION_KEY } from './landing-experiment';
import { LandingPage } from './landing-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const heroTest: PublicFeature = {
  id: 'landingHeroTest',
  name: 'Landing hero',
  value: null,
  type: 'ab_test',
  abTestConfig: {
    isActive: true,
    analyticsKey: 'landingHeroTest',
    variants: [
      { id: 'control', name: 'Control', trafficPercentage: 34 },
      { id: 'original', name: 'Original', trafficPercentage: 33 },
      { id: 'social_proof', name: 'Social proof', trafficPercentage: 33 },
    ],
  },
};

/** A session id whose bucket falls in [from, to). */
function sessionIn(from: number, to: number): string {
  for (let n = 0; ; n++) {
    const id = `session-${n}`;
    const bucket = abTestBucket(id, 'landingHeroTest');
    if (bucket >= from && bucket < to) return id;
  }
}

const fetched = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
/** The posts to the A/B endpoint (the analytics tools' deliveries go elsewhere). */
const abPosts = () => fetched.mock.calls.filter(([url]) => String(url).endsWith('/api/analytics/ab-test'));

describe('LandingPage', () => {
  beforeEach(() => {
    callables.call.mockReset();
    fetched.mockReset().mockResolvedValue(new Response('{}', { status: 202 }));
    vi.stubGlobal('fetch', fetched);
    localStorage.setItem(
      storageKeys.cookieConsent,
      JSON.stringify({
        hasConsented: true,
        preferences: { necessary: true, analytics: true, marketing: false, functional: false },
        timestamp: new Date().toISOString(),
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows what the product does, the way in, the pictures and the figures', async () => {
    callables.call.mockResolvedValue({ features: [] });
    const onGetStarted = vi.fn();
    const { user } = renderApp(<LandingPage onGetStarted={onGetStarted} onSignIn={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your best photo' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /score card/ })).toBeInTheDocument();
    for (const text of ['Percentile', 'Fair score', 'AI insights', 'Demographics', '10k+', '250k+', '4.8'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(onGetStarted).toHaveBeenCalled();
    expect(abPosts()).toHaveLength(0);
  });

  it.each([
    ['control', 0, 34, 'Find your best photo', /Anonymous, honest and fast/],
    ['original', 34, 67, 'How do others see your photo?', /your score, how it compares/],
    ['social_proof', 67, 100, 'Find your best photo', /Join 10k\+ members/],
  ])(
    'shows the %s hero to its sessions and sends the assignment and the conversion',
    async (variant, from, to, headline, subline) => {
      sessionStorage.setItem(AB_SESSION_KEY, sessionIn(from, to));
      callables.call.mockResolvedValue({ features: [heroTest] });
      const { user } = renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
      await waitFor(() =>
        expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('data-variant', variant),
      );
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(headline);
      expect(screen.getByText(subline)).toBeInTheDocument();
      await waitFor(() => expect(abPosts()).toHaveLength(1));
      const [url, init] = abPosts()[0]!;
      expect(url).toMatch(/\/api\/analytics\/ab-test$/);
      expect(JSON.parse(init.body as string)).toMatchObject({
        testId: 'landingHeroTest',
        variantId: variant,
        eventType: 'assignment',
        sessionId: sessionStorage.getItem(AB_SESSION_KEY),
      });
      await user.click(screen.getByRole('button', { name: 'Get Started' }));
      await waitFor(() => expect(abPosts()).toHaveLength(2));
      expect(JSON.parse(abPosts()[1]![1].body as string)).toMatchObject({ eventType: 'conversion' });
    },
  );

  it('sends the assignment once a session, and nothing without analytics consent', async () => {
    sessionStorage.setItem(AB_SESSION_KEY, sessionIn(0, 34));
    callables.call.mockResolvedValue({ features: [heroTest] });
    const first = renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(abPosts()).toHaveLength(1));
    first.unmount();
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callables.call).toHaveBeenCalledTimes(2));
    expect(abPosts()).toHaveLength(1);
    sessionStorage.clear();
    localStorage.clear();
    fetched.mockClear();
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callables.call).toHaveBeenCalledTimes(3));
    expect(abPosts()).toHaveLength(0);
  });

  it('shows the control hero when the test is stopped', async () => {
    callables.call.mockResolvedValue({ features: [{ ...heroTest, abTestConfig: null }] });
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('getFeatures', {}));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('data-variant');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find your best photo');
    expect(abPosts()).toHaveLength(0);
  });
});
