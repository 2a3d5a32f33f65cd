/** Route guards: who may see a page, and what they see instead. */
import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { homeWithOrigin, paths } from '@/config/paths';
import { useSession } from '@/data/session';
import type { User } from '@/domain/user';
import { ProfileCompletionForm } from './lazy-screens';

/** Signs out and reloads: the loading screen's way out of a stuck start. */
export function useTryAgain() {
  const { signOut } = useSession();
  return () => {
    // A sign-out that failed was reported; the reload starts afresh either way.
    void signOut()
      .catch(() => undefined)
      .finally(() => window.location.reload());
  };
}

/** A signed-out visitor goes to / carrying the origin; an incomplete profile gets the completion form. */
export function RequireMember({ children }: { children: (user: User) => ReactNode }) {
  const { member, user } = useSession();
  const location = useLocation();
  const tryAgain = useTryAgain();
  if (member === null)
    return <Navigate to={homeWithOrigin(`${location.pathname}${location.search}`)} replace />;
  if (member === undefined || !user) return <LoadingScreen onTryAgain={tryAgain} />;
  if (!user.complete) return <ProfileCompletionForm user={user} />;
  return <>{children(user)}</>;
}

/** The spec's words while it is not yet known whether the member is an admin. */
export const LOADING_ADMIN = 'Loading admin privileges...';

/**
 * The admin area: anyone who is not an admin goes to /. The record's `isAdmin` mirrors the Auth
 * claim that the server checks on every admin call, so this only decides what the page shows.
 */
export function RequireAdmin({ children }: { children: (user: User) => ReactNode }) {
  const { member, user } = useSession();
  if (member === null || (user && !user.isAdmin)) return <Navigate to={paths.home} replace />;
  if (member === undefined || !user)
    return (
      <Typography role="status" sx={{ p: 4, textAlign: 'center' }}>
        {LOADING_ADMIN}
      </Typography>
    );
  return <>{children(user)}</>;
}
