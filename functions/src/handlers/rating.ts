/**
 * Rating other members' photos: the feed, the vote with the token economy, and reports. Every write
 * is one transaction, so a photo's rate, its vote count, its bucket in the histogram and both
 * members' tokens move together or not at all.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { dateKey } from '../../../src/domain/daily-counter';
import { photoPath, photosPath, type Photo } from '../../../src/domain/photo';
import {
  FEED_PAGE_SIZE,
  isTargeted,
  RATING_MESSAGES,
  REPORTS_TO_SUSPEND,
  type FeedPhoto,
  type FeedViewer,
} from '../../../src/domain/rating';
import {
  feedPageSchema,
  flagPhotoSchema,
  photoRefSchema,
  submitRatingSchema,
} from '../../../src/domain/schemas';
import { afterVoteReceived, tokensForVoteGiven } from '../../../src/domain/tokens';
import type { User } from '../../../src/domain/user';
import { ageDecadeOf, givenVotesPath, votesPath, type GivenVote } from '../../../src/domain/vote';
import { REPORT_NOTICES } from '../../../src/domain/admin-photos';
import { notifyOwner } from './admin-reports';
import { openFeedPosition, sealFeedPosition } from './feed-cursor';
import { requireCaller, validate, type Handler } from './handler';
import { withLocks } from './process-locks';
import type { Store } from '../store/store';
import { foldedVotesPath, foldVotes, pendingVotesPath, type PendingVote } from './vote-fold';
import { voteUndoPath, type VoteUndo } from './undo-vote';
import { blockedUids } from './blocks';
import { sealVoter, voteIdOf, voteKeysIn, type StoredVote } from './vote-keys';
import { assertCompleteMember, NOT_FOUND, userPath } from './users';
import { PREMIUM_REASON, spendViewRating } from './daily-uses';

/** Photos a member reported, `users/{uid}/reports/{photoId}`, so the feed leaves them out. */
export const reportedPath = (uid: string) => `users/${uid}/reports`;
const reportsPath = (ownerId: string, photoId: string) => `${photoPath(ownerId, photoId)}/reports`;

/** Rows read per store query while filling a page; a page stops after this many rows at most. */
const SCAN_BATCH = 60;
const SCAN_LIMIT = 1200;

/** Whether a photo is one anybody may be shown to rate right now. */
export function isRateable(photo: Photo): boolean {
  return photo.active && photo.eligible && photo.evaluated && !photo.error;
}

/**
 * Whether the feed would offer this photo to this member: rateable, meant for them (audience, their
 * show-me choice, age range) and not between members who blocked each other. The vote and View
 * Rating ask the same, so knowing a photo's ids gets a member nothing the feed would not give.
 */
export function isOfferedTo(photo: Photo, viewer: User & FeedViewer): boolean {
  const blocked =
    (viewer.blocks ?? []).includes(photo.userId) || (viewer.blockedBy ?? []).includes(photo.userId);
  return !blocked && photo.userId !== viewer.uid && isRateable(photo) && isTargeted(photo, viewer);
}

/** Whether the member already voted on or reported this photo: two reads by path, whatever their history. */
async function seenBy(store: Store, uid: string, photoId: string): Promise<boolean> {
  const [voted, reported] = await Promise.all([
    store.get(`${givenVotesPath(uid)}/${photoId}`),
    store.get(`${reportedPath(uid)}/${photoId}`),
  ]);
  return voted !== undefined || reported !== undefined;
}

export const getPhotos: Handler<Callables['getPhotos']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { startAfter, limit: pageSize = FEED_PAGE_SIZE } = await validate(feedPageSchema, data);
    const { store } = context;
    const record = await store.get<User>(userPath(caller.uid));
    assertCompleteMember(record);
    const viewer = { ...record, ...(await blockedUids(store, record)) };
    const after = startAfter === undefined ? undefined : await openFeedPosition(store, startAfter);
    const photos: FeedPhoto[] = [];
    let cursor = after;
    let scanned = 0;
    let exhausted = false;
    while (photos.length < pageSize && scanned < SCAN_LIMIT) {
      const batch = await store.queryGroup<Photo>('photos', {
        where: [
          { field: 'active', equals: true },
          { field: 'eligible', equals: true },
          { field: 'evaluated', equals: true },
          { field: 'showTo', in: ['both', viewer.gender] },
          ...(viewer.showGender === 'both' ? [] : [{ field: 'gender', equals: viewer.showGender }]),
        ],
        orderBy: { field: 'feedOrder', direction: 'asc' },
        ...(cursor === undefined ? {} : { startAfter: cursor }),
        limit: SCAN_BATCH,
      });
      scanned += batch.length;
      const offered = batch.map(({ data }) => data).filter((photo) => isOfferedTo(photo, viewer));
      // The photos this page still needs, looked up by path in the viewer's votes and reports: a
      // member's history is never read whole, so the call costs the same after 10 votes or 10,000.
      let looked = 0;
      while (photos.length < pageSize && looked < offered.length) {
        const candidates = offered.slice(looked, looked + pageSize - photos.length);
        looked += candidates.length;
        const seen = await Promise.all(candidates.map((photo) => seenBy(store, caller.uid, photo.id)));
        for (const [n, photo] of candidates.entries()) {
          cursor = photo.feedOrder;
          if (seen[n]) continue;
          photos.push({
            id: photo.id,
            userId: photo.userId,
            imageUrl: photo.imageUrl,
            originalUrl: photo.originalUrl ?? null,
            caption: photo.caption ?? null,
          });
        }
      }
      const last = batch.at(-1)?.data.feedOrder;
      // A full page ends on its last photo; otherwise the whole batch is behind us.
      if (photos.length < pageSize && last !== undefined) cursor = last;
      if (batch.length < SCAN_BATCH && cursor === last) {
        exhausted = true;
        break;
      }
    }
    return {
      photos,
      next: exhausted || cursor === undefined ? null : await sealFeedPosition(store, cursor),
    };
  },
};

export const submitRating: Handler<Callables['submitRating']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(submitRatingSchema, data);
    if (input.ownerId === caller.uid) throw new HttpsError('failed-precondition', RATING_MESSAGES.ownPhoto);
    const { store, clock } = context;
    const now = clock.now();
    const path = photoPath(input.ownerId, input.photoId);
    // The vote, its light copy and both members' records; the photo and the site's figures follow in
    // the fold (vote-fold.ts), so a popular photo is not a document every vote writes.
    const result = await withLocks([userPath(caller.uid), userPath(input.ownerId)], () =>
      store.runTransaction(async (tx) => {
        // Stored under an id the owner cannot map back to the voter (vote-keys.ts).
        const { keys, keep } = await voteKeysIn(tx, store);
        const voteId = voteIdOf(keys, caller.uid, input.ownerId, input.photoId);
        const votePath = `${votesPath(input.ownerId, input.photoId)}/${voteId}`;
        const [photo, voter, owner, existing, reported, previous] = await Promise.all([
          tx.get<Photo>(path),
          tx.get<User>(userPath(caller.uid)),
          tx.get<User>(userPath(input.ownerId)),
          tx.get<StoredVote>(votePath),
          tx.get(`${reportedPath(caller.uid)}/${input.photoId}`),
          tx.get<VoteUndo>(voteUndoPath(caller.uid)),
        ]);
        assertCompleteMember(voter);
        const voterBlocks = await blockedUids(tx, voter);
        if (!photo || !owner || owner.deletedAt)
          throw new HttpsError('not-found', RATING_MESSAGES.unavailable);
        if (existing) throw new HttpsError('already-exists', RATING_MESSAGES.alreadyRated);
        // A free owner's last token may have gone to a vote a moment ago: this one would be unpaid.
        const unpaid = !owner.subscribed && owner.points <= 0;
        if (reported || unpaid || !isOfferedTo(photo, { ...voter, ...voterBlocks }))
          throw new HttpsError('failed-precondition', RATING_MESSAGES.unavailable);

        const ownerAfter = afterVoteReceived(owner.points, owner.subscribed);
        // At 0 tokens every active photo of the owner goes inactive, this one included.
        const activePhotos = ownerAfter.deactivate
          ? await tx.query<Photo>(photosPath(input.ownerId), { where: [{ field: 'active', equals: true }] })
          : [];
        const voterRecord = {
          votesGiven: voter.votesGiven ?? 0,
          ratesGivenSum: voter.ratesGivenSum ?? 0,
          ratesGivenSquares: voter.ratesGivenSquares ?? 0,
        };

        keep();
        tx.set(votePath, {
          rate: input.rate,
          originalRate: input.rate,
          comment: input.comment,
          commented: input.comment.trim() !== '',
          chips: input.chips,
          ageDecade: ageDecadeOf(voter.age),
          gender: voter.gender,
          sealedVoter: sealVoter(keys, caller.uid),
          viewingTimeSeconds: input.seconds,
          ratedAt: now,
          date: dateKey(now),
          evaluated: true,
          reactions: [],
          replies: [],
        } satisfies StoredVote);
        tx.set(`${pendingVotesPath(input.ownerId, input.photoId)}/${caller.uid}`, {
          rate: input.rate,
          chips: input.chips,
          viewingTimeSeconds: input.seconds,
          voter: voterRecord,
          ratedAt: now,
        } satisfies PendingVote);
        tx.set(`${givenVotesPath(caller.uid)}/${input.photoId}`, {
          id: input.photoId,
          ownerId: input.ownerId,
          rate: input.rate,
          ratedAt: now,
        } satisfies GivenVote);
        for (const other of activePhotos)
          tx.update(photoPath(input.ownerId, other.id), {
            active: false,
            pausedForTokens: true,
            updatedAt: now,
          });

        const votesGiven = voterRecord.votesGiven + 1;
        const tokensEarned = tokensForVoteGiven(votesGiven);
        // This vote is now the one an undo takes back; the one before can no longer be.
        if (previous) tx.delete(`${foldedVotesPath(previous.ownerId, previous.photoId)}/${caller.uid}`);
        tx.set(voteUndoPath(caller.uid), {
          ownerId: input.ownerId,
          photoId: input.photoId,
          ratedAt: now,
          rate: input.rate,
          chips: input.chips,
          viewingTimeSeconds: input.seconds,
          tokensEarned,
          ownerTokensSpent: owner.points - ownerAfter.points,
          deactivated: activePhotos.map((other) => other.id),
          previousVotedAt: voter.lastVotedAt ?? null,
        } satisfies VoteUndo);
        tx.update(userPath(caller.uid), {
          votesGiven,
          ratesGivenSum: voterRecord.ratesGivenSum + input.rate,
          ratesGivenSquares: voterRecord.ratesGivenSquares + input.rate * input.rate,
          points: voter.points + tokensEarned,
          lastVotedAt: now,
        });
        tx.update(userPath(input.ownerId), {
          newVotes: (owner.newVotes ?? 0) + 1,
          points: ownerAfter.points,
        });
        // Not the photo's new average: the voter would learn it without View Rating (a Premium feature).
        return { tokensEarned };
      }),
    );
    // The vote is counted: a fold that fails here (contention between instances) is the trigger's to
    // repeat, never the voter's error.
    await foldVotes(store, clock, input.ownerId, input.photoId).catch((error: unknown) =>
      console.warn(`Votes on ${path} wait for the next fold:`, error),
    );
    return result;
  },
};

export const flagPhoto: Handler<Callables['flagPhoto']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(flagPhotoSchema, data);
    const now = context.clock.now();
    const path = photoPath(input.ownerId, input.photoId);
    const reportPath = `${reportsPath(input.ownerId, input.photoId)}/${caller.uid}`;
    return context.store.runTransaction(async (tx) => {
      if (input.ownerId === caller.uid)
        throw new HttpsError('failed-precondition', 'You cannot report your own photo');
      const [photo, reporter, existing] = await Promise.all([
        tx.get<Photo>(path),
        tx.get<User>(userPath(caller.uid)),
        tx.get(reportPath),
      ]);
      if (!reporter || reporter.deletedAt || !photo) throw new HttpsError('not-found', NOT_FOUND);
      if (existing) throw new HttpsError('already-exists', RATING_MESSAGES.alreadyReported);
      const reportsCount = (photo.reportsCount ?? 0) + 1;
      // The report that takes the photo out of the feeds tells its owner it is under review.
      const suspends = reportsCount === REPORTS_TO_SUSPEND;
      const owner = suspends ? await tx.get<User>(userPath(input.ownerId)) : undefined;
      // Spelled as the specification spells it.
      tx.set(reportPath, { userId: caller.uid, reason: input.reason, reporteddAt: now });
      tx.set(`${reportedPath(caller.uid)}/${input.photoId}`, {
        id: input.photoId,
        ownerId: input.ownerId,
        reportedAt: now,
      });
      tx.update(path, {
        reportsCount,
        ...(reportsCount >= REPORTS_TO_SUSPEND ? { eligible: false } : {}),
      });
      if (suspends) notifyOwner(tx, owner, input.ownerId, input.photoId, REPORT_NOTICES.underReview, now);
      return { reported: true as const };
    });
  },
};

/** View Rating: a subscriber sees a photo's current rate before rating it, 10 times a day. */
export const viewRating: Handler<Callables['viewRating']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(photoRefSchema, data);
    const [viewer, photo] = await Promise.all([
      context.store.get<User>(userPath(caller.uid)),
      context.store.get<Photo>(photoPath(input.ownerId, input.photoId)),
    ]);
    assertCompleteMember(viewer);
    if (!viewer.subscribed)
      throw new HttpsError('permission-denied', RATING_MESSAGES.viewRatingPremium, {
        reason: PREMIUM_REASON,
      });
    if (!photo || !isOfferedTo(photo, { ...viewer, ...(await blockedUids(context.store, viewer)) }))
      throw new HttpsError('not-found', RATING_MESSAGES.unavailable);
    await spendViewRating(context.store, viewer, context.clock.now());
    return { rate: photo.rate, votesCount: photo.votesCount };
  },
};
