/**
 * The Review tab's server side: the photos the upload screening held (src/domain/screening.ts), with
 * the reason and the model's figures, and an admin's decision on each: approve (the review goes and the
 * photo enters the feeds as a new one would, active when its owner could activate it) or remove (the
 * photo's own deletion). Each decision is in the audit log and told to the owner.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { photoFilePaths, photoPath, photosPath, type Photo } from '../../../src/domain/photo';
import { adminDecideHeldSchema, adminListHeldSchema } from '../../../src/domain/screening-schemas';
import {
  HELD_PHOTOS_SHOWN,
  SCREENING_MESSAGES,
  type AdminHeldPhoto,
  type ReviewDecision,
} from '../../../src/domain/screening';
import type { User } from '../../../src/domain/user';
import { logAdminWrite } from './admin-log';
import { notifyOwner } from './admin-reports';
import { requireAdmin } from './admin-users';
import { inactivityReason } from './create-photo';
import { removePhoto } from './delete-photo';
import { validate, type Handler } from './handler';
import { userPath } from './users';

export const adminListHeld: Handler<{ photos: AdminHeldPhoto[] }> = {
  async run(data, context) {
    await requireAdmin(context);
    await validate(adminListHeldSchema, data);
    // Only held photos are saved not evaluated; the filter on `review` keeps any other out all the same.
    const docs = await context.store.queryGroup<Photo>('photos', {
      where: [{ field: 'evaluated', equals: false }],
      limit: HELD_PHOTOS_SHOWN,
    });
    const held = docs.filter((doc) => doc.data.review);
    const owners = await Promise.all(
      held.map((doc) => context.store.get<User>(userPath(doc.path.split('/')[1]!))),
    );
    const photos = held.map((doc, n): AdminHeldPhoto => {
      const review = doc.data.review!;
      return {
        id: doc.id,
        userId: doc.path.split('/')[1]!,
        imageUrl: doc.data.imageUrl,
        caption: doc.data.caption ?? '',
        profileAge: owners[n]?.age ?? null,
        review: {
          reason: review.reason,
          explicit: review.explicit,
          scores: review.scores,
          ageEstimate: review.ageEstimate,
          heldAt: review.heldAt.toISOString(),
        },
      };
    });
    return { photos: photos.sort((a, b) => a.review.heldAt.localeCompare(b.review.heldAt)) };
  },
};

export const adminDecideHeld: Handler<{ decision: ReviewDecision; active?: boolean }> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { userId, photoId, decision } = await validate(adminDecideHeldSchema, data);
    const path = photoPath(userId, photoId);
    const now = context.clock.now();

    if (decision === 'approve') {
      return context.store.runTransaction(async (tx) => {
        const [photo, owner, photos] = await Promise.all([
          tx.get<Photo>(path),
          tx.get<User>(userPath(userId)),
          tx.query<Photo>(photosPath(userId)),
        ]);
        if (!photo) throw new HttpsError('not-found', SCREENING_MESSAGES.photoGone);
        if (!photo.review) throw new HttpsError('failed-precondition', SCREENING_MESSAGES.notHeld);
        const activeCount = photos.filter((each) => each.data.active).length;
        // Live at once when its owner could switch it on by hand; otherwise theirs to switch on later.
        const active = owner ? inactivityReason(owner, owner.points, activeCount) === null : false;
        const { review, ...rest } = photo;
        // A whole write: the store's update merges fields and cannot drop `review`.
        tx.set(path, { ...rest, active, eligible: true, evaluated: true, updatedAt: now });
        notifyOwner(tx, owner, userId, photoId, SCREENING_MESSAGES.approved, now);
        logAdminWrite(tx, {
          adminId: admin.uid,
          action: 'approveHeldPhoto',
          targetPath: path,
          at: now,
          before: { review: { ...review, heldAt: review.heldAt.toISOString() }, active: photo.active },
          after: { active, eligible: true, evaluated: true },
        });
        return { decision, active };
      });
    }

    const photo = await context.store.get<Photo>(path);
    if (!photo) throw new HttpsError('not-found', SCREENING_MESSAGES.photoGone);
    if (!photo.review) throw new HttpsError('failed-precondition', SCREENING_MESSAGES.notHeld);
    // The owner's notice and the audit entry go in the transaction that deletes the record.
    const removed = await removePhoto(context.store, userId, photoId, async (tx, current) => {
      if (!current.review) throw new HttpsError('failed-precondition', SCREENING_MESSAGES.notHeld);
      const owner = await tx.get<User>(userPath(userId));
      notifyOwner(tx, owner, userId, photoId, SCREENING_MESSAGES.removed, now);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'removeHeldPhoto',
        targetPath: path,
        at: now,
        before: {
          review: { ...current.review, heldAt: current.review.heldAt.toISOString() },
          imageUrl: current.imageUrl,
        },
      });
    });
    if (removed) {
      await Promise.all(photoFilePaths(userId, removed).map((file) => context.files.delete(file)));
    }
    return { decision };
  },
};
