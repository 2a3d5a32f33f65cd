import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { ContactPage } from './contact-page';
import { FeedbackDialog } from './feedback-dialog';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('ContactPage', () => {
  beforeEach(() => callables.call.mockReset());

  it("refuses 15 characters and an empty message in the spec's words, then sends and thanks", async () => {
    callables.call.mockResolvedValue({ sent: true });
    const { user } = renderApp(<ContactPage />, { route: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('message is required')).toBeInTheDocument();
    expect(await screen.findByText('Please give an e-mail address we can reply to')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Your e-mail/), 'visitor');
    const field = screen.getByLabelText(/Your message/);
    await user.type(field, 'x'.repeat(15));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('message must be at least 16 characters')).toBeInTheDocument();
    expect(await screen.findByText('Please give a valid e-mail address')).toBeInTheDocument();
    expect(callables.call).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Your e-mail/), '@example.com');
    await user.type(field, 'y');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("Thank you for your message! We'll get back to you soon."),
    ).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('sendContactMessage', {
      email: 'visitor@example.com',
      message: `${'x'.repeat(15)}y`,
    });
  });

  it("fills in a member's account address, which they may change", async () => {
    callables.call.mockResolvedValue({ sent: true });
    const { user } = renderApp(<ContactPage />, {
      route: '/contact',
      session: aSession({
        member: { uid: 'm1', email: 'member@example.com' },
        user: aMember({ email: 'member@example.com' }),
      }),
    });
    const email = screen.getByLabelText(/Your e-mail/);
    expect(email).toHaveValue('member@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'A question about my tokens.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText("Thank you for your message! We'll get back to you soon.");
    expect(callables.call).toHaveBeenCalledWith('sendContactMessage', {
      email: 'member@example.com',
      message: 'A question about my tokens.',
    });
  });

  it("shows the server's refusal, such as the rate limit", async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'sendContactMessage')
        throw new CallError(
          'resource-exhausted',
          "You're going too fast. Please wait a moment and try again.",
        );
    });
    const { user } = renderApp(<ContactPage />, { route: '/contact' });
    await user.type(screen.getByLabelText(/Your e-mail/), 'visitor@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'A question about my tokens.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText("You're going too fast. Please wait a moment and try again."),
    ).toBeInTheDocument();
  });
});

describe('FeedbackDialog', () => {
  beforeEach(() => callables.call.mockReset());
  afterEach(() => vi.useRealTimers());

  it("asks for a score ('Please choose a score from 0 to 10'), sends rate and message, thanks, and closes 2.5 s later", async () => {
    callables.call.mockResolvedValue({ sent: true });
    const onClose = vi.fn();
    const { user } = renderApp(<FeedbackDialog onClose={onClose} />);
    await user.type(screen.getByLabelText(/Your feedback/), 'ok');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please choose a score from 0 to 10')).toBeInTheDocument();
    // The eleven scores share one row rather than wrapping onto two.
    const scores = screen.getByRole('group', { name: /How likely are you/ });
    expect(getComputedStyle(scores).flexWrap).toBe('nowrap');
    expect(screen.getByText('message must be at least 3 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '0' }));
    await user.type(screen.getByLabelText(/Your feedback/), '!');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('sendFeedback', { rate: 0, message: 'ok!' });
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3500 });
  });

  it('does not close before 2.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    callables.call.mockResolvedValue({ sent: true });
    const onClose = vi.fn();
    const { user } = renderApp(<FeedbackDialog onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: '10' }));
    await user.type(screen.getByLabelText(/Your feedback/), 'Great app');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Thank you for your feedback!');
    act(() => vi.advanceTimersByTime(2400));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
