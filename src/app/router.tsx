import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';
import { onDemand } from '@/lib/on-demand';
import { AppShell } from './layout/app-shell';
import {
  AdminRoute,
  HomeRoute,
  LeaderboardRoute,
  NotFoundRoute,
  PhotosRoute,
  ProfileRoute,
  RateRoute,
  SharedPhotoRoute,
} from './routes';

const accounts = () => import('@/features/accounts/auth-pages');
const legal = () => import('@/features/legal/legal-pages');
const LoginPage = onDemand(() => accounts().then((module) => module.LoginPage));
const RegisterPage = onDemand(() => accounts().then((module) => module.RegisterPage));
const ForgotPasswordPage = onDemand(() => accounts().then((module) => module.ForgotPasswordPage));
const ResetPasswordPage = onDemand(() => accounts().then((module) => module.ResetPasswordPage));
const AboutPage = onDemand(() => legal().then((module) => module.AboutPage));
const TermsPage = onDemand(() => legal().then((module) => module.TermsPage));
const PrivacyPage = onDemand(() => legal().then((module) => module.PrivacyPage));
const BlogPage = onDemand(() => import('@/features/blog/blog-page').then((module) => module.BlogPage));
const ContactPage = onDemand(() =>
  import('@/features/contact/contact-page').then((module) => module.ContactPage),
);
const ArticlePage = onDemand(() =>
  import('@/features/blog/article-page').then((module) => module.ArticlePage),
);

/** Declarative routes: the app loads no data through the router, so its data APIs stay out of the bundle. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<AppShell />}>
          <Route path={paths.home} element={<HomeRoute />} />
          <Route path={paths.photos} element={<PhotosRoute />} />
          <Route path={`${paths.sharedPhoto}/:photoId`} element={<SharedPhotoRoute />} />
          <Route path={paths.rate} element={<RateRoute />} />
          <Route path={`${paths.rate}/:photoId`} element={<RateRoute />} />
          <Route path={paths.leaderboard} element={<LeaderboardRoute />} />
          <Route path={paths.profile} element={<ProfileRoute />} />
          <Route path={paths.login} element={<LoginPage />} />
          <Route path={paths.register} element={<RegisterPage />} />
          <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          <Route path={paths.about} element={<AboutPage />} />
          <Route path={paths.terms} element={<TermsPage />} />
          <Route path={paths.privacy} element={<PrivacyPage />} />
          <Route path={paths.blog} element={<BlogPage />} />
          <Route path={paths.contact} element={<ContactPage />} />
          <Route path={`${paths.article}/:id`} element={<ArticlePage />} />
          <Route path={paths.admin} element={<AdminRoute />} />
          <Route path={paths.notFound} element={<NotFoundRoute />} />
          <Route path="/__cypress/*" element={<Navigate to={paths.home} replace />} />
          <Route path="*" element={<Navigate to={paths.notFound} replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
