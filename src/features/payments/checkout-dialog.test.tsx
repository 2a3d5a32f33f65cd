import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import type { AnalyticsEvent } from '@/domain/analytics';
import { PAYMENT_MESSAGES } from '@/domain/payments';
import { ALL_ALLOWED, consentOf } from '@/domain/consent';
import { setAnalyticsSink } from '@/lib/analytics';
import { keepConsent } from '@/lib/consent';
import { storageKeys } from '@/lib/storage';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { CheckoutDialog } from './checkout-dialog';
import { trackReturnedPurchase } from './checkout';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const member = aMember({ uid: 'buyer', complete: true, onBoarding: true });
const signedIn = aSession({ member: { uid: member.uid, email: member.email }, user: member });
const events: AnalyticsEvent[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  events.length = 0;
  setAnalyticsSink((event) => events.push(event));
  // The events leave the app only with consent to analytics.
  keepConsent(consentOf(ALL_ALLOWED, new Date()));
  sessionStorage.clear();
  callables.call.mockImplementation(async () => ({
    sessionId: 'cs_test_1',
    url: 'https://pay.example/cs_test_1',
  }));
});

afterEach(() => {
  setAnalyticsSink(() => undefined);
  localStorage.clear();
});

function open(props: Partial<Parameters<typeof CheckoutDialog>[0]> = {}, session = signedIn) {
  const go = vi.fn();
  const onClose = vi.fn();
  const rendered = renderApp(<CheckoutDialog onClose={onClose} go={go} {...props} />, { session });
  return { ...rendered, go, onClose };
}

const card = (name: string) => screen.getByRole('button', { name });

describe('the Checkout dialog', () => {
  it("shows the token packs with the 'Most Popular' one selected and its Checkout button", async () => {
    const { user, go } = open({ type: 'one-time' });
    const dialog = screen.getByRole('dialog', { name: 'Buy tokens' });
    expect(dialog).toHaveTextContent('Starter$0.995 tokens');
    expect(dialog).toHaveTextContent('Most Popular$1.9910 tokens');
    expect(dialog).toHaveTextContent('Best Value$3.4920 tokens');
    expect(card('Most Popular: 10 tokens')).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getAllByRole('button', { name: 'Checkout' })).toHaveLength(1);
    // The pack named Most Popular says it once, not again in a chip.
    expect(within(card('Most Popular: 10 tokens')).getAllByText('Most Popular')).toHaveLength(1);

    await user.click(card('Starter: 5 tokens'));
    expect(card('Starter: 5 tokens')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Most Popular: 10 tokens')).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(callables.call).toHaveBeenCalledWith('createCheckoutSession', {
      product: 'Tokens',
      amount: 50,
      redirectUrl: window.location.origin,
      returnPath: '/',
      clientReferenceId: 'buyer',
    });
    expect(go).toHaveBeenCalledWith('https://pay.example/cs_test_1');
  });

  it('shows the Premium plans with the monthly one selected, and subscribes to the one chosen', async () => {
    const { user, go } = open({ type: 'subscription', reason: 'View Rating is part of Premium' });
    const dialog = screen.getByRole('dialog', { name: 'Go Premium' });
    expect(dialog).toHaveTextContent('View Rating is part of Premium');
    expect(dialog).toHaveTextContent('5 free tokens per month');
    expect(within(card('Yearly plan')).getByText('Save 66%')).toBeInTheDocument();
    expect(within(card('Yearly plan')).getByText('$0.99 per month')).toBeInTheDocument();
    expect(within(card('Quarterly plan')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Quarterly plan')).getByText('Save 33%')).toBeInTheDocument();
    expect(card('Monthly plan')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Monthly plan')).toHaveTextContent('$2.99');
    expect(events).toEqual([{ name: 'subscription viewed' }]);

    await user.click(card('Quarterly plan'));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(callables.call).toHaveBeenCalledWith('createSubscribeCheckoutSession', {
      product: 'quarterly',
      redirectUrl: window.location.origin,
      returnPath: '/',
      clientReferenceId: 'buyer',
    });
    expect(go).toHaveBeenCalledOnce();
  });

  it('starts with the token packs by default and switches to the plans with their own default', async () => {
    const { user } = open();
    expect(screen.getByRole('dialog', { name: 'Buy tokens' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Premium' }));
    expect(screen.getByRole('dialog', { name: 'Go Premium' })).toBeInTheDocument();
    expect(card('Monthly plan')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Token packs' }));
    expect(card('Most Popular: 10 tokens')).toHaveAttribute('aria-pressed', 'true');
  });

  it("only logs 'User not authenticated' without a signed-in member", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { user, go } = open({ type: 'one-time' }, aSession());
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(log).toHaveBeenCalledWith(PAYMENT_MESSAGES.notAuthenticated);
    expect(callables.call).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it("shows the server's refusal and stays open", async () => {
    callables.call.mockRejectedValue(
      new CallError('failed-precondition', 'You are already a Premium member.'),
    );
    const { user, go } = open({ type: 'subscription' });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already a Premium member.');
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('sends the purchase analytics once the member is back from paying for it', async () => {
    const { user } = open({ type: 'one-time' });
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(sessionStorage.getItem(storageKeys.pendingCheckout)).toContain('cs_test_1');
    trackReturnedPurchase('cs_other');
    expect(events).toEqual([]);
    trackReturnedPurchase('cs_test_1');
    trackReturnedPurchase('cs_test_1');
    expect(events).toEqual([
      { name: 'points purchased', params: { value: 2, amount: 100, currency: 'USD' } },
    ]);
  });
});
