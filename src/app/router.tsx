import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppShell } from './layout/app-shell';
import { HomeRoute, NotFoundRoute, PhotosRoute, UpcomingRoute } from './routes';

const accounts = () => import('@/features/accounts/auth-pages');
const legal = () => import('@/features/legal/legal-pages');
const LoginPage = lazy(() => accounts().then((module) => ({ default: module.LoginPage })));
const RegisterPage = lazy(() => accounts().then((module) => ({ default: module.RegisterPage })));
const ForgotPasswordPage = lazy(() => accounts().then((module) => ({ default: module.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => accounts().then((module) => ({ default: module.ResetPasswordPage })));
const AboutPage = lazy(() => legal().then((module) => ({ default: module.AboutPage })));
const TermsPage = lazy(() => legal().then((module) => ({ default: module.TermsPage })));
const PrivacyPage = lazy(() => legal().then((module) => ({ default: module.PrivacyPage })));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      { path: paths.photos, element: <PhotosRoute /> },
      { path: paths.rate, element: <UpcomingRoute title="Rate photos" /> },
      { path: `${paths.rate}/:photoId`, element: <UpcomingRoute title="Rate photos" /> },
      { path: paths.leaderboard, element: <UpcomingRoute title="Leaderboard" /> },
      { path: paths.profile, element: <UpcomingRoute title="Profile" /> },
      { path: paths.login, element: page(LoginPage) },
      { path: paths.register, element: page(RegisterPage) },
      { path: paths.forgotPassword, element: page(ForgotPasswordPage) },
      { path: paths.resetPassword, element: page(ResetPasswordPage) },
      { path: paths.about, element: page(AboutPage) },
      { path: paths.terms, element: page(TermsPage) },
      { path: paths.privacy, element: page(PrivacyPage) },
      { path: paths.notFound, element: <NotFoundRoute /> },
      { path: '/__cypress/*', element: <Navigate to={paths.home} replace /> },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]);
