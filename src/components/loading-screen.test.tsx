import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOADING_RETRY_AFTER_MS } from '@/domain/constants';
import { WAITING_SCREEN_ATTRIBUTE } from '@/lib/screen-marks';
import { renderApp } from '@/testing/test-utils';
import { LoadingScreen } from './loading-screen';

afterEach(() => vi.useRealTimers());

describe('the loading screen', () => {
  it('says it only waits, so a kept copy may stay over it, until it offers Try Again', () => {
    vi.useFakeTimers();
    const tryAgain = vi.fn();
    renderApp(<LoadingScreen onTryAgain={tryAgain} />);
    const status = screen.getByRole('status', { name: 'Loading' });
    expect(status).toHaveAttribute(WAITING_SCREEN_ATTRIBUTE);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    act(() => vi.advanceTimersByTime(LOADING_RETRY_AFTER_MS));
    expect(status).not.toHaveAttribute(WAITING_SCREEN_ATTRIBUTE);
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    expect(tryAgain).toHaveBeenCalledOnce();
  });
});
