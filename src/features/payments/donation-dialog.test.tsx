import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { DonationDialog } from './donation-dialog';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const member = aMember({ uid: 'buyer' });
const signedIn = aSession({ member: { uid: member.uid, email: member.email }, user: member });

beforeEach(() => {
  vi.clearAllMocks();
  callables.call.mockResolvedValue({ sessionId: 'cs_test_9', url: 'https://pay.example/cs_test_9' });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'getDigitalGoodsService');
  Reflect.deleteProperty(window, 'PaymentRequest');
});

function open() {
  const go = vi.fn();
  const rendered = renderApp(<DonationDialog onClose={vi.fn()} go={go} />, { session: signedIn });
  return { ...rendered, go };
}

const amount = () => screen.getByLabelText('Amount (USD)');

describe("'Buy us a coffee!'", () => {
  it('starts at 1 and pays the amount as one purchase through the checkout', async () => {
    const { user, go } = open();
    expect(screen.getByRole('dialog', { name: 'Buy us a coffee!' })).toBeInTheDocument();
    expect(amount()).toHaveValue(1);
    fireEvent.change(amount(), { target: { value: '3.5' } });
    await user.click(screen.getByRole('button', { name: 'Donate with card' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://pay.example/cs_test_9'));
    expect(callables.call).toHaveBeenCalledWith('createCheckoutSession', {
      product: 'Donation',
      amount: 3.5,
      redirectUrl: window.location.origin,
      returnPath: '/',
      clientReferenceId: 'buyer',
    });
  });

  it('keeps the amount between 0.5 and 9999, with the message in red', async () => {
    const { user } = open();
    for (const [value, message] of [
      ['0.4', 'Amount must be at least 0.5'],
      ['10000', 'Amount must be at most 9999'],
      ['', 'Amount is required'],
    ] as const) {
      fireEvent.change(amount(), { target: { value } });
      await user.click(screen.getByRole('button', { name: 'Donate with card' }));
      expect(await screen.findByText(message)).toHaveClass('Mui-error');
    }
    expect(callables.call).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in red", async () => {
    callables.call.mockRejectedValue(
      new CallError('unavailable', 'Service is temporarily unavailable. Please try again.'),
    );
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Donate with card' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service is temporarily unavailable. Please try again.');
  });

  it('offers Google Play billing only where the browser has the Digital Goods API', () => {
    const { unmount } = open();
    expect(screen.queryByRole('button', { name: 'Pay with Google Play' })).not.toBeInTheDocument();
    unmount();
    Object.assign(window, { getDigitalGoodsService: vi.fn(), PaymentRequest: vi.fn() });
    open();
    expect(screen.getByRole('button', { name: 'Pay with Google Play' })).toBeInTheDocument();
  });
});
