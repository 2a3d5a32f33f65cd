import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_DELETION_BLOCKED } from '@/domain/errors';
import { PAYMENT_MESSAGES } from '@/domain/payments';
import { onCookieSettingsRequest } from '@/lib/cookie-settings';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { AppShell } from './app-shell';

const confetti = vi.hoisted(() => ({ celebrate: vi.fn(async () => undefined) }));
vi.mock('@/lib/celebrate', () => confetti);

function shell(page = <p>page content</p>) {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={page} />
      </Route>
    </Routes>
  );
}

function Address() {
  const { pathname, search } = useLocation();
  return <p aria-label="Address">{`${pathname}${search}`}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AppShell', () => {
  it('shows the retry screen and the toast when the record cannot be initialised', async () => {
    const retry = vi.fn();
    const user = aMember();
    const { user: person } = renderApp(shell(), {
      session: aSession({
        member: { uid: user.uid, email: user.email },
        user: undefined,
        initError: new Error('unavailable'),
        retry,
      }),
    });
    // Once on the retry screen, once in the toast.
    await waitFor(() =>
      expect(screen.getAllByText('Error initializing user. Please try again later.')).toHaveLength(2),
    );
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    await person.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });

  it('gives visitors the footer and members with a complete profile the tab bar', async () => {
    const { unmount } = renderApp(shell());
    // The current year, not the spec's 2021.
    const copyright = `© ${new Date().getFullYear()} Photorater. All rights reserved.`;
    expect(await screen.findByText(copyright)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Tabs' })).not.toBeInTheDocument();
    unmount();
    const user = aMember({ complete: true });
    renderApp(shell(), { session: aSession({ member: { uid: user.uid, email: user.email }, user }) });
    const tabs = await screen.findByRole('navigation', { name: 'Tabs' });
    expect(tabs).toHaveTextContent('My PhotosRateProfileLeaderboard');
    expect(screen.queryByText(copyright)).not.toBeInTheDocument();
  });

  it('on return from a paid checkout: the toast, the celebration, and the parameters gone', async () => {
    renderApp(shell(<Address />), { route: '/?success=true&session_id=cs_test_1&tab=x' });
    expect(await screen.findByText(PAYMENT_MESSAGES.processing)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(/^\/\?tab=x$/));
    expect(confetti.celebrate).toHaveBeenCalledOnce();
  });

  it('on return from a cancelled checkout: nothing was charged, on the page it started from', async () => {
    confetti.celebrate.mockClear();
    renderApp(shell(<Address />), { route: '/rate?checkout=cancelled' });
    expect(await screen.findByText(PAYMENT_MESSAGES.cancelled)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent(/^\/rate$/));
    expect(confetti.celebrate).not.toHaveBeenCalled();
  });

  it('hides the header on /rate', () => {
    renderApp(shell(), { route: '/rate/abc' });
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('hides the header on scrolling down past 50 px and brings it back after 1.5 s idle', () => {
    vi.useFakeTimers();
    renderApp(shell());
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    };
    scrollTo(40);
    expect(header).toHaveStyle({ transform: 'none' });
    scrollTo(120);
    expect(header).toHaveStyle({ transform: 'translateY(-100%)' });
    act(() => vi.advanceTimersByTime(1500));
    expect(header).toHaveStyle({ transform: 'none' });
    scrollTo(300);
    expect(header).toHaveStyle({ transform: 'translateY(-100%)' });
    scrollTo(250);
    expect(header).toHaveStyle({ transform: 'none' });
  });

  it('opens the drawer with the links and Sign out for members', async () => {
    const signOut = vi.fn(async () => undefined);
    const user = aMember({ complete: true });
    const { user: person } = renderApp(shell(), {
      session: aSession({ member: { uid: user.uid, email: user.email }, user, signOut }),
    });
    await person.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const label of ['Home', 'Blog', 'About', 'Contact us', 'Privacy policy', 'Terms & Conditions']) {
      expect(menu).toHaveTextContent(label);
    }
    await person.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalled();
  });

  it("tells the member when another tab keeps the device's database from being deleted at sign-out", async () => {
    const signOut = vi.fn(async () => {
      throw new Error(DATABASE_DELETION_BLOCKED);
    });
    const user = aMember({ complete: true });
    const { user: person } = renderApp(shell(), {
      session: aSession({ member: { uid: user.uid, email: user.email }, user, signOut }),
    });
    await person.click(screen.getByRole('button', { name: 'Open menu' }));
    await person.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(
      await screen.findByText(
        'Database deletion blocked. Please close other tabs using this app and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('offers Cookie settings in the footer and the menu', async () => {
    const opened = vi.fn();
    const stop = onCookieSettingsRequest(opened);
    const { user: person, unmount } = renderApp(shell());
    await person.click(await screen.findByRole('button', { name: 'Cookie settings' }));
    expect(opened).toHaveBeenCalledTimes(1);
    unmount();
    const user = aMember({ complete: true });
    renderApp(shell(), { session: aSession({ member: { uid: user.uid, email: user.email }, user }) });
    await person.click(screen.getByRole('button', { name: 'Open menu' }));
    await person.click(await screen.findByRole('button', { name: 'Cookie settings' }));
    expect(opened).toHaveBeenCalledTimes(2);
    stop();
  });
});
