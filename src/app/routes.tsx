/** The route files: thin compositions of features. */
import { Container, Typography } from '@mui/material';
import { Navigate, useOutletContext, useParams, useSearchParams } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { PageMeta } from '@/components/page-meta';
import { safeOrigin } from '@/config/paths';
import { useSession } from '@/data/session';
import { LandingPage } from '@/features/landing/landing-page';
import { onDemand } from '@/lib/on-demand';
import { RequireAdmin, RequireMember, useTryAgain } from './guards';
import {
  LeaderboardPage,
  MyPhotosPage,
  ProfileCompletionForm,
  ProfilePage,
  RatePage,
  SharedPhotoPage,
} from './lazy-screens';
import type { ShellOutletContext } from './layout/app-shell';

/** `/`: the landing page for visitors, the completion form for incomplete profiles, else My Photos. */
export function HomeRoute() {
  const { member, user } = useSession();
  const { openAuth } = useOutletContext<ShellOutletContext>();
  const [params] = useSearchParams();
  const tryAgain = useTryAgain();
  if (member === null)
    return <LandingPage onGetStarted={() => openAuth('register')} onSignIn={() => openAuth('login')} />;
  if (member === undefined || !user) return <LoadingScreen onTryAgain={tryAgain} />;
  const origin = safeOrigin(params.get('origin'));
  if (origin && origin !== '/') return <Navigate to={origin} replace />;
  if (!user.complete) return <ProfileCompletionForm user={user} />;
  return <MyPhotosPage user={user} />;
}

/** `/photos`, and `/photos?photo={id}` with that photo open (where a notification about it leads). */
export function PhotosRoute() {
  const [params] = useSearchParams();
  return (
    <RequireMember>{(user) => <MyPhotosPage user={user} openPhotoId={params.get('photo')} />}</RequireMember>
  );
}

/**
 * `/rate` does not wait for the member's record: the feed answers for the member itself (and refuses an
 * incomplete profile), so the page renders as soon as Auth knows them, and the completion form takes
 * its place if the record, once in, says the profile is incomplete.
 */
export function RateRoute() {
  const { member, user } = useSession();
  if (member && (user === undefined || user?.complete))
    return <RatePage uid={member.uid} user={user ?? undefined} />;
  return <RequireMember>{(complete) => <RatePage uid={complete.uid} user={complete} />}</RequireMember>;
}

export function LeaderboardRoute() {
  return <RequireMember>{(user) => <LeaderboardPage user={user} />}</RequireMember>;
}

export function ProfileRoute() {
  return <RequireMember>{(user) => <ProfilePage user={user} />}</RequireMember>;
}

const AdminPage = onDemand(() => import('@/features/admin/admin-page').then((module) => module.AdminPage));

export function AdminRoute() {
  return <RequireAdmin>{() => <AdminPage />}</RequireAdmin>;
}

export function NotFoundRoute() {
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <PageMeta title="Page not found" description="This page does not exist." robots="noindex, follow" />
      <Typography variant="h5" component="h1">
        Oops, the page you are looking for does not exist.
      </Typography>
    </Container>
  );
}

/** `/photo/{id}?referrer={uid}`: the public preview of a shared photo; open to everyone. */
export function SharedPhotoRoute() {
  const { photoId = '' } = useParams();
  const [params] = useSearchParams();
  const { openAuth } = useOutletContext<ShellOutletContext>();
  return (
    <SharedPhotoPage photoId={photoId} ownerId={params.get('referrer')} onJoin={() => openAuth('register')} />
  );
}
