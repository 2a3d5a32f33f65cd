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
  pushDevicesOf,
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

type PushTarget = Pick<
  User,
  'messagingToken' | 'messagingTokenUpdated' | 'pushDevices' | 'newVotes' | 'deletedAt'
>;

/** The member's device tokens while they may be used (stale still works; expired or dead does not). */
function usableTokens(user: PushTarget | undefined, now: Date): string[] {
  if (!user || user.deletedAt) return [];
  return pushDevicesOf(user)
    .filter((device) => {
      const state = pushTokenState(
        { messagingToken: device.token, messagingTokenUpdated: device.updatedAt },
        now,
      );
      return state === 'fresh' || state === 'stale';
    })
    .map((device) => device.token);
}

/** Sends to each of the member's devices; a token the push service says is dead is dropped. */
async function deliver(
  context: PushContext,
  uid: string,
  tokens: string[],
  message: PushMessage,
): Promise<void> {
  for (const token of tokens) {
    if ((await context.sender.send(uid, token, message)) === 'sent') continue;
    // Only that device goes: the others, and any the member stored meanwhile, stay.
    await context.store.runTransaction(async (tx) => {
      const user = await tx.get<PushTarget>(userPath(uid));
      if (!user) return;
      const devices = pushDevicesOf(user);
      const kept = devices.filter((device) => device.token !== token);
      const latestGone = user.messagingToken === token;
      if (kept.length === devices.length && !latestGone) return;
      tx.update(userPath(uid), {
        pushDevices: kept,
        ...(latestGone ? { messagingToken: null, messagingTokenUpdated: null } : {}),
      });
    });
  }
}

/** `users/{uid}/notifications/{id}` was created: pushed to the member as the bell shows it. */
export async function pushNotification(
  context: PushContext,
  uid: string,
  notification: AppNotification | undefined,
): Promise<void> {
  if (!notification?.title || !notification.body) return;
  if (notification.fromUserId === uid) return;
  const tokens = usableTokens(await context.store.get<PushTarget>(userPath(uid)), context.clock.now());
  if (tokens.length > 0) await deliver(context, uid, tokens, notificationPush(notification, uid));
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
    const tokens = usableTokens(owner, now);
    if (tokens.length === 0 || !votesPushDue(last?.sentAt, now)) return null;
    tx.set(votePushPath(vote.ownerId), { sentAt: now } satisfies VotePush);
    return { tokens, newVotes: owner?.newVotes ?? 1 };
  });
  if (claimed)
    await deliver(
      context,
      vote.ownerId,
      claimed.tokens,
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
