import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { AnalyticsTab, ANALYTICS_TEXT } from './analytics-tab';

const summary = vi.hoisted(() => ({ readAnalyticsSummary: vi.fn() }));
vi.mock('@/data/analytics-summary', () => summary);

beforeEach(() => vi.clearAllMocks());

describe('the analytics counts', () => {
  it('shows the count of each event and, per A/B variant, conversions per assignment', async () => {
    summary.readAnalyticsSummary.mockResolvedValue({
      events: [
        { name: 'app opened', count: 12 },
        { name: 'login', count: 5 },
      ],
      variants: [
        {
          testId: 'landingHeroTest',
          variantId: 'control',
          variantName: 'Control',
          assignments: 8,
          conversions: 2,
          interactions: 0,
        },
        {
          testId: 'landingHeroTest',
          variantId: 'social_proof',
          variantName: 'Social proof',
          assignments: 0,
          conversions: 0,
          interactions: 0,
        },
      ],
    });
    renderApp(<AnalyticsTab />);
    const events = await screen.findByRole('table', { name: 'Events' });
    expect(
      within(events)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['EventCount', 'app opened12', 'login5']);
    const variants = screen.getByRole('table', { name: 'A/B variants' });
    expect(
      within(variants)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['landingHeroTestControl8225.0%', 'landingHeroTestSocial proof00–']);
  });

  it('says when nothing is recorded, where Firebase keeps them, and why a read failed', async () => {
    summary.readAnalyticsSummary.mockResolvedValueOnce({ events: [], variants: [] });
    const first = renderApp(<AnalyticsTab />);
    expect(await screen.findByText(ANALYTICS_TEXT.noEvents)).toBeInTheDocument();
    expect(screen.getByText(ANALYTICS_TEXT.noVariants)).toBeInTheDocument();
    first.unmount();

    summary.readAnalyticsSummary.mockResolvedValueOnce(null);
    const second = renderApp(<AnalyticsTab />);
    expect(await screen.findByText(ANALYTICS_TEXT.inGoogleAnalytics)).toBeInTheDocument();
    second.unmount();

    summary.readAnalyticsSummary.mockRejectedValueOnce(new Error('Only admins may read the analytics.'));
    const { user } = renderApp(<AnalyticsTab />);
    expect(await screen.findByText('Only admins may read the analytics.')).toBeInTheDocument();
    summary.readAnalyticsSummary.mockResolvedValueOnce({
      events: [{ name: 'login', count: 1 }],
      variants: [],
    });
    await user.click(screen.getByRole('button', { name: 'Refresh analytics' }));
    expect(await screen.findByText('login')).toBeInTheDocument();
  });
});
