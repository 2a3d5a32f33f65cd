/** Shared rules of the photo handlers: whose photo, how many may be active, what the errors say. */
import { HttpsError } from 'firebase-functions/v2/https';
import { maxActivePhotos, PHOTO_MESSAGES, type PhotoRefusal } from '../../../src/domain/limits';
import { photoPath, photosPath, type Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import type { Transaction } from '../store/store';
import { assertMember, NOT_FOUND, userPath } from './users';

export async function readOwnerAndPhoto(
  tx: Transaction,
  uid: string,
  photoId: string,
): Promise<{ user: User; photo: Photo }> {
  const [user, photo] = await Promise.all([
    tx.get<User>(userPath(uid)),
    tx.get<Photo>(photoPath(uid, photoId)),
  ]);
  assertMember(user);
  // Another member's photo id is simply not among the caller's photos.
  if (!photo) throw new HttpsError('not-found', NOT_FOUND);
  return { user, photo };
}

/** Refuses activating `adding` more photos when tokens are out or the active maximum would be passed. */
export async function assertMayActivate(tx: Transaction, user: User, adding: number): Promise<void> {
  if (!user.subscribed && user.points <= 0) {
    throw new HttpsError('failed-precondition', PHOTO_MESSAGES.noTokens, {
      reason: 'noTokens' satisfies PhotoRefusal,
    });
  }
  const active = await tx.query(photosPath(user.uid), { where: [{ field: 'active', equals: true }] });
  if (active.length + adding > maxActivePhotos(user.subscribed)) {
    throw new HttpsError('failed-precondition', PHOTO_MESSAGES.maxActive, {
      reason: 'maxActive' satisfies PhotoRefusal,
    });
  }
}
