/**
 * Who may read or write what directly (outside the handlers): one table that drives both the local
 * server's checks and the Firebase rules tests. Every later capability adds its rows here.
 */
import type { AccessAction, Viewer } from '../../src/domain/access';

export type Role = 'visitor' | 'owner' | 'otherMember' | 'admin';

export interface AccessCase {
  role: Role;
  /** Paths are written for the owner `alice`. */
  path: string;
  action: AccessAction;
  allowed: boolean;
  /**
   * Files only: the type the upload says it is (default image/jpeg), and whether a file is already
   * at the path before the attempt (reads always find one; uploads create, never overwrite).
   */
  contentType?: string;
  exists?: boolean;
}

export const OWNER_UID = 'alice';
export const OTHER_UID = 'bob';
/** A member with the admin claim, reading through the client as any member would. */
export const ADMIN_UID = 'carol';

export function viewerFor(role: Role): Viewer | null {
  if (role === 'visitor') return null;
  if (role === 'admin') return { uid: ADMIN_UID, isAdmin: true };
  return { uid: role === 'owner' ? OWNER_UID : OTHER_UID };
}

export const ACCESS_CASES: AccessCase[] = [
  { role: 'owner', path: 'users/alice', action: 'read', allowed: true },
  { role: 'owner', path: 'users/alice', action: 'write', allowed: false },
  { role: 'otherMember', path: 'users/alice', action: 'read', allowed: false },
  { role: 'otherMember', path: 'users/alice', action: 'write', allowed: false },
  { role: 'visitor', path: 'users/alice', action: 'read', allowed: false },
  { role: 'visitor', path: 'users/alice', action: 'write', allowed: false },
  { role: 'owner', path: 'status/alice', action: 'read', allowed: true },
  { role: 'owner', path: 'status/alice', action: 'write', allowed: true },
  { role: 'otherMember', path: 'status/alice', action: 'read', allowed: false },
  { role: 'otherMember', path: 'status/alice', action: 'write', allowed: false },
  { role: 'visitor', path: 'status/alice', action: 'read', allowed: false },
  { role: 'visitor', path: 'status/alice', action: 'write', allowed: false },
  { role: 'owner', path: 'users/alice/photos', action: 'read', allowed: true },
  { role: 'otherMember', path: 'users/alice/photos', action: 'read', allowed: false },
  { role: 'visitor', path: 'users/alice/photos', action: 'read', allowed: false },
  { role: 'owner', path: 'users/alice/photos/p1', action: 'read', allowed: true },
  { role: 'owner', path: 'users/alice/photos/p1', action: 'write', allowed: false },
  { role: 'otherMember', path: 'users/alice/photos/p1', action: 'read', allowed: false },
  { role: 'otherMember', path: 'users/alice/photos/p1', action: 'write', allowed: false },
  // The owner reads the votes on their photo, each under an id that names no voter (vote-keys.ts).
  { role: 'owner', path: 'users/alice/photos/p1/votes', action: 'read', allowed: true },
  {
    role: 'owner',
    path: 'users/alice/photos/p1/votes/3f9a1c0d5e7b2a4c6d8e0f1a2b3c4d5e',
    action: 'read',
    allowed: true,
  },
  { role: 'otherMember', path: 'users/alice/photos/p1/votes', action: 'read', allowed: false },
  { role: 'visitor', path: 'users/alice/photos/p1/votes', action: 'read', allowed: false },
  { role: 'owner', path: 'users/alice/photos/p1/votes/bob', action: 'write', allowed: false },
  { role: 'otherMember', path: 'users/alice/photos/p1/votes/bob', action: 'write', allowed: false },
  // Votes waiting for the fold (functions/src/handlers/vote-fold.ts): the server's alone, the owner's too.
  { role: 'owner', path: 'users/alice/photos/p1/pendingVotes', action: 'read', allowed: false },
  { role: 'owner', path: 'users/alice/photos/p1/pendingVotes/bob', action: 'read', allowed: false },
  { role: 'otherMember', path: 'users/alice/photos/p1/pendingVotes/bob', action: 'write', allowed: false },
  // What undoing a vote needs (functions/src/handlers/undo-vote.ts): the server's alone, its voter's too.
  { role: 'owner', path: 'users/alice/photos/p1/foldedVotes/bob', action: 'read', allowed: false },
  { role: 'owner', path: 'voteUndos/alice', action: 'read', allowed: false },
  { role: 'owner', path: 'voteUndos/alice', action: 'write', allowed: false },
  { role: 'otherMember', path: 'voteUndos/alice', action: 'read', allowed: false },
  { role: 'owner', path: 'users/alice/votes', action: 'read', allowed: true },
  { role: 'owner', path: 'users/alice/votes/p9', action: 'read', allowed: true },
  { role: 'owner', path: 'users/alice/votes/p9', action: 'write', allowed: false },
  { role: 'otherMember', path: 'users/alice/votes', action: 'read', allowed: false },
  { role: 'otherMember', path: 'users/alice/votes/p9', action: 'read', allowed: false },
  { role: 'visitor', path: 'users/alice/votes/p9', action: 'read', allowed: false },
  { role: 'owner', path: 'users/alice/photos/p1/reports/bob', action: 'read', allowed: false },
  { role: 'otherMember', path: 'users/alice/photos/p1/reports/bob', action: 'write', allowed: false },
  { role: 'owner', path: 'users/alice/notifications/n1', action: 'read', allowed: true },
  { role: 'owner', path: 'users/alice/notifications/n1', action: 'write', allowed: false },
  { role: 'otherMember', path: 'users/alice/notifications/n1', action: 'read', allowed: false },
  // The site's rate histogram and the peer groups', in shards: nobody reads them directly, admins
  // included. A shard holds a few photos' tallies, so one read before and after a vote would tell the
  // voter that photo's average and, from the peer shard that moved, its owner's gender and age
  // bracket; the owner gets their photo's standing from getPhotoStanding.
  ...(['owner', 'otherMember', 'admin', 'visitor'] as const).flatMap((role): AccessCase[] => [
    { role, path: 'stats/rates/shards', action: 'read', allowed: false },
    { role, path: 'stats/rates/shards/7', action: 'read', allowed: false },
    { role, path: 'stats/rates/shards/7', action: 'write', allowed: false },
    { role, path: 'stats/peers/female-25-34', action: 'read', allowed: false },
    { role, path: 'stats/peers/male-45-up/3', action: 'read', allowed: false },
    { role, path: 'stats/peers/male-45-up/3', action: 'write', allowed: false },
  ]),
  { role: 'otherMember', path: 'stats/peers/other-25-34/3', action: 'read', allowed: false },
  // The server's own records beside them, and the single histogram of earlier versions.
  { role: 'otherMember', path: 'stats/stats', action: 'read', allowed: false },
  { role: 'otherMember', path: 'stats/leaderboard', action: 'read', allowed: false },
  // The key the feed's page positions are sealed with: whoever read it could open one (a photo's votes).
  // The key votes are stored and their voters sealed under: whoever read it could name every voter.
  ...(['owner', 'otherMember', 'admin', 'visitor'] as const).flatMap((role): AccessCase[] => [
    { role, path: 'secrets', action: 'read', allowed: false },
    ...['secrets/feedPosition', 'secrets/votes'].flatMap((path): AccessCase[] => [
      { role, path, action: 'read', allowed: false },
      { role, path, action: 'write', allowed: false },
    ]),
  ]),
  // The admin area's records: features and A/B tests, the audit log, removals. Admins read them, and
  // everything else of other members, through callables that check the admin claim (getFeatures gives
  // anyone the enabled ones); directly, nobody.
  { role: 'owner', path: 'appFeatures', action: 'read', allowed: false },
  { role: 'visitor', path: 'appFeatures/landingHeroTest', action: 'read', allowed: false },
  { role: 'otherMember', path: 'appFeatures/landingHeroTest', action: 'write', allowed: false },
  { role: 'owner', path: 'adminLog', action: 'read', allowed: false },
  { role: 'otherMember', path: 'adminLog/entry1', action: 'read', allowed: false },
  { role: 'otherMember', path: 'adminLog/entry1', action: 'write', allowed: false },
  { role: 'visitor', path: 'adminLog/entry1', action: 'read', allowed: false },
  { role: 'owner', path: 'removals/alice', action: 'read', allowed: false },
  // Payments: the member reads their own billing state; checkout sessions, events, subscriptions, the
  // test checkout's sessions and the daily uses are the server's alone.
  { role: 'owner', path: 'billing/alice', action: 'read', allowed: true },
  { role: 'owner', path: 'billing/alice', action: 'write', allowed: false },
  { role: 'otherMember', path: 'billing/alice', action: 'read', allowed: false },
  { role: 'visitor', path: 'billing/alice', action: 'read', allowed: false },
  { role: 'owner', path: 'checkoutSessions/cs_1', action: 'read', allowed: false },
  { role: 'owner', path: 'checkoutSessions/cs_1', action: 'write', allowed: false },
  { role: 'owner', path: 'paymentEvents/evt_1', action: 'read', allowed: false },
  { role: 'otherMember', path: 'paymentEvents/evt_1', action: 'write', allowed: false },
  { role: 'owner', path: 'subscriptions/sub_1', action: 'read', allowed: false },
  { role: 'owner', path: 'subscriptions/sub_1', action: 'write', allowed: false },
  { role: 'owner', path: 'testCheckoutSessions/cs_test_1', action: 'read', allowed: false },
  { role: 'owner', path: 'dailyUses/alice', action: 'read', allowed: false },
  { role: 'owner', path: 'dailyUses/alice', action: 'write', allowed: false },
  { role: 'owner', path: 'images/alice/uploads/new.jpg', action: 'write', allowed: true },
  {
    role: 'owner',
    path: 'images/alice/uploads/new.png',
    action: 'write',
    allowed: true,
    contentType: 'image/png',
  },
  { role: 'owner', path: 'images/alice/uploads/new.jpg', action: 'write', allowed: false, exists: true },
  {
    role: 'owner',
    path: 'images/alice/uploads/new.svg',
    action: 'write',
    allowed: false,
    contentType: 'image/svg+xml',
  },
  {
    role: 'owner',
    path: 'images/alice/uploads/new.html',
    action: 'write',
    allowed: false,
    contentType: 'text/html',
  },
  { role: 'owner', path: 'images/alice/uploads/new.jpg.meta.json', action: 'write', allowed: false },
  { role: 'owner', path: 'images/alice/uploads/deeper/new.jpg', action: 'write', allowed: false },
  { role: 'owner', path: 'images/alice/upload.jpg', action: 'write', allowed: false },
  {
    role: 'owner',
    path: 'images/alice/resized/p1.webp',
    action: 'write',
    allowed: false,
    contentType: 'image/webp',
  },
  { role: 'owner', path: 'images/alice/resized/p1.webp', action: 'write', allowed: false, exists: true },
  { role: 'owner', path: 'images/alice/uploads/new.jpg', action: 'read', allowed: true },
  { role: 'owner', path: 'images/alice/resized/p1.webp', action: 'read', allowed: true },
  { role: 'otherMember', path: 'images/alice/uploads/new.jpg', action: 'write', allowed: false },
  { role: 'otherMember', path: 'images/alice/uploads/new.jpg', action: 'read', allowed: false },
  { role: 'otherMember', path: 'images/alice/resized/p1.webp', action: 'read', allowed: false },
  { role: 'visitor', path: 'images/alice/uploads/new.jpg', action: 'write', allowed: false },
  { role: 'visitor', path: 'images/alice/resized/p1.webp', action: 'read', allowed: false },
];
