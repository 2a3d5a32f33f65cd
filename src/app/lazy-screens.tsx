/**
 * Screens a visitor on the landing page never needs load on demand, so the landing page's
 * JavaScript stays small (forms bring Formik and Yup; member screens bring their own parts).
 */
import { DEBUG_MODE } from '@/config/env';
import { onDemand } from '@/lib/on-demand';

export const ProfileCompletionForm = onDemand(() =>
  import('@/features/accounts/profile-completion-form').then((module) => module.ProfileCompletionForm),
);
export const AuthDialog = onDemand(() =>
  import('@/features/accounts/auth-dialog').then((module) => module.AuthDialog),
);
export const MyPhotosPage = onDemand(() =>
  import('@/features/photos/my-photos-page').then((module) => module.MyPhotosPage),
);
export const NavDrawer = onDemand(() => import('./layout/nav-drawer').then((module) => module.NavDrawer));
export const BottomTabs = onDemand(() => import('./layout/bottom-tabs').then((module) => module.BottomTabs));
export const SharedPhotoPage = onDemand(() =>
  import('@/features/photos/shared-photo-page').then((module) => module.SharedPhotoPage),
);
export const RatePage = onDemand(() =>
  import('@/features/rating/rate-page').then((module) => module.RatePage),
);
export const LeaderboardPage = onDemand(() =>
  import('@/features/leaderboard/leaderboard-page').then((module) => module.LeaderboardPage),
);
export const CheckoutReturn = onDemand(() =>
  import('@/features/payments/checkout-return').then((module) => module.CheckoutReturn),
);
export const LoginStreak = onDemand(() =>
  import('@/features/streak/login-streak').then((module) => module.LoginStreak),
);
export const ProfilePage = onDemand(() =>
  import('@/features/profile/profile-page').then((module) => module.ProfilePage),
);
export const ConsentHost = onDemand(() =>
  import('@/features/consent/consent-host').then((module) => module.ConsentHost),
);
// Only a debug-mode build carries the panel (DEBUG_MODE is known when building).
export const DebugPanel = DEBUG_MODE
  ? onDemand(() => import('@/features/debug/debug-panel').then((module) => module.DebugPanel))
  : () => null;
export const PwaPrompts = onDemand(() =>
  import('@/features/pwa/pwa-prompts').then((module) => module.PwaPrompts),
);
export const FeedbackDialog = onDemand(() =>
  import('@/features/contact/feedback-dialog').then((module) => module.FeedbackDialog),
);
// Below the page for visitors: off the landing page's first load (the pre-rendered page has it).
export const Footer = onDemand(() => import('./layout/footer').then((module) => module.Footer));
