import { StrictMode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { zoneHere } from '@/lib/time-zone-here';
import { renderApp } from '@/testing/test-utils';
import { LoginStreak } from './login-streak';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const reports = vi.hoisted(() => ({ logFailure: vi.fn() }));
vi.mock('@/lib/report-error', async (original) => ({ ...(await original<object>()), ...reports }));

beforeEach(() => vi.clearAllMocks());

describe('LoginStreak', () => {
  it("counts the day's visit once (effects run twice in strict mode), with the device's time zone, and says what it earned", async () => {
    callables.call.mockResolvedValue({ tokens: 5, loginStreak: 3, milestone: false });
    renderApp(
      <StrictMode>
        <LoginStreak uid="alice" />
      </StrictMode>,
    );
    expect(await screen.findByText('Day 3 of your streak: +5 tokens')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledTimes(1);
    expect(callables.call).toHaveBeenCalledWith('recordLogin', { timeZone: zoneHere() });
  });

  it('says nothing on a day already counted', async () => {
    callables.call.mockResolvedValue({ tokens: 0, loginStreak: 3, milestone: false });
    renderApp(<LoginStreak uid="alice" />);
    await waitFor(() => expect(callables.call).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(/of your streak/)).not.toBeInTheDocument();
  });

  it('logs a failed update and carries on', async () => {
    const failure = new Error('unavailable');
    callables.call.mockRejectedValue(failure);
    renderApp(<LoginStreak uid="alice" />);
    await waitFor(() => expect(reports.logFailure).toHaveBeenCalledWith(failure, { feature: 'streak' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
