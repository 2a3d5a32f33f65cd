import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import type { AuthMember } from './auth';

// Auth's module, which a visitor's page must not load unasked.
const auth = vi.hoisted(() => ({ watchAuth: vi.fn() }));
vi.mock('./auth', () => ({ watchAuth: auth.watchAuth }));
vi.mock('./callables', () => ({ call: vi.fn(() => new Promise(() => undefined)) }));
vi.mock('./backend', () => ({ getBackend: () => new Promise(() => undefined) }));

/** A fresh page: the module's state (asked or not) is the page's. */
async function freshPage() {
  vi.resetModules();
  return {
    demand: await import('./auth-demand'),
    session: await import('./session'),
  };
}

/** Lets the promises settle, as many times as a chain of imports needs. */
const settle = () => act(async () => vi.advanceTimersByTimeAsync(0));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  auth.watchAuth.mockReset();
  auth.watchAuth.mockReturnValue(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('when the session loads Auth', () => {
  it("does not load it on a visitor's device until a sign-in form needs it", async () => {
    const { demand, session } = await freshPage();
    function Who() {
      const { member } = session.useSession();
      return <output aria-label="member">{member === null ? 'nobody' : (member?.uid ?? 'unknown')}</output>;
    }
    render(
      <session.SessionProvider>
        <Who />
      </session.SessionProvider>,
    );
    await settle();
    await act(async () => vi.advanceTimersByTimeAsync(demand.AUTH_IDLE_DELAY_MS / 2));
    expect(auth.watchAuth).not.toHaveBeenCalled();
    expect(screen.getByLabelText('member')).toHaveTextContent('nobody');

    // The sign-in dialog's form imports Auth, which asks for it: the session listens from then on.
    demand.needAuth();
    await settle();
    expect(auth.watchAuth).toHaveBeenCalledTimes(1);
    const [onChange] = auth.watchAuth.mock.calls[0] as [(member: AuthMember | null) => void];
    act(() => onChange({ uid: 'alice', email: 'alice@example.com' }));
    expect(screen.getByLabelText('member')).toHaveTextContent('alice');
  });

  it("loads it unasked on a visitor's device once the browser is idle, well after the page has loaded", async () => {
    const { demand } = await freshPage();
    let loaded = false;
    void demand.authNeeded().then(() => (loaded = true));
    await act(async () => vi.advanceTimersByTimeAsync(demand.AUTH_IDLE_DELAY_MS - 1));
    expect(loaded).toBe(false);
    // The idle moment (or the fallback's short wait where there is no requestIdleCallback).
    await act(async () => vi.advanceTimersByTimeAsync(2001));
    expect(loaded).toBe(true);
  });

  it('loads it at once on a device where a member is signed in', async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    const { demand } = await freshPage();
    let loaded = false;
    void demand.authNeeded().then(() => (loaded = true));
    await settle();
    expect(loaded).toBe(true);
  });
});
