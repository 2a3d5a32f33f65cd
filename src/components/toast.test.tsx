import { act, render, screen } from '@testing-library/react';
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
