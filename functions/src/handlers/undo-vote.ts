/**
 * undoVote: a member takes back their latest vote within `UNDO_WINDOW_MS` of giving it (the screen
 * offers Undo for 5 seconds; the rest is for slow connections), once. One transaction reverts all the
 * vote did: the vote with its comment and tags, its light copy, the voter's count and any token it
 * earned, the owner's token it cost (and the photos that cost turned off), and the photo's figures:
 * still pending, its pending entry goes; folded, the fold's mirror (`readUnfold`) takes it out.
 *
 * Each vote records what undoing it needs at `voteUndos/{voterId}`, the server's alone, replacing the
 * record of the voter's vote before: the one there is the latest vote, and a record gone (undone)
 * cannot be undone again.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { photoPath, type Photo } from '../../../src/domain/photo';
import { RATING_MESSAGES, UNDO_WINDOW_MS } from '../../../src/domain/rating';
import { photoRefSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { givenVotesPath, votesPath } from '../../../src/domain/vote';
import { requireCaller, validate, type Handler } from './handler';
import { withLocks } from './process-locks';
import { assertCompleteMember, userPath } from './users';
import {
  foldedVotesPath,
  foldLocks,
  pendingVotesPath,
  readUnfold,
  type FoldedVote,
  type PendingVote,
} from './vote-fold';
import { readVoteKeys, voteIdOf } from './vote-keys';

/** What undoing a member's latest vote needs, written with the vote. */
export interface VoteUndo {
  ownerId: string;
  photoId: string;
  ratedAt: Date;
  rate: number;
  chips: string[];
  viewingTimeSeconds: number;
  /** The token the vote earned its voter (every 5th vote), 0 or 1. */
  tokensEarned: number;
  /** The token it cost the photo's owner: 0 for a Premium owner. */
  ownerTokensSpent: number;
  /** The owner's photos that cost turned inactive, at their last token. */
  deactivated: string[];
  /** The voter's vote before this one, if any. */
  previousVotedAt: Date | null;
}

export const voteUndoPath = (voterId: string) => `voteUndos/${voterId}`;

const gone = () => new HttpsError('failed-precondition', RATING_MESSAGES.undoGone);

export const undoVote: Handler<Callables['undoVote']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(photoRefSchema, data);
    const { store, clock } = context;
    const now = clock.now();
    // The vote's locks (voter and owner) and the fold's (owner and shard): this undoes both.
    const locks = [userPath(caller.uid), ...foldLocks(input.ownerId, input.photoId)];
    return withLocks(locks, () =>
      store.runTransaction(async (tx) => {
        const undo = await tx.get<VoteUndo>(voteUndoPath(caller.uid));
        // Only the caller's latest vote, on this photo, within the window; an undone one is gone.
        if (
          !undo ||
          undo.ownerId !== input.ownerId ||
          undo.photoId !== input.photoId ||
          now.getTime() - undo.ratedAt.getTime() > UNDO_WINDOW_MS
        )
          throw gone();
        const keys = await readVoteKeys(store);
        if (!keys) throw gone();
        const path = photoPath(input.ownerId, input.photoId);
        const votePath = `${votesPath(input.ownerId, input.photoId)}/${voteIdOf(keys, caller.uid, input.ownerId, input.photoId)}`;
        const pendingPath = `${pendingVotesPath(input.ownerId, input.photoId)}/${caller.uid}`;
        const foldedPath = `${foldedVotesPath(input.ownerId, input.photoId)}/${caller.uid}`;
        const [voter, owner, photo, vote, pending, folded, ...deactivated] = await Promise.all([
          tx.get<User>(userPath(caller.uid)),
          tx.get<User>(userPath(input.ownerId)),
          tx.get<Photo>(path),
          tx.get(votePath),
          tx.get<PendingVote>(pendingPath),
          tx.get<FoldedVote>(foldedPath),
          ...undo.deactivated.map((id) => tx.get<Photo>(photoPath(input.ownerId, id))),
        ]);
        assertCompleteMember(voter);
        // The photo (and its votes) deleted since, or its owner purged: nothing left to take back.
        if (!photo || !owner || !vote) throw gone();
        const sameVote = (entry: { ratedAt: Date } | undefined) =>
          entry !== undefined && entry.ratedAt.getTime() === undo.ratedAt.getTime();
        const counted = sameVote(folded) ? folded : undefined;
        if (!sameVote(pending) && !counted) throw gone();
        // The token the vote earned is spent already: giving the vote back would keep it, and the next
        // vote would earn it again.
        if (voter.points < undo.tokensEarned) throw gone();
        const unfold = counted ? await readUnfold(tx, store, photo, owner, undo, counted, now) : undefined;

        tx.delete(votePath);
        tx.delete(`${givenVotesPath(caller.uid)}/${input.photoId}`);
        tx.delete(voteUndoPath(caller.uid));
        if (unfold) {
          unfold();
          tx.delete(foldedPath);
        } else tx.delete(pendingPath);
        tx.update(userPath(caller.uid), {
          votesGiven: Math.max(0, (voter.votesGiven ?? 0) - 1),
          ratesGivenSum: Math.max(0, (voter.ratesGivenSum ?? 0) - undo.rate),
          ratesGivenSquares: Math.max(0, (voter.ratesGivenSquares ?? 0) - undo.rate * undo.rate),
          points: voter.points - undo.tokensEarned,
          ...(undo.previousVotedAt ? { lastVotedAt: undo.previousVotedAt } : {}),
        });
        tx.update(userPath(input.ownerId), {
          points: owner.points + undo.ownerTokensSpent,
          newVotes: Math.max(0, (owner.newVotes ?? 0) - 1),
        });
        // The photos its cost turned off come back, unless something else has changed them since.
        // Only those still off for want of tokens: one its owner or a moderator changed since stays as it is.
        for (const each of deactivated)
          if (each && !each.active && !each.error && each.pausedForTokens && !each.review)
            tx.update(photoPath(input.ownerId, each.id), {
              active: true,
              pausedForTokens: false,
              updatedAt: now,
            });
        return { undone: true as const };
      }),
    );
  },
};
