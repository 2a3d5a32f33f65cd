import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { ErrorBoundary } from './error-boundary';
import { LoadingScreen } from './loading-screen';

afterEach(() => {
  vi.useRealTimers();
});

describe('LoadingScreen', () => {
  it('offers Try Again after 5 seconds', async () => {
    vi.useFakeTimers();
    const onTryAgain = vi.fn();
    renderApp(<LoadingScreen onTryAgain={onTryAgain} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Loading is taking longer than usual...')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('Loading is taking longer than usual...')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    expect(onTryAgain).toHaveBeenCalledOnce();
  });
});

function Fragile() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('screen crashed');
  return <button onClick={() => setBroken(true)}>Break</button>;
}

describe('ErrorBoundary', () => {
  it('shows the crash banner, and Retry brings the screen back', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    await user.click(screen.getByRole('button', { name: 'Break' }));
    expect(
      screen.getByText("Something went wrong. We've been notified and are working to fix this."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('button', { name: 'Break' })).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
