/**
 * Deleting one's own account (design.md section 4): after a recent sign-in, the removal record, the
 * member marked deleted, every photo deactivated with the error 'User deleted' (so it leaves every
 * feed and the leaderboard), all in one transaction; then the Auth account goes. The scheduled purge
 * removes files and personal data later, and retries the Auth deletion if it failed here.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ACCOUNT_DELETION,
  FORMER_MEMBER,
  isRecentLogin,
  type RemovalRecord,
} from '../../../src/domain/account';
import type { Callables } from '../../../src/domain/callables';
import { billingPath } from '../../../src/domain/billing';
import { dailyUsesPath } from '../../../src/domain/daily-counter';
import type { AppNotification } from '../../../src/domain/notifications';
import { photoPath, photosPath, type Photo } from '../../../src/domain/photo';
import { deleteAccountSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { givenVotesPath, votesPath, type GivenVote } from '../../../src/domain/vote';
import type { FileStore } from '../files/file-store';
import type { Store, Transaction } from '../store/store';
import { deleteCollection, removePhoto } from './delete-photo';
import { validate, type AccountAdmin, type Clock, type Handler, type HandlerContext } from './handler';
import type { Subscription } from './premium';
import { userPath } from './users';
import { votePushPath } from './push';
import { voteUndoPath } from './undo-vote';
import { readVoteKeys, voteIdOf, type StoredVote } from './vote-keys';

export const removalPath = (uid: string) => `removals/${uid}`;

/**
 * A deleted account is billed no more: its running subscriptions end at the provider first, so a
 * provider that cannot be reached leaves the account as it was and the member may try again.
 */
async function cancelSubscriptionsOf(context: HandlerContext, uid: string): Promise<void> {
  const running = (
    await context.store.query<Subscription>('subscriptions', { where: [{ field: 'uid', equals: uid }] })
  ).filter(({ data }) => data.status !== 'canceled');
  if (running.length === 0) return;
  if (!context.payments) throw new HttpsError('unavailable', ACCOUNT_DELETION.failed);
  for (const { id } of running) {
    try {
      await context.payments.cancelSubscription(id);
    } catch {
      throw new HttpsError('unavailable', ACCOUNT_DELETION.failed);
    }
  }
}

/**
 * Deletes a member's account as their own deletion does: subscriptions ended, then in one transaction
 * the removal record, the member marked deleted and every photo deactivated with 'User deleted' (and
 * what `also` checks and writes there: the admin's standing and audit entry), then the Auth account.
 * The purge does the rest.
 */
export async function deleteMemberAccount(
  context: HandlerContext,
  uid: string,
  reason: string,
  also: {
    check?: (tx: Transaction) => Promise<void>;
    write?: (tx: Transaction, member: User, now: Date) => void;
  } = {},
): Promise<void> {
  const now = context.clock.now();
  const member = await context.store.get<User>(userPath(uid));
  if (!member || member.deletedAt) throw new HttpsError('not-found', ACCOUNT_DELETION.noUser);
  await cancelSubscriptionsOf(context, uid);
  await context.store.runTransaction(async (tx) => {
    const user = await tx.get<User>(userPath(uid));
    if (!user || user.deletedAt) throw new HttpsError('not-found', ACCOUNT_DELETION.noUser);
    await also.check?.(tx);
    const photos = await tx.query<Photo>(photosPath(uid));
    tx.set(removalPath(uid), { uid, message: reason, removedAt: now } satisfies RemovalRecord);
    // Marked for the purge, which looks for this flag; the tombstone it leaves carries none.
    tx.update(userPath(uid), { deletedAt: now, deleted: true, purgePending: true, updatedAt: now });
    for (const { id } of photos) {
      tx.update(photoPath(uid, id), { active: false, error: ACCOUNT_DELETION.photoError, updatedAt: now });
    }
    also.write?.(tx, user, now);
  });
  await context.accounts.deleteUser(uid);
}

export const deleteAccount: Handler<Callables['deleteAccount']['result']> = {
  async run(data, context) {
    const { caller } = context;
    if (!caller) throw new HttpsError('unauthenticated', ACCOUNT_DELETION.noUser);
    const { reason } = await validate(deleteAccountSchema, data);
    if (!isRecentLogin(caller.authTime, context.clock.now()))
      throw new HttpsError('failed-precondition', ACCOUNT_DELETION.recentLogin, { reason: 'recentLogin' });
    await deleteMemberAccount(context, caller.uid, reason);
    return { deleted: true as const };
  },
};

/** The bell messages a member's reactions and replies left with others: their name taken off. */
async function forgetNotificationsFrom(store: Store, uid: string, name: string | undefined): Promise<void> {
  const sent = await store.queryGroup<AppNotification>('notifications', {
    where: [{ field: 'fromUserId', equals: uid }],
  });
  const anonymous = (body: string) => (name ? body.replace(name, FORMER_MEMBER) : body);
  for (const { path, data } of sent) {
    const targetPath = userPath(path.split('/')[1]!);
    await store.runTransaction(async (tx) => {
      const target = await tx.get<User>(targetPath);
      tx.update(path, { body: anonymous(data.body), fromUserId: null });
      if (target?.lastNotification?.fromUserId === uid) {
        tx.update(targetPath, {
          lastNotification: {
            ...target.lastNotification,
            body: anonymous(target.lastNotification.body),
            fromUserId: null,
          },
        });
      }
    });
  }
}

/** What the purge leaves of a member: that the account existed and when it was deleted. */
interface Tombstone {
  uid: string;
  deleted: true;
  deletedAt: Date;
  purgedAt: Date;
}

/**
 * The scheduled purge: for each deleted member not yet purged, their photos with their votes,
 * reports, files and places in the histogram, the copies of the votes and reports they gave (their
 * votes on others' photos stay in those photos' scores, without their sealed uid), and their record
 * down to a tombstone; and the Auth account if deleting it failed before. Runs hourly, so it is done
 * well within 24 hours. Deletions go in batches within Firestore's limit on writes, the tombstone
 * last: a purge cut short is taken up again at the next run.
 */
/** Members purged in one run at most, so a run ends within its time; the next takes the rest. */
const PURGES_PER_RUN = 100;

export async function purgeDeletedMembers(
  store: Store,
  files: FileStore,
  accounts: AccountAdmin,
  clock: Clock,
): Promise<{ purged: number }> {
  // Only the members still to purge: every tombstone ever written would be read again otherwise.
  const deleted = await store.query<User>('users', {
    where: [{ field: 'purgePending', equals: true }],
    limit: PURGES_PER_RUN,
  });
  let purged = 0;
  for (const { id: uid, data: user } of deleted) {
    for (const { id: photoId } of await store.query<Photo>(photosPath(uid))) {
      await removePhoto(store, uid, photoId);
    }
    // Every file of theirs: originals, display images, avatars (current and earlier) and uploads.
    await files.deleteFolder(`images/${uid}/`);
    const keys = await readVoteKeys(store);
    for (const { id: photoId, data: given } of await store.query<GivenVote>(givenVotesPath(uid))) {
      const votePath =
        keys && `${votesPath(given.ownerId, photoId)}/${voteIdOf(keys, uid, given.ownerId, photoId)}`;
      await store.runTransaction(async (tx) => {
        const vote = votePath ? await tx.get<StoredVote>(votePath) : undefined;
        // The vote stays in the photo's score and its conversation, with nobody left to seal.
        if (vote && votePath) tx.update(votePath, { sealedVoter: null });
        tx.delete(`${givenVotesPath(uid)}/${photoId}`);
      });
    }
    await forgetNotificationsFrom(store, uid, user.displayName);
    await deleteCollection(store, `users/${uid}/reports`);
    await deleteCollection(store, `users/${uid}/notifications`);
    await store.runTransaction(async (tx) => {
      // What the member's client read of their billing and daily uses goes too; the payment and
      // subscription records stay, without a name, as the books of what was sold.
      tx.delete(billingPath(uid));
      tx.delete(dailyUsesPath(uid));
      tx.delete(votePushPath(uid));
      tx.delete(voteUndoPath(uid));
      tx.set(userPath(uid), {
        uid,
        deleted: true,
        deletedAt: user.deletedAt ?? clock.now(),
        purgedAt: clock.now(),
      } satisfies Tombstone);
    });
    // Usually gone already; the purge finishes what a failed deletion left.
    await accounts.deleteUser(uid).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    });
    purged++;
  }
  return { purged };
}
