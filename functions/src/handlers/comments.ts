/**
 * Replies and reactions on a vote's comment. Only the two people in the conversation take part:
 * the photo's owner and the voter. The same emoji again removes a reaction, another one replaces it;
 * a reply is deleted only by its author.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { AnyObjectSchema, InferType } from 'yup';
import type { Callables } from '../../../src/domain/callables';
import { deleteReplySchema, reactionSchema, replySchema } from '../../../src/domain/schemas';
import {
  NOTIFICATION_TITLE,
  notificationBody,
  notificationsPath,
  shouldNotify,
  type AppNotification,
  type ReactionNotification,
} from '../../../src/domain/notifications';
import { photoPath, type Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { votesPath, type Reaction, type Vote } from '../../../src/domain/vote';
import type { Transaction } from '../store/store';
import { requireCaller, validate, type Caller, type Handler } from './handler';
import { assertMember, NOT_FOUND, userPath } from './users';

interface CommentRef {
  ownerId: string;
  photoId: string;
  voteId: string;
}

/** What a turn in a comment's conversation works with: who, what they sent, and the vote as it stands. */
interface Turn<Input> {
  caller: Caller;
  input: Input;
  now: Date;
  path: string;
  vote: Vote;
  user: User;
  /** The photo's caption, for the notification; null without one. */
  caption: string | null;
}

/**
 * A handler for one turn in a comment's conversation: the input checked with the form's schema, the
 * caller one of its two parties, and the work in one transaction that has already read the vote.
 */
function conversationHandler<Schema extends AnyObjectSchema, Result>(
  schema: Schema,
  work: (tx: Transaction, turn: Turn<InferType<Schema> & CommentRef>) => Promise<Result>,
): Handler<Result> {
  return {
    async run(data, context) {
      const caller = requireCaller(context);
      const input = (await validate(schema, data)) as InferType<Schema> & CommentRef;
      const now = context.clock.now();
      return context.store.runTransaction(async (tx) => {
        const path = `${votesPath(input.ownerId, input.photoId)}/${input.voteId}`;
        const [vote, user, photo] = await Promise.all([
          tx.get<Vote>(path),
          tx.get<User>(userPath(caller.uid)),
          tx.get<Photo>(photoPath(input.ownerId, input.photoId)),
        ]);
        if (!vote || !photo) throw new HttpsError('not-found', NOT_FOUND);
        assertMember(user);
        if (caller.uid !== input.ownerId && caller.uid !== vote.userId) {
          throw new HttpsError('permission-denied', "You don't have permission to perform this action.");
        }
        return work(tx, { caller, input, now, path, vote, user, caption: photo.caption ?? null });
      });
    },
  };
}

/**
 * sendReactionNotification, run inside the reaction or reply: reads the comment's author now (reads
 * come first in a transaction) and returns the writes to make once the change itself is written.
 * Nothing for one's own comment, or for an author who has left.
 */
async function prepareNotification(
  tx: Transaction,
  reactorId: string,
  notification: ReactionNotification,
): Promise<(at: Date) => void> {
  if (!shouldNotify(notification, reactorId)) return () => undefined;
  const target = await tx.get<User>(userPath(notification.targetUserId));
  if (!target || target.deletedAt) return () => undefined;
  return (at) => {
    const message: AppNotification = {
      title: NOTIFICATION_TITLE,
      body: notificationBody(notification),
      photoId: notification.photoId,
      photoOwnerId: notification.photoOwnerId,
      at,
      fromUserId: reactorId,
    };
    tx.set(`${notificationsPath(notification.targetUserId)}/${randomUUID()}`, { ...message });
    tx.update(userPath(notification.targetUserId), { lastNotification: message });
  };
}

export const replyToComment: Handler<Callables['replyToComment']['result']> = conversationHandler(
  replySchema,
  async (tx, { caller, input, now, path, vote, user, caption }) => {
    const repliedToUserId = caller.uid === vote.userId ? input.ownerId : vote.userId;
    const notice = await prepareNotification(tx, caller.uid, {
      targetUserId: repliedToUserId,
      emoji: null,
      caption,
      photoId: input.photoId,
      photoOwnerId: input.ownerId,
      isReply: false,
    });
    const replyId = randomUUID();
    const reply = {
      id: replyId,
      text: input.text,
      userId: caller.uid,
      userName: user.displayName,
      userPhotoURL: user.photoURL,
      repliedAt: now,
      repliedToUserId,
      reactions: [],
    };
    tx.update(path, { replies: [...(vote.replies ?? []), reply] });
    notice(now);
    return { replyId };
  },
);

export const deleteReply: Handler<Callables['deleteReply']['result']> = conversationHandler(
  deleteReplySchema,
  async (tx, { caller, input, path, vote }) => {
    const reply = (vote.replies ?? []).find((candidate) => candidate.id === input.replyId);
    if (!reply) throw new HttpsError('not-found', NOT_FOUND);
    if (reply.userId !== caller.uid)
      throw new HttpsError('permission-denied', 'You can only delete your own replies.');
    tx.update(path, { replies: vote.replies.filter((candidate) => candidate.id !== input.replyId) });
    return { deleted: true as const };
  },
);

/** The member's reaction after choosing `emoji`: added, replaced, or removed when it was the same. */
export function toggleReaction(
  reactions: Reaction[],
  mine: Omit<Reaction, 'id'>,
): { reactions: Reaction[]; emoji: string | null } {
  const previous = reactions.find((reaction) => reaction.userId === mine.userId);
  const others = reactions.filter((reaction) => reaction.userId !== mine.userId);
  if (previous?.emoji === mine.emoji) return { reactions: others, emoji: null };
  return { reactions: [...others, { ...mine, id: mine.userId }], emoji: mine.emoji };
}

export const reactToComment: Handler<Callables['reactToComment']['result']> = conversationHandler(
  reactionSchema,
  async (tx, { caller, input, now, path, vote, user, caption }) => {
    const mine = {
      emoji: input.emoji,
      userId: caller.uid,
      userName: user.displayName,
      userPhotoURL: user.photoURL,
      reactedAt: now,
    };
    const reply = input.replyId
      ? (vote.replies ?? []).find((candidate) => candidate.id === input.replyId)
      : undefined;
    if (input.replyId && !reply) throw new HttpsError('not-found', NOT_FOUND);
    const result = toggleReaction((reply ? reply.reactions : vote.reactions) ?? [], mine);
    // Only a reaction placed is news; one taken back is not.
    const notice = result.emoji
      ? await prepareNotification(tx, caller.uid, {
          targetUserId: reply ? reply.userId : vote.userId,
          emoji: result.emoji,
          caption,
          photoId: input.photoId,
          photoOwnerId: input.ownerId,
          isReply: Boolean(reply),
        })
      : () => undefined;
    if (reply) {
      tx.update(path, {
        replies: vote.replies.map((candidate) =>
          candidate.id === reply.id ? { ...candidate, reactions: result.reactions } : candidate,
        ),
      });
    } else tx.update(path, { reactions: result.reactions });
    notice(now);
    return { emoji: result.emoji };
  },
);
