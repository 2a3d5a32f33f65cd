import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce } from '@/lib/notices';
import { ToastProvider, useToast, type ToastOptions } from './toast';

describe('the toast bar', () => {
  it('shows what code outside React announces, such as a read being retried', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    act(() => announce({ message: 'Network error. Retrying...', severity: 'warning', duration: 5000 }));
    // The bar's code loads on demand, which a busy machine can take more than the default second for.
    expect(await screen.findByText('Network error. Retrying...', {}, { timeout: 5000 })).toBeTruthy();
  });
});

describe('toasts arriving together', () => {
  let show: (options: ToastOptions) => void = () => undefined;
  function Page() {
    show = useToast();
    return <p>page</p>;
  }
  const renderToasts = () =>
    render(
      <ToastProvider>
        <Page />
      </ToastProvider>,
    );

  it('keeps background news waiting until the toast showing has had its time', async () => {
    renderToasts();
    act(() => {
      show({
        message: 'Password reset link has been sent to your email',
        severity: 'success',
        duration: 600,
      });
      show({
        message: 'App ready to work offline',
        severity: 'success',
        duration: 600,
        background: true,
      });
    });
    expect(
      await screen.findByText('Password reset link has been sent to your email', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('App ready to work offline')).toBeNull();
    expect(await screen.findByText('App ready to work offline', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Password reset link has been sent to your email')).toBeNull();
  });

  it("shows the answer to a member's newest action at once, in place of the one showing", async () => {
    renderToasts();
    act(() => show({ message: 'Link Copied to clipboard!', severity: 'success', duration: 5000 }));
    expect(await screen.findByText('Link Copied to clipboard!', {}, { timeout: 5000 })).toBeTruthy();
    act(() => show({ message: 'Failed to add reply.', severity: 'error', duration: 5000 }));
    expect(screen.getByText('Failed to add reply.')).toBeTruthy();
    expect(screen.queryByText('Link Copied to clipboard!')).toBeNull();
  });

  it('lets the same message again restart the one showing instead of queueing a copy', async () => {
    renderToasts();
    act(() => {
      show({
        message: 'Network error. Retrying...',
        severity: 'warning',
        duration: 600,
        background: true,
      });
      show({
        message: 'Network error. Retrying...',
        severity: 'warning',
        duration: 600,
        background: true,
      });
    });
    expect(await screen.findAllByText('Network error. Retrying...', {}, { timeout: 5000 })).toHaveLength(1);
    await waitForElementToBeRemoved(() => screen.queryByText('Network error. Retrying...'), {
      timeout: 5000,
    });
  });
});
