import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { aMember, renderApp } from '@/testing/test-utils';
import { Header } from './header';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('Header', () => {
  it('offers a visitor the login button and a logo to /login, carrying the origin', () => {
    renderApp(<Header user={null} onOpenMenu={vi.fn()} />, { route: '/?origin=%2Fphotos' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?origin=%2Fphotos');
    expect(screen.getByRole('link', { name: 'Photorater' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('gives a member the bell, the theme toggle and the avatar to /profile', async () => {
    const onOpenMenu = vi.fn();
    const { user } = renderApp(
      <Header user={aMember({ complete: true, newVotes: 3 })} onOpenMenu={onOpenMenu} />,
    );
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(onOpenMenu).toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have 3 new votes')).toBeInTheDocument();
  });

  it('says one new vote in the singular', async () => {
    const { user } = renderApp(
      <Header user={aMember({ complete: true, newVotes: 1 })} onOpenMenu={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('You have 1 new vote')).toBeInTheDocument();
  });

  it('offers to enable notifications on a device whose own token is not on the record, not after', async () => {
    const now = new Date();
    const member = aMember({
      complete: true,
      pushDevices: [{ token: 'this-device', updatedAt: now }],
    });
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
    const { user, unmount } = renderApp(<Header user={member} onOpenMenu={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText("You're all caught up!");
    expect(screen.getByRole('menuitem', { name: 'Enable notifications' })).toBeInTheDocument();
    unmount();
    localStorage.setItem(storageKeys.pushRegistered, 'this-device');
    const second = renderApp(<Header user={member} onOpenMenu={vi.fn()} />);
    await second.user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText("You're all caught up!");
    expect(screen.queryByRole('menuitem', { name: 'Enable notifications' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    localStorage.removeItem(storageKeys.pushRegistered);
  });

  it("says you're all caught up without new votes", async () => {
    const { user } = renderApp(
      <Header user={aMember({ complete: true, newVotes: 0 })} onOpenMenu={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
  });

  it('shows the last reaction or reply while it is new, and marks it seen when the bell opens', async () => {
    callables.call.mockResolvedValue({ seen: true });
    const lastNotification = {
      title: 'Photorater',
      body: 'Alice reacted ❤️ to your comment',
      photoId: 'p1',
      photoOwnerId: 'alice',
      at: new Date('2026-11-22T10:00:00Z'),
    };
    const { user, unmount } = renderApp(
      <Header user={aMember({ complete: true, lastNotification })} onOpenMenu={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Alice reacted ❤️ to your comment')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('markNotificationsSeen', {});
    unmount();
    const seen = aMember({
      complete: true,
      lastNotification,
      notificationsSeenAt: new Date('2026-11-22T11:00:00Z'),
    });
    const again = renderApp(<Header user={seen} onOpenMenu={vi.fn()} />);
    await again.user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText("You're all caught up!")).toBeInTheDocument();
  });

  it('switches to dark mode and remembers it on this device', async () => {
    const { user } = renderApp(<Header user={null} onOpenMenu={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem(storageKeys.colorMode)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
  });
});
