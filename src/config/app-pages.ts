/**
 * Which HTML a page's address is answered with, the same on Firebase Hosting (firebase.json), the
 * local preview server (scripts/prerender.ts) and the service worker (src/sw/sw.ts):
 * - the public pages pre-rendered at build time keep their own HTML (`/` is the landing page's);
 * - the blog and the articles are made on request by the server;
 * - every other page of the app (a member's screens, the shared photo, the account pages) gets the
 *   app shell: the template with the member's route preloads and a drawn app bar and tab bar,
 *   without the landing page, whose portraits a member's screen would otherwise load;
 * - an address no route matches gets the 404 page with status 404 from the servers (the service
 *   worker, which crawlers do not run, gives it the shell, whose router shows the same page).
 * A member at `/` (My Photos, the installed app's start) gets the shell from the service worker,
 * which knows a member is signed in on this device from MEMBER_HINT_CACHE.
 * Imported by the Vite config's plugins: no `@/` imports here.
 */

/** The app shell's file in the build (written by scripts/prerender.ts). */
export const APP_SHELL_FILE = 'app-shell.html';

/** The pages pre-rendered at build time, by path. */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/privacy', file: 'privacy.html' },
] as const;

/** The pages the server makes on request (the blog with the articles of the moment, each article). */
export function isMadeOnRequest(pathname: string): boolean {
  return (
    pathname === '/blog' ||
    pathname === '/blog/' ||
    pathname === '/article' ||
    pathname.startsWith('/article/') ||
    pathname === '/sitemap.xml' ||
    pathname === '/robots.txt'
  );
}

/**
 * The service worker's note that a member is signed in on this device (the page's
 * `photorater.memberHint`, which a worker cannot read): a cache holding one entry while they are.
 */
export const MEMBER_HINT_CACHE = 'member-hint';
export const MEMBER_HINT_URL = '/member-hint';

export type NavigationAnswer =
  | { kind: 'page'; file: string }
  /** From the server, with the app shell when offline. */
  | { kind: 'network' };

/** What a navigation to `pathname` is answered with, for a member on this device or not. */
export function navigationAnswer(pathname: string, member: boolean): NavigationAnswer {
  if (pathname === '/' && member) return { kind: 'page', file: APP_SHELL_FILE };
  const prerendered = PRERENDERED_PAGES.find((page) => page.path === pathname);
  if (prerendered) return { kind: 'page', file: prerendered.file };
  if (isMadeOnRequest(pathname)) return { kind: 'network' };
  return { kind: 'page', file: APP_SHELL_FILE };
}

/** The page Hosting and the preview server answer, with status 404, for an address no route matches. */
export const NOT_FOUND_FILE = '404.html';

/**
 * The app's routes (src/app/router.tsx) that get the app shell: a path, and with `item` the path
 * followed by one segment (`/rate/{photoId}`). firebase.json rewrites exactly these to the shell (a
 * test keeps them equal), so an address no route matches is a 404, not the shell with a 200.
 */
export const APP_SHELL_ROUTES: readonly { path: string; item?: 'optional' | 'required' }[] = [
  { path: '/photos' },
  { path: '/photo', item: 'required' },
  { path: '/rate', item: 'optional' },
  { path: '/leaderboard' },
  { path: '/profile' },
  { path: '/login' },
  { path: '/register' },
  { path: '/forgotPassword' },
  { path: '/resetPassword' },
  { path: '/contact' },
  { path: '/admin' },
];

/** A route's sources in firebase.json's rewrites. */
export function hostingSources(route: (typeof APP_SHELL_ROUTES)[number]): string[] {
  if (route.item === 'required') return [`${route.path}/*`];
  if (route.item === 'optional') return [route.path, `${route.path}/*`];
  return [route.path];
}

/**
 * Whether `pathname` is answered with the app shell: an address one of APP_SHELL_ROUTES matches (a
 * trailing slash allowed, as Hosting redirects it away).
 */
export function servesAppShell(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return APP_SHELL_ROUTES.some(({ path, item }) => {
    if (trimmed === path) return item !== 'required';
    if (!item || !trimmed.startsWith(`${path}/`)) return false;
    const rest = trimmed.slice(path.length + 1);
    return rest.length > 0 && !rest.includes('/');
  });
}
