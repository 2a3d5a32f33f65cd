/**
 * Push notifications, written once for both hosts: what follows a new notification (a reaction or
 * reply to the member's comment) and a new vote on one of the member's photos. The host gives the
 * sender: Firebase Cloud Messaging through the Admin SDK, or locally the live channel. Nothing goes
 * to a member without a usable token, nothing for one's own acts, and a burst of votes is one
 * notification (the device replaces it the next time, by its tag).
 */
import type { AppNotification } from '../../../src/domain/notifications';
import {
  notificationPush,
  pushTokenState,
  votesPush,
  votesPushDue,
  type PushMessage,
} from '../../../src/domain/push';
import type { User } from '../../../src/domain/user';
import type { Store } from '../store/store';
import type { Clock } from './handler';
import { userPath } from './users';

export interface PushSender {
  /** Sends to the member's device; `gone` when the push service says the token is dead. */
  send(uid: string, token: string, message: PushMessage): Promise<'sent' | 'gone'>;
}

export interface PushContext {
  store: Store;
  clock: Clock;
  sender: PushSender;
}

/** When the last votes notification went out to a member: the server's own record, read by nobody else. */
export const votePushPath = (uid: string) => `votePushes/${uid}`;

interface VotePush {
  sentAt: Date;
}

type PushTarget = Pick<User, 'messagingToken' | 'messagingTokenUpdated' | 'newVotes' | 'deletedAt'>;

/** The member's token while it may be used (stale still works; expired or dead does not). */
function usableToken(user: PushTarget | undefined, now: Date): string | null {
  if (!user || user.deletedAt || !user.messagingToken) return null;
  const state = pushTokenState(user, now);
  return state === 'fresh' || state === 'stale' ? user.messagingToken : null;
}

async function deliver(
  context: PushContext,
  uid: string,
  token: string,
  message: PushMessage,
): Promise<void> {
  if ((await context.sender.send(uid, token, message)) === 'sent') return;
  // A dead token is dropped, unless the member stored a new one meanwhile.
  await context.store.runTransaction(async (tx) => {
    const user = await tx.get<PushTarget>(userPath(uid));
    if (user?.messagingToken === token)
      tx.update(userPath(uid), { messagingToken: null, messagingTokenUpdated: null });
  });
}

/** `users/{uid}/notifications/{id}` was created: pushed to the member as the bell shows it. */
export async function pushNotification(
  context: PushContext,
  uid: string,
  notification: AppNotification | undefined,
): Promise<void> {
  if (!notification?.title || !notification.body) return;
  if (notification.fromUserId === uid) return;
  const token = usableToken(await context.store.get<PushTarget>(userPath(uid)), context.clock.now());
  if (token) await deliver(context, uid, token, notificationPush(notification, uid));
}

/**
 * `users/{ownerId}/photos/{photoId}/votes/{voteId}` was created: the owner hears of new votes once
 * a burst (no votes notification in the last 10 minutes), with the count at that moment. The send
 * time is claimed in a transaction, so votes arriving together make one notification.
 */
export async function pushVote(
  context: PushContext,
  vote: { ownerId: string; photoId: string },
): Promise<void> {
  const now = context.clock.now();
  const claimed = await context.store.runTransaction(async (tx) => {
    const [owner, last] = await Promise.all([
      tx.get<PushTarget>(userPath(vote.ownerId)),
      tx.get<VotePush>(votePushPath(vote.ownerId)),
    ]);
    const token = usableToken(owner, now);
    if (!token || !votesPushDue(last?.sentAt, now)) return null;
    tx.set(votePushPath(vote.ownerId), { sentAt: now } satisfies VotePush);
    return { token, newVotes: owner?.newVotes ?? 1 };
  });
  if (claimed)
    await deliver(
      context,
      vote.ownerId,
      claimed.token,
      votesPush(claimed.newVotes, vote.photoId, vote.ownerId),
    );
}

/** The ids in a notification's path, or null for any other path. */
export function notificationIdsOf(path: string): { uid: string; id: string } | null {
  const match = /^users\/([^/]+)\/notifications\/([^/]+)$/.exec(path);
  return match ? { uid: match[1]!, id: match[2]! } : null;
}

/** The ids in a vote's path (the vote's own names nobody: vote-keys.ts), or null for any other path. */
export function voteIdsOf(path: string): { ownerId: string; photoId: string; voteId: string } | null {
  const match = /^users\/([^/]+)\/photos\/([^/]+)\/votes\/([^/]+)$/.exec(path);
  return match ? { ownerId: match[1]!, photoId: match[2]!, voteId: match[3]! } : null;
}
