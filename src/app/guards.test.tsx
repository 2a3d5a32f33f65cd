import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { aMember, aSession, renderApp } from '@/testing/test-utils';
import { RequireAdmin, RequireMember } from './guards';

vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), call: vi.fn() }));

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

const routes = (
  <Routes>
    <Route path="/" element={<Where />} />
    <Route
      path="/photos"
      element={<RequireMember>{(user) => <p>photos of {user.displayName}</p>}</RequireMember>}
    />
  </Routes>
);

describe('RequireMember', () => {
  it('sends a visitor to / carrying the origin', () => {
    renderApp(routes, { route: '/photos?sort=rate' });
    expect(screen.getByText('at /?origin=%2Fphotos%3Fsort%3Drate')).toBeInTheDocument();
  });

  it('shows the completion form instead of the page to an incomplete profile', async () => {
    const user = aMember({ complete: false });
    renderApp(routes, {
      route: '/photos',
      session: aSession({ member: { uid: user.uid, email: user.email }, user }),
    });
    expect(await screen.findByRole('heading', { name: 'Complete your profile' })).toBeInTheDocument();
    expect(screen.queryByText(/^photos of/)).not.toBeInTheDocument();
  });

  it('shows the page to a member with a complete profile, and the loader while the record loads', () => {
    const user = aMember({ complete: true, displayName: 'Alex' });
    const member = { uid: user.uid, email: user.email };
    const { unmount } = renderApp(routes, { route: '/photos', session: aSession({ member, user }) });
    expect(screen.getByText('photos of Alex')).toBeInTheDocument();
    unmount();
    renderApp(routes, { route: '/photos', session: aSession({ member, user: undefined }) });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});

const adminRoutes = (
  <Routes>
    <Route path="/" element={<Where />} />
    <Route
      path="/admin"
      element={<RequireAdmin>{(user) => <p>admin area for {user.displayName}</p>}</RequireAdmin>}
    />
  </Routes>
);

describe('RequireAdmin', () => {
  it("says 'Loading admin privileges...' while the member or their record is unknown", () => {
    const { unmount } = renderApp(adminRoutes, { route: '/admin', session: aSession({ member: undefined }) });
    expect(screen.getByRole('status')).toHaveTextContent('Loading admin privileges...');
    unmount();
    renderApp(adminRoutes, {
      route: '/admin',
      session: aSession({ member: { uid: 'alice', email: 'alice@example.com' }, user: undefined }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading admin privileges...');
  });

  it('sends a visitor and a member who is not an admin to /', () => {
    const { unmount } = renderApp(adminRoutes, { route: '/admin' });
    expect(screen.getByText('at /')).toBeInTheDocument();
    unmount();
    const user = aMember({ complete: true });
    renderApp(adminRoutes, {
      route: '/admin',
      session: aSession({ member: { uid: user.uid, email: user.email }, user }),
    });
    expect(screen.getByText('at /')).toBeInTheDocument();
    expect(screen.queryByText(/^admin area/)).not.toBeInTheDocument();
  });

  it('shows the admin area to an admin', () => {
    const user = aMember({ complete: true, isAdmin: true, displayName: 'Ada' });
    renderApp(adminRoutes, {
      route: '/admin',
      session: aSession({ member: { uid: user.uid, email: user.email }, user }),
    });
    expect(screen.getByText('admin area for Ada')).toBeInTheDocument();
  });
});
