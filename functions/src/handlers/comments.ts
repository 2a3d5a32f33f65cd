/**
 * Replies and reactions on a vote's comment. Only the two people in the conversation take part:
 * the photo's owner and the voter. The same emoji again removes a reaction, another one replaces it;
 * a reply is deleted only by its author. The voter stays anonymous to the owner here too: within the
 * vote they are named by the vote's id, as VOTER_NAME with no picture, and the server finds them
 * through the vote's sealed voter (vote-keys.ts) only to tell them of the owner's turn.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { AnyObjectSchema, InferType } from 'yup';
import { BLOCK_MESSAGES } from '../../../src/domain/blocks';
import type { Callables } from '../../../src/domain/callables';
import { deleteReplySchema, photoRefSchema, reactionSchema, replySchema } from '../../../src/domain/schemas';
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
import {
  VOTER_NAME,
  VOTER_REPLY_MESSAGES,
  VOTER_SELF,
  votesPath,
  type MyComment,
  type Reaction,
} from '../../../src/domain/vote';
import type { Transaction } from '../store/store';
import { requireCaller, validate, type Caller, type Handler } from './handler';
import { blockedUids } from './blocks';
import { assertMember, NOT_FOUND, userPath } from './users';
import { openVoter, readVoteKeys, voteIdOf, type StoredVote } from './vote-keys';

interface CommentRef {
  ownerId: string;
  photoId: string;
  voteId?: string;
}

/** What a turn in a comment's conversation works with: who, what they sent, and the vote as it stands. */
interface Turn<Input> {
  caller: Caller;
  input: Input;
  now: Date;
  path: string;
  vote: StoredVote;
  voteId: string;
  user: User;
  /** The photo's caption, for the notification; null without one. */
  caption: string | null;
  isOwner: boolean;
  /** The caller as the conversation names them: the owner by uid, the voter by the vote's id. */
  me: string;
  /** The uid of a party the conversation names; none for a voter whose account is gone, or a bot. */
  uidOf(party: string): string | undefined;
}

const NOT_YOURS = "You don't have permission to perform this action.";

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
      const keys = await readVoteKeys(context.store);
      const isOwner = caller.uid === input.ownerId;
      // Anyone else may only be the voter, and their vote on the photo is the one its id names.
      const callersVote =
        isOwner || !keys ? undefined : voteIdOf(keys, caller.uid, input.ownerId, input.photoId);
      const voteId = input.voteId ?? callersVote;
      if (!voteId) {
        if (isOwner) throw new HttpsError('invalid-argument', 'Comment is not valid');
        throw new HttpsError('not-found', NOT_FOUND);
      }
      if (!isOwner && voteId !== callersVote) throw new HttpsError('permission-denied', NOT_YOURS);
      return context.store.runTransaction(async (tx) => {
        const path = `${votesPath(input.ownerId, input.photoId)}/${voteId}`;
        const [vote, user, photo] = await Promise.all([
          tx.get<StoredVote>(path),
          tx.get<User>(userPath(caller.uid)),
          tx.get<Photo>(photoPath(input.ownerId, input.photoId)),
        ]);
        if (!vote || !photo) throw new HttpsError('not-found', NOT_FOUND);
        assertMember(user);
        const voterId = openVoter(keys, vote.sealedVoter);
        // Once either blocked the other, the conversation is closed to both.
        const other = isOwner ? voterId : input.ownerId;
        const { blocks, blockedBy } = await blockedUids(tx, user);
        if (other && (blocks.includes(other) || blockedBy.includes(other)))
          throw new HttpsError('permission-denied', BLOCK_MESSAGES.closed);
        return work(tx, {
          caller,
          input,
          now,
          path,
          vote,
          voteId,
          user,
          caption: photo.caption ?? null,
          isOwner,
          me: isOwner ? caller.uid : voteId,
          uidOf: (party) =>
            party === input.ownerId ? input.ownerId : party === voteId ? voterId : undefined,
        });
      });
    },
  };
}

/** How the caller signs a reply or reaction: the owner by name and picture, the voter as VOTER_NAME. */
const signature = ({ isOwner, me, user }: Turn<unknown>) => ({
  userId: me,
  userName: isOwner ? user.displayName : VOTER_NAME,
  userPhotoURL: isOwner ? user.photoURL : null,
});

/**
 * sendReactionNotification, run inside the reaction or reply: reads the comment's author now (reads
 * come first in a transaction) and returns the writes to make once the change itself is written.
 * Nothing for one's own comment, or for an author who has left. A voter's message carries no
 * sender: the owner reads their notifications, and the voter's uid would name them.
 */
async function prepareNotification(
  tx: Transaction,
  turn: Turn<unknown>,
  targetUserId: string | undefined,
  about: Omit<ReactionNotification, 'targetUserId'>,
): Promise<(at: Date) => void> {
  if (!targetUserId) return () => undefined;
  const notification = { ...about, targetUserId };
  if (!shouldNotify(notification, turn.caller.uid)) return () => undefined;
  const target = await tx.get<User>(userPath(targetUserId));
  if (!target || target.deletedAt) return () => undefined;
  return (at) => {
    const message: AppNotification = {
      title: NOTIFICATION_TITLE,
      body: notificationBody(notification),
      photoId: notification.photoId,
      photoOwnerId: notification.photoOwnerId,
      at,
      fromUserId: turn.isOwner ? turn.caller.uid : null,
    };
    tx.set(`${notificationsPath(targetUserId)}/${randomUUID()}`, { ...message });
    tx.update(userPath(targetUserId), { lastNotification: message });
  };
}

export const replyToComment: Handler<Callables['replyToComment']['result']> = conversationHandler(
  replySchema,
  async (tx, turn) => {
    const { input, now, path, vote, voteId, isOwner, caption } = turn;
    // The voter answers the owner, once: a comment's conversation is the owner's to lead.
    if (!isOwner) {
      const replies = vote.replies ?? [];
      if (!replies.some((reply) => reply.userId === input.ownerId))
        throw new HttpsError('failed-precondition', VOTER_REPLY_MESSAGES.ownerFirst);
      if (replies.some((reply) => reply.userId === voteId))
        throw new HttpsError('failed-precondition', VOTER_REPLY_MESSAGES.once);
    }
    const repliedToUserId = isOwner ? voteId : input.ownerId;
    const notice = await prepareNotification(tx, turn, turn.uidOf(repliedToUserId), {
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
      ...signature(turn),
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
  async (tx, { input, path, vote, me }) => {
    const reply = (vote.replies ?? []).find((candidate) => candidate.id === input.replyId);
    if (!reply) throw new HttpsError('not-found', NOT_FOUND);
    if (reply.userId !== me)
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
  async (tx, turn) => {
    const { input, now, path, vote, voteId, caption } = turn;
    const mine = { emoji: input.emoji, ...signature(turn), reactedAt: now };
    const reply = input.replyId
      ? (vote.replies ?? []).find((candidate) => candidate.id === input.replyId)
      : undefined;
    if (input.replyId && !reply) throw new HttpsError('not-found', NOT_FOUND);
    const result = toggleReaction((reply ? reply.reactions : vote.reactions) ?? [], mine);
    // Only a reaction placed is news; one taken back is not. The comment itself is the voter's.
    const notice = result.emoji
      ? await prepareNotification(tx, turn, turn.uidOf(reply ? reply.userId : voteId), {
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

/**
 * The voter's own comment on a photo with the owner's replies, for the page a reply's notification
 * opens. The vote is found by hashing again; its id, which the voter never learns, becomes VOTER_SELF.
 */
export const getMyComment: Handler<MyComment> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { ownerId, photoId } = await validate(photoRefSchema, data);
    if (ownerId === caller.uid) return { caption: null, thread: null };
    const keys = await readVoteKeys(context.store);
    if (!keys) return { caption: null, thread: null };
    const voteId = voteIdOf(keys, caller.uid, ownerId, photoId);
    const [user, photo, vote] = await Promise.all([
      context.store.get<User>(userPath(caller.uid)),
      context.store.get<Photo>(photoPath(ownerId, photoId)),
      context.store.get<StoredVote>(`${votesPath(ownerId, photoId)}/${voteId}`),
    ]);
    assertMember(user);
    if (!photo || !vote?.comment) return { caption: null, thread: null };
    const named = (party: string) => (party === voteId ? VOTER_SELF : party);
    const reactions = (list: Reaction[] | undefined) =>
      (list ?? []).map((reaction) => ({
        ...reaction,
        id: named(reaction.id),
        userId: named(reaction.userId),
      }));
    return {
      caption: photo.caption ?? null,
      thread: {
        id: VOTER_SELF,
        rate: vote.rate,
        comment: vote.comment,
        commented: vote.comment.trim() !== '',
        chips: vote.chips,
        ageDecade: vote.ageDecade,
        gender: vote.gender,
        viewingTimeSeconds: vote.viewingTimeSeconds,
        ratedAt: vote.ratedAt,
        evaluated: vote.evaluated,
        reactions: reactions(vote.reactions),
        replies: (vote.replies ?? []).map((reply) => ({
          ...reply,
          userId: named(reply.userId),
          repliedToUserId: named(reply.repliedToUserId),
          reactions: reactions(reply.reactions),
        })),
      },
    };
  },
};
