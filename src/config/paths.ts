/** Every route of the app in one place. */
export const paths = {
  home: '/',
  photos: '/photos',
  sharedPhoto: '/photo',
  rate: '/rate',
  leaderboard: '/leaderboard',
  profile: '/profile',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  blog: '/blog',
  article: '/article',
  admin: '/admin',
  notFound: '/404',
} as const;

/** Where a guarded route sends a signed-out visitor, carrying the page they wanted. */
export function homeWithOrigin(origin: string): string {
  return `${paths.home}?origin=${encodeURIComponent(origin)}`;
}

/** Only same-site paths are followed back after sign-in. */
export function safeOrigin(origin: string | null): string | null {
  return origin && origin.startsWith('/') && !origin.startsWith('//') ? origin : null;
}
