/**
 * The Reports tab's server side (beyond the spec: three reports take a photo out of every feed, so an
 * admin must be able to bring it back): the reported photos with their reasons and reporters' count,
 * and the decision, restore (eligible again, reports cleared) or remove (the photo's own deletion).
 * The owner is told when the photo leaves the feeds and either way it is decided.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_PHOTO_MESSAGES,
  adminListReportsSchema,
  adminResolveReportSchema,
  REPORT_NOTICES,
  type AdminReportedPhoto,
} from '../../../src/domain/admin-photos';
import type { Callables } from '../../../src/domain/callables';
import {
  NOTIFICATION_TITLE,
  notificationsPath,
  type AppNotification,
} from '../../../src/domain/notifications';
import { photoFilePaths, photoPath, type Photo } from '../../../src/domain/photo';
import type { ReportReason } from '../../../src/domain/rating';
import type { User } from '../../../src/domain/user';
import type { Transaction } from '../store/store';
import { logAdminWrite } from './admin-log';
import { adminPhotoRow } from './admin-photos';
import { requireAdmin } from './admin-users';
import { DELETIONS_PER_TRANSACTION, removePhoto } from './delete-photo';
import { validate, type Handler } from './handler';
import { userPath } from './users';

/** The reported photos an admin sees at once, most reported first. */
export const REPORTED_PHOTOS_SHOWN = 50;

interface Report {
  userId: string;
  reason: ReportReason;
}

const reportsPath = (ownerId: string, photoId: string) => `${photoPath(ownerId, photoId)}/reports`;

/**
 * Tells a photo's owner something about it, in the bell and (on Firebase) by push, within the caller's
 * transaction. `owner` is their record as the transaction read it; a deleted member is told nothing.
 */
export function notifyOwner(
  tx: Transaction,
  owner: User | undefined,
  ownerId: string,
  photoId: string,
  body: string,
  at: Date,
): void {
  if (!owner || owner.deletedAt) return;
  const message: AppNotification = { title: NOTIFICATION_TITLE, body, photoId, photoOwnerId: ownerId, at };
  tx.set(`${notificationsPath(ownerId)}/${randomUUID()}`, { ...message });
  tx.update(userPath(ownerId), { lastNotification: message });
}

export const adminListReports: Handler<{ photos: AdminReportedPhoto[] }> = {
  async run(data, context) {
    await requireAdmin(context);
    await validate(adminListReportsSchema, data);
    const docs = await context.store.queryGroup<Photo>('photos', {
      where: [{ field: 'reportsCount', atLeast: 1 }],
      orderBy: { field: 'reportsCount', direction: 'desc' },
      limit: REPORTED_PHOTOS_SHOWN,
    });
    const photos = await Promise.all(
      docs.map(async (doc) => {
        const ownerId = doc.path.split('/')[1]!;
        const reports = await context.store.query<Report>(reportsPath(ownerId, doc.id));
        const counts = new Map<ReportReason, number>();
        for (const { data: report } of reports)
          counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
        return {
          ...adminPhotoRow(doc.data, ownerId, doc.id),
          reporters: reports.length,
          reasons: [...counts].map(([reason, count]) => ({ reason, count })),
        };
      }),
    );
    return { photos };
  },
};

/** Clears a photo's reports in batches, as its deletion does, so any number of them fits. */
async function clearReports(
  context: Parameters<Handler<unknown>['run']>[1],
  ownerId: string,
  photoId: string,
) {
  for (;;) {
    const cleared = await context.store.runTransaction(async (tx) => {
      const reports = await tx.query(reportsPath(ownerId, photoId), { limit: DELETIONS_PER_TRANSACTION });
      for (const report of reports) tx.delete(`${reportsPath(ownerId, photoId)}/${report.id}`);
      return reports.length;
    });
    if (cleared < DELETIONS_PER_TRANSACTION) return;
  }
}

export const adminResolveReport: Handler<Callables['adminResolveReport']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { userId, photoId, decision } = await validate(adminResolveReportSchema, data);
    const path = photoPath(userId, photoId);
    const photo = await context.store.get<Photo>(path);
    if (!photo) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
    if (!photo.reportsCount) throw new HttpsError('failed-precondition', ADMIN_PHOTO_MESSAGES.notReported);

    if (decision === 'restore') {
      // The reporters keep their own marks (users/{uid}/reports), so the photo stays out of their feeds.
      await clearReports(context, userId, photoId);
      const now = context.clock.now();
      await context.store.runTransaction(async (tx) => {
        const [current, owner] = await Promise.all([tx.get<Photo>(path), tx.get<User>(userPath(userId))]);
        if (!current) throw new HttpsError('not-found', ADMIN_PHOTO_MESSAGES.photoGone);
        tx.update(path, { eligible: true, reportsCount: 0, updatedAt: now });
        notifyOwner(tx, owner, userId, photoId, REPORT_NOTICES.restored, now);
        logAdminWrite(tx, {
          adminId: admin.uid,
          action: 'restorePhoto',
          targetPath: path,
          at: now,
          before: { eligible: current.eligible, reportsCount: current.reportsCount },
          after: { eligible: true, reportsCount: 0 },
        });
      });
      return { decision };
    }

    // The owner's notice and the audit entry go in the transaction that deletes the record.
    const now = context.clock.now();
    const removed = await removePhoto(context.store, userId, photoId, async (tx, current) => {
      const owner = await tx.get<User>(userPath(userId));
      notifyOwner(tx, owner, userId, photoId, REPORT_NOTICES.removed, now);
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'removeReportedPhoto',
        targetPath: path,
        at: now,
        before: adminPhotoRow(current, userId, photoId) as unknown as Record<string, unknown>,
      });
    });
    if (removed) {
      await Promise.all(photoFilePaths(userId, removed).map((file) => context.files.delete(file)));
    }
    return { decision };
  },
};
