/** Route guards: who may see a page, and what they see instead. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { homeWithOrigin } from '@/config/paths';
import { useSession } from '@/data/session';
import type { User } from '@/domain/user';
import { ProfileCompletionForm } from './lazy-screens';

/** Signs out and reloads: the loading screen's way out of a stuck start. */
export function useTryAgain() {
  const { signOut } = useSession();
  return () => {
    void signOut().finally(() => window.location.reload());
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
