/**
 * Sharing: the owner shares a photo (active, rated at least once), which opens its public preview;
 * anyone with the link then sees only what the preview shows. A photo its owner never shared
 * answers "not found" like one that does not exist, so the ids the feed carries reveal no score.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { canShare, photoPath, SHARE_REFUSED, type Photo } from '../../../src/domain/photo';
import { photoIdSchema, sharedPhotoSchema } from '../../../src/domain/schemas';
import { requireCaller, validate, type Handler } from './handler';
import { readOwnerAndPhoto } from './photos';

export const sharePhoto: Handler<Callables['sharePhoto']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId } = await validate(photoIdSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const { photo } = await readOwnerAndPhoto(tx, caller.uid, photoId);
      if (!canShare(photo) || photo.error) throw new HttpsError('failed-precondition', SHARE_REFUSED);
      if (!photo.sharedAt) tx.update(photoPath(caller.uid, photoId), { sharedAt: now });
      return { shared: true as const };
    });
  },
};

export const SHARED_PHOTO_GONE = 'This photo is not shared anymore.';

export const getSharedPhoto: Handler<Callables['getSharedPhoto']['result']> = {
  async run(data, context) {
    const { ownerId, photoId } = await validate(sharedPhotoSchema, data);
    const photo = await context.store.get<Photo>(photoPath(ownerId, photoId));
    if (!photo?.sharedAt || !canShare(photo) || photo.error)
      throw new HttpsError('not-found', SHARED_PHOTO_GONE);
    return {
      imageUrl: photo.imageUrl,
      originalUrl: photo.originalUrl ?? null,
      imageWidth: photo.imageWidth ?? null,
      imageHeight: photo.imageHeight ?? null,
      caption: photo.caption ?? null,
      rate: photo.rate,
      votesCount: photo.votesCount,
    };
  },
};
