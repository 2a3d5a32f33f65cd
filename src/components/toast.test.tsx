import { act, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announce } from '@/lib/notices';
import { ToastProvider } from './toast';

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
  it('shows the second once the first has had its time, never replacing it', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    act(() => {
      announce({
        message: 'Password reset link has been sent to your email',
        severity: 'success',
        duration: 600,
      });
      announce({ message: 'App ready to work offline', severity: 'success', duration: 600 });
    });
    expect(
      await screen.findByText('Password reset link has been sent to your email', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('App ready to work offline')).toBeNull();
    expect(await screen.findByText('App ready to work offline', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Password reset link has been sent to your email')).toBeNull();
  });

  it('lets the same message again restart the one showing instead of queueing a copy', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    act(() => {
      announce({ message: 'Network error. Retrying...', severity: 'warning', duration: 600 });
      announce({ message: 'Network error. Retrying...', severity: 'warning', duration: 600 });
    });
    expect(await screen.findAllByText('Network error. Retrying...', {}, { timeout: 5000 })).toHaveLength(1);
    await waitForElementToBeRemoved(() => screen.queryByText('Network error. Retrying...'), {
      timeout: 5000,
    });
  });
});
