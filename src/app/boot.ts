/**
 * What a member's screen needs, asked for from the address at boot rather than after Auth, the record
 * and the page's code have answered one after another: the screen's code (its chunk and what it
 * imports), Auth's and the calls' SDKs, the backend's reads, a connection to the servers it will call
 * and load images from,
 * and on /rate the first feed page (on /leaderboard the board) as soon as a member is known. Only on a device where someone is
 * signed in: a visitor is sent to the landing page, which needs none of it. main.tsx loads this module
 * only there, in a chunk of its own beside the app's, so it stays light: what it starts is imported
 * when it starts it.
 */
import { env } from '@/config/env';
import { memberOrigins, type MemberOrigin } from '@/config/read-env';
import { paths } from '@/config/paths';
import type { KeptSession } from '@/data/first-read';
import { firstRead } from '@/data/first-read-global';
import { keptSessionAtStart } from '@/data/kept-session';
import { hasMemberHint } from '@/lib/member-hint';
import type * as Auth from '@/data/auth';
import type * as Screens from './lazy-screens';

interface MemberRoute {
  matches(pathname: string): boolean;
  /** The screen, whose code is fetched (Vite adds a modulepreload for each chunk it imports). */
  screen(screens: typeof Screens): { preload(): Promise<void> };
  /**
   * The screen's first read: its code asked for at boot, the read itself started with what this
   * resolves to once a member is known.
   */
  data?(): Promise<(uid: string, kept?: KeptSession) => void>;
}

// In the app's own chunk, which main.tsx asks for at the same time: no request of its own.
const screens = () => import('./lazy-screens');

/** /rate's first feed page, asked for beside the member's record rather than after it. */
const prefetchFirstFeedPage = () => import('@/data/feed-prefetch').then(({ prefetchFeed }) => prefetchFeed);

/** /leaderboard's first answer, asked for beside the member's record rather than after it. */
const prefetchBoard = () =>
  import('@/features/leaderboard/leaderboard-prefetch').then(
    ({ prefetchLeaderboard }) => prefetchLeaderboard,
  );

const under = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

export const MEMBER_ROUTES: MemberRoute[] = [
  { matches: under(paths.rate), screen: ({ RatePage }) => RatePage, data: prefetchFirstFeedPage },
  {
    matches: (pathname) => pathname === paths.home || pathname === paths.photos,
    screen: ({ MyPhotosPage }) => MyPhotosPage,
  },
  {
    matches: under(paths.leaderboard),
    screen: ({ LeaderboardPage }) => LeaderboardPage,
    data: prefetchBoard,
  },
  { matches: under(paths.profile), screen: ({ ProfilePage }) => ProfilePage },
];

function connectAhead(origins: MemberOrigin[]): void {
  for (const { href, cors } of origins) {
    const link = document.createElement('link');
    link.rel = 'preconnect';
    link.href = href;
    if (cors) link.crossOrigin = 'anonymous';
    document.head.append(link);
  }
}

/** Starts the current member screen's code, connections and first read; nothing for visitors. */
export function bootMemberRoute(
  pathname: string = window.location.pathname,
  auth: () => Promise<Pick<typeof Auth, 'watchAuth'>> = () => import('@/data/auth'),
): void {
  if (!hasMemberHint()) return;
  const route = MEMBER_ROUTES.find((candidate) => candidate.matches(pathname));
  if (!route) return;
  // The page's head connected already where it carries the first read.
  if (!firstRead()) connectAhead(memberOrigins(env));
  // A fetch that fails here is tried again where the code is used, which reports it.
  const ignore = () => undefined;
  // Authentication, the calls' SDK and the backend's reads (locally the live channel, which connects at
  // once): each screen's first read waits for them.
  import('@/data/auth').catch(ignore);
  import('@/data/callables').then(({ prepareCalls }) => prepareCalls(), ignore);
  import('@/data/backend').then(({ getBackend }) => getBackend(), ignore).catch(ignore);
  // The screen, and the tab bar every member screen shows.
  screens()
    .then((loaded) => Promise.all([route.screen(loaded).preload(), loaded.BottomTabs.preload()]))
    .catch(ignore);
  if (!route.data) return;
  // Its code now, so the read waits only for Auth; should it fail to load, the screen asks itself.
  const read = route.data();
  read.catch(ignore);
  let started = false;
  const start = (uid: string, kept?: KeptSession) => {
    if (started) return;
    started = true;
    read.then((ask) => ask(uid, kept), ignore);
  };
  // At once with the token Auth kept on this device, without waiting for Auth to start.
  keptSessionAtStart().then((kept) => {
    if (kept) start(kept.uid, kept);
  }, ignore);
  // From Auth's first answer, which may come before the app's chunk has even arrived; and from the
  // session's, should that come first.
  auth().then(({ watchAuth }) => {
    let answered = false;
    const stop = watchAuth((member) => {
      if (answered) return;
      answered = true;
      queueMicrotask(() => stop());
      if (member) start(member.uid);
    }, ignore);
  }, ignore);
  import('@/data/session').then(({ whenSignedIn }) => {
    const stop = whenSignedIn((uid) => {
      stop();
      start(uid);
    });
  }, ignore);
}
