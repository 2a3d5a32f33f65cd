import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Billing } from '@/domain/billing';
import { PAYMENT_MESSAGES } from '@/domain/payments';
import { renderApp } from '@/testing/test-utils';
import { SubscriptionSection } from './subscription-section';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const billing = vi.hoisted(() => ({ current: null as Billing | null }));
vi.mock('@/data/use-billing', () => ({ useBilling: () => billing.current }));

const until = new Date(2026, 11, 22);
const date = until.toLocaleDateString(undefined, { dateStyle: 'long' });
const record = (status: Billing['status']): Billing => ({
  plan: 'monthly',
  premiumUntil: until,
  status,
  updatedAt: new Date(2026, 10, 22),
});

beforeEach(() => {
  vi.clearAllMocks();
  billing.current = null;
});

describe("the profile's subscription section", () => {
  it('says when Premium renews, ends after a cancellation, or ends unless the card is updated', () => {
    billing.current = record('active');
    const { unmount } = renderApp(<SubscriptionSection uid="robin" />);
    expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(`Renews on ${date}.`);
    unmount();
    billing.current = record('canceled');
    const second = renderApp(<SubscriptionSection uid="robin" />);
    expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(
      `Premium ends on ${date}. Resume it to keep it.`,
    );
    second.unmount();
    billing.current = record('past_due');
    renderApp(<SubscriptionSection uid="robin" />);
    expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(
      `Your last renewal failed: Premium ends on ${date} unless you update your card.`,
    );
  });

  it('shows nothing without a billing record', () => {
    renderApp(<SubscriptionSection uid="robin" />);
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
  });

  it("opens the provider's portal, to come back to the profile", async () => {
    billing.current = record('active');
    callables.call.mockResolvedValue({ url: 'https://billing.example/session' });
    const go = vi.fn();
    const { user } = renderApp(<SubscriptionSection uid="robin" go={go} />);
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(callables.call).toHaveBeenCalledWith('createBillingPortalSession', {
      redirectUrl: window.location.origin,
      returnPath: '/profile',
    });
    expect(go).toHaveBeenCalledWith('https://billing.example/session');
  });

  it('says why the portal could not be opened, and lets the member try again', async () => {
    billing.current = record('active');
    callables.call.mockRejectedValue(new Error(PAYMENT_MESSAGES.notAvailable));
    const go = vi.fn();
    const { user } = renderApp(<SubscriptionSection uid="robin" go={go} />);
    await user.click(screen.getByRole('button', { name: 'Manage subscription' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.notAvailable)).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
  });
});
