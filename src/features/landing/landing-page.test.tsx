import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { abTestBucket, type PublicFeature } from '@/domain/experiments';
import { storageKeys } from '@/lib/storage';
import { renderApp } from '@/testing/test-utils';
import { AB_SESSION_KEY } from './landing-experiment';
import { LandingPage } from './landing-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const appCheck = vi.hoisted(() => ({ headers: {} as Record<string, string> }));
vi.mock('@/data/app-check', () => ({ appCheckHeaders: async () => appCheck.headers }));

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

/** The server's answers: the features given, and a session started in [from, to) unless refused. */
function server(
  features: PublicFeature[],
  session: { from: number; to: number } | 'refused' = { from: 0, to: 34 },
) {
  callables.call.mockImplementation(async (name: string) => {
    if (name === 'getFeatures') return { features };
    if (name !== 'startAbTestSession') throw new Error(`unexpected call ${name}`);
    if (session === 'refused')
      throw new CallError('resource-exhausted', 'No more A/B sessions from this network today.');
    return { sessionId: sessionIn(session.from, session.to) };
  });
}

const callsOf = (name: string) => callables.call.mock.calls.filter(([called]) => called === name);

const fetched = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
/** The posts to the A/B endpoint (the analytics tools' deliveries go elsewhere). */
const abPosts = () => fetched.mock.calls.filter(([url]) => String(url).endsWith('/api/analytics/ab-test'));

describe('LandingPage', () => {
  beforeEach(() => {
    appCheck.headers = {};
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
    server([]);
    const onGetStarted = vi.fn();
    const { user } = renderApp(<LandingPage onGetStarted={onGetStarted} onSignIn={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Find your best photo' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /score card/ })).toBeInTheDocument();
    for (const text of ['Percentile', 'Fair score', 'AI insights', 'Demographics', '10k+', '250k+'])
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    // One scale: the example card's score out of 10 with its verdict, and no 0-5 average beside it.
    const card = screen.getByRole('img', { name: /score card/ });
    expect(card).toHaveTextContent('8.4/10Very Attractive');
    expect(card).toHaveTextContent('Fair score 8.1/10 · Very Attractive (7.6 to 8.6)');
    expect(screen.queryByText('4.8')).not.toBeInTheDocument();
    expect(screen.queryByText('average rating')).not.toBeInTheDocument();
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
      server([heroTest]);
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
    server([heroTest]);
    const first = renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(abPosts()).toHaveLength(1));
    first.unmount();
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callsOf('getFeatures')).toHaveLength(2));
    await screen.findByRole('heading', { level: 1, name: 'Find your best photo' });
    expect(abPosts()).toHaveLength(1);
    sessionStorage.clear();
    localStorage.clear();
    fetched.mockClear();
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callsOf('startAbTestSession')).toHaveLength(1));
    expect(abPosts()).toHaveLength(0);
  });

  it('asks the server to start the session when the browser has none, keeps it, and posts with it', async () => {
    server([heroTest], { from: 67, to: 100 });
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('data-variant', 'social_proof'),
    );
    expect(callsOf('startAbTestSession')).toEqual([['startAbTestSession', {}]]);
    const kept = sessionStorage.getItem(AB_SESSION_KEY);
    expect(kept).toBe(sessionIn(67, 100));
    await waitFor(() => expect(abPosts()).toHaveLength(1));
    expect(JSON.parse(abPosts()[0]![1].body as string)).toMatchObject({ sessionId: kept });
  });

  it("posts its events with App Check's token where the backend has App Check", async () => {
    appCheck.headers = { 'X-Firebase-AppCheck': 'app-check-token' };
    sessionStorage.setItem(AB_SESSION_KEY, sessionIn(0, 34));
    server([heroTest]);
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(abPosts()).toHaveLength(1));
    expect(abPosts()[0]![1].headers).toEqual({
      'Content-Type': 'application/json',
      'X-Firebase-AppCheck': 'app-check-token',
    });
  });

  it('shows the control hero and sends nothing when the server starts no more sessions today', async () => {
    server([heroTest], 'refused');
    const { user } = renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callsOf('startAbTestSession')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('data-variant');
    expect(sessionStorage.getItem(AB_SESSION_KEY)).toBeNull();
    expect(abPosts()).toHaveLength(0);
  });

  it('shows the control hero, and starts no session, when the test is stopped', async () => {
    server([{ ...heroTest, abTestConfig: null }]);
    renderApp(<LandingPage onGetStarted={vi.fn()} onSignIn={vi.fn()} />);
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('getFeatures', {}));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveAttribute('data-variant');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find your best photo');
    expect(callsOf('startAbTestSession')).toHaveLength(0);
    expect(abPosts()).toHaveLength(0);
  });
});
