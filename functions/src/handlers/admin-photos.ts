/**
 * The admin's work on photos: every photo by uploader and active state (20 a page, newest first), the
 * edit (caption, active, labels; only what changed), archive (inactive, reversible), permanent delete
 * through the photo's own removal, its votes newest first, bot votes and AI comments. Each checks the
 * admin claim, validates with the tab's schema and logs what it wrote.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE } from '../../../src/domain/admin';
import {
  ADMIN_PHOTO_MESSAGES,
  adminAddBotVoteSchema,
  adminDeletePhotoSchema,
  adminListPhotosSchema,
  adminListVotesSchema,
  adminUpdatePhotoSchema,
  BOT_VIEWING_SECONDS,
  BOT_VOTER_ID,
  GEN_COMMENTS_KEPT_MAX,
  generateGenCommentsSchema,
  type AdminListedPhoto,
  type AdminPhotoPage,
  type AdminPhotoRow,
  type AdminVoteRow,
} from '../../../src/domain/admin-photos';
import type { Callables } from '../../../src/domain/callables';
import { dateKey } from '../../../src/domain/daily-counter';
import { photoFilePaths, photoPath, type Photo } from '../../../src/domain/photo';
import { feedOrder, leaderboardScore } from '../../../src/domain/rating';
import { shardSiteAverage } from '../../../src/domain/score-quality';
import { moveInHistogram } from '../../../src/domain/scores';
import { statsShardPath, type SiteStats } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import { ageDecadeOf, votesPath } from '../../../src/domain/vote';
import { commentWriterFromEnv, type CommentWriter } from '../photos/gen-comments';
import type { Filter, GroupDocument } from '../../../src/domain/query';
import { logAdminWrite } from './admin-log';
import { memberNames, requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';
import { removePhoto } from './delete-photo';
import { readPeerMove, writePeerMove } from './peer-stats';
import { readSiteAverage } from './site-stats';
import { userPath } from './users';
import { keptTotals } from './vote-fold';
import { openVoter, readVoteKeys, type StoredVote } from './vote-keys';

/** A photo's labels: admin-only tags, kept on the record. */
type AdminPhoto = Photo & { labels?: string[] };

/** The photo's path from a collection-group document: `users/{uid}/photos/{id}`. */
const ownerOf = (path: string) => path.split('/')[1]!;

export function adminPhotoRow(photo: AdminPhoto, userId: string, id: string): AdminPhotoRow {
  return {
    id,
    userId,
    imageUrl: photo.imageUrl,
    smallImageUrl: photo.smallImageUrl ?? null,
    caption: photo.caption ?? '',
    active: photo.active,
    eligible: photo.eligible,
    labels: photo.labels ?? [],
    rate: photo.rate,
    votesCount: photo.votesCount,
    reportsCount: photo.reportsCount ?? 0,
    genComments: photo.genComments ?? [],
    error: photo.error ?? null,
    uploadedAt: photo.uploadedAt.toISOString(),
  };
}

const rowOf = (doc: GroupDocument<AdminPhoto>) => adminPhotoRow(doc.data, ownerOf(doc.path), doc.id);

/** The page's cursor as the store takes it: the upload time, and the photo the last page ended on. */
function cursorQuery(cursor: string): { startAfter: Date; startAfterPath?: string } {
  const [at, path] = cursor.split('|');
  return { startAfter: new Date(at!), ...(path ? { startAfterPath: path } : {}) };
}

export const adminListPhotos: Handler<AdminPhotoPage> = {
  async run(data, context) {
    await requireAdmin(context);
    const { userId, active, cursor } = await validate(adminListPhotosSchema, data);
    const where: Filter[] = [];
    if (userId) where.push({ field: 'userId', equals: userId });
    if (active !== 'all') where.push({ field: 'active', equals: active === 'active' });
    const docs = await context.store.queryGroup<AdminPhoto>('photos', {
      where,
      orderBy: { field: 'uploadedAt', direction: 'desc' },
      ...(cursor ? cursorQuery(cursor) : {}),
      limit: ADMIN_PAGE_SIZE,
    });
    const uploaders = await memberNames(
      context.store,
      docs.map((doc) => ownerOf(doc.path)),
    );
    const photos: AdminListedPhoto[] = docs.map((doc) => {
      const row = rowOf(doc);
      return { ...row, uploader: uploaders.get(row.userId) ?? null };
    });
    const last = docs.at(-1);
    return {
      photos,
      cursor:
        docs.length === ADMIN_PAGE_SIZE && last ? `${last.data.uploadedAt.toISOString()}|${last.path}` : null,
    };
  },
};

export const adminUpdatePhoto: Handler<Callables['adminUpdatePhoto']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { userId, photoId, ...sent } = await validate(adminUpdatePhotoSchema, data);
    const path = photoPath(userId, photoId);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const photo = await tx.get<AdminPhoto>(path);
      if (!photo) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      if (sent.caption !== undefined && sent.caption !== (photo.caption ?? '')) {
        before.caption = photo.caption ?? '';
        after.caption = sent.caption;
      }
      if (sent.active !== undefined && sent.active !== photo.active) {
        before.active = photo.active;
        after.active = sent.active;
      }
      const labels = sent.labels ? [...new Set(sent.labels)] : undefined;
      if (labels && JSON.stringify(labels) !== JSON.stringify(photo.labels ?? [])) {
        before.labels = photo.labels ?? [];
        after.labels = labels;
      }
      const updated = Object.keys(after);
      if (updated.length === 0) throw new HttpsError('invalid-argument', ADMIN_MESSAGES.nothingChanged);
      tx.update(path, { ...after, updatedAt: now });
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'updatePhoto',
        targetPath: path,
        at: now,
        before,
        after,
      });
      return { updated };
    });
  },
};

export const adminDeletePhoto: Handler<Callables['adminDeletePhoto']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { userId, photoId } = await validate(adminDeletePhotoSchema, data);
    const path = photoPath(userId, photoId);
    if (!(await context.store.get<Photo>(path)))
      throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
    // The member's own deletion: votes and reports in batches, the histogram, the record last, with
    // the audit entry in the record's transaction.
    const photo = await removePhoto(context.store, userId, photoId, (tx, removed) =>
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'deletePhoto',
        targetPath: path,
        at: context.clock.now(),
        before: adminPhotoRow(removed, userId, photoId) as unknown as Record<string, unknown>,
      }),
    );
    if (photo) {
      await Promise.all(photoFilePaths(userId, photo).map((file) => context.files.delete(file)));
    }
    return { deleted: true as const };
  },
};

/** The votes an admin reads at once: the newest, enough for any photo's review. */
export const ADMIN_VOTES_SHOWN = 200;

export const adminListVotes: Handler<{ votes: AdminVoteRow[] }> = {
  async run(data, context) {
    await requireAdmin(context);
    const { userId, photoId } = await validate(adminListVotesSchema, data);
    const docs = await context.store.query<StoredVote>(votesPath(userId, photoId), {
      orderBy: { field: 'ratedAt', direction: 'desc' },
      limit: ADMIN_VOTES_SHOWN,
    });
    const keys = await readVoteKeys(context.store);
    return {
      votes: docs.map(({ id, data: vote }) => ({
        id,
        userId: id.startsWith(`${BOT_VOTER_ID}-`)
          ? BOT_VOTER_ID
          : (openVoter(keys, vote.sealedVoter) ?? null),
        rate: vote.rate,
        comment: vote.comment ?? '',
        chips: vote.chips ?? [],
        ageDecade: vote.ageDecade,
        gender: vote.gender,
        viewingTimeSeconds: vote.viewingTimeSeconds,
        ratedAt: vote.ratedAt.toISOString(),
      })),
    };
  },
};

/**
 * A bot vote (spec 2 section 3): an id starting 'bot-', the admin's rating, comment, chips, age (by
 * decade, as every vote keeps it) and gender, 5 s of viewing. It moves the photo's average, count, viewing time, feed place, leaderboard score and its
 * bucket as a vote does, and tells the owner of a new vote; no member gives it, so no tokens move and
 * the fair score, which weighs voters by their habits, leaves it out.
 */
export const adminAddBotVote: Handler<Callables['adminAddBotVote']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const input = await validate(adminAddBotVoteSchema, data);
    const path = photoPath(input.userId, input.photoId);
    const shardPath = statsShardPath(input.photoId);
    const now = context.clock.now();
    const voteId = `${BOT_VOTER_ID}-${randomUUID()}`;
    return context.store.runTransaction(async (tx) => {
      const [photo, owner, shard] = await Promise.all([
        tx.get<Photo>(path),
        tx.get<User>(userPath(input.userId)),
        tx.get<SiteStats>(shardPath),
      ]);
      if (!photo || !owner) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
      // A bot's vote weighs nothing in the fair score: the leaderboard's place moves only by its count.
      const average = shardSiteAverage(shard, photo) ?? (await readSiteAverage(context.store));
      const peers = await readPeerMove(tx, photo, owner, now);
      const previousRate = photo.votesCount > 0 ? photo.rate : null;
      const votesCount = photo.votesCount + 1;
      const rate = (photo.rate * photo.votesCount + input.rate) / votesCount;
      const totalViewingTimeSeconds = photo.totalViewingTimeSeconds + BOT_VIEWING_SECONDS;
      // Shaped as a member's vote, with no voter to seal.
      const vote: StoredVote = {
        rate: input.rate,
        originalRate: input.rate,
        comment: input.comment,
        commented: input.comment.trim() !== '',
        chips: input.chips,
        ageDecade: ageDecadeOf(input.age),
        gender: input.gender,
        sealedVoter: null,
        viewingTimeSeconds: BOT_VIEWING_SECONDS,
        ratedAt: now,
        date: dateKey(now),
        evaluated: true,
        reactions: [],
        replies: [],
      };
      tx.set(`${votesPath(input.userId, input.photoId)}/${voteId}`, { ...vote });
      tx.update(path, {
        rate,
        votesCount,
        totalViewingTimeSeconds,
        averageViewingTimeSeconds: totalViewingTimeSeconds / votesCount,
        ...keptTotals(photo, [input]),
        feedOrder: feedOrder({ ...photo, votesCount }, owner.subscribed),
        leaderboardScore: leaderboardScore({ ...photo, rate, votesCount }, average),
        ...writePeerMove(tx, peers, previousRate, rate),
      });
      tx.set(shardPath, {
        histogram: moveInHistogram(shard?.histogram ?? {}, previousRate, rate),
        votes: (shard?.votes ?? 0) + 1,
        votesSum: (shard?.votesSum ?? 0) + input.rate,
      } satisfies SiteStats);
      if (!owner.deletedAt) tx.update(userPath(input.userId), { newVotes: (owner.newVotes ?? 0) + 1 });
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'addBotVote',
        targetPath: `${votesPath(input.userId, input.photoId)}/${voteId}`,
        at: now,
        before: { rate: photo.rate, votesCount: photo.votesCount },
        after: { rate, votesCount, vote: { rate: input.rate, comment: input.comment, chips: input.chips } },
      });
      return { voteId, rate, votesCount };
    });
  },
};

export function generateGenCommentsHandler(
  writer: () => CommentWriter,
): Handler<Callables['generateGenComments']['result']> {
  return {
    async run(data, context) {
      const admin = await requireAdmin(context);
      const { userId, photoId, count, mode } = await validate(generateGenCommentsSchema, data);
      const path = photoPath(userId, photoId);
      const photo = await context.store.get<Photo>(path);
      if (!photo) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
      const kept = (current: Photo) => (mode === 'add' ? (current.genComments?.length ?? 0) : 0);
      if (kept(photo) + count > GEN_COMMENTS_KEPT_MAX)
        throw new HttpsError('failed-precondition', ADMIN_PHOTO_MESSAGES.tooManyComments);
      let written: string[];
      try {
        written = await writer().write(count, { caption: photo.caption, faceDetail: photo.faceDetail });
      } catch {
        throw new HttpsError('unavailable', ADMIN_PHOTO_MESSAGES.commentsFailed);
      }
      const now = context.clock.now();
      return context.store.runTransaction(async (tx) => {
        const current = await tx.get<Photo>(path);
        if (!current) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
        // Another Add may have landed while the comments were written.
        if (kept(current) + written.length > GEN_COMMENTS_KEPT_MAX)
          throw new HttpsError('failed-precondition', ADMIN_PHOTO_MESSAGES.tooManyComments);
        const before = current.genComments ?? [];
        const genComments = mode === 'add' ? [...before, ...written] : written;
        tx.update(path, { genComments, updatedAt: now });
        logAdminWrite(tx, {
          adminId: admin.uid,
          action: 'generateComments',
          targetPath: path,
          at: now,
          before: { genComments: before },
          after: { genComments },
        });
        return { genComments };
      });
    },
  };
}

export const generateGenComments = generateGenCommentsHandler(() => commentWriterFromEnv());
