/**
 * The share link's public preview: anyone may see a photo its owner can share (active, rated at
 * least once), and only what the preview shows. Everything else answers "not found", alike.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { canShare, photoPath, type Photo } from '../../../src/domain/photo';
import { sharedPhotoSchema } from '../../../src/domain/schemas';
import { validate, type Handler } from './handler';

export const SHARED_PHOTO_GONE = 'This photo is not shared anymore.';

export const getSharedPhoto: Handler<Callables['getSharedPhoto']['result']> = {
  async run(data, context) {
    const { ownerId, photoId } = await validate(sharedPhotoSchema, data);
    const photo = await context.store.get<Photo>(photoPath(ownerId, photoId));
    if (!photo || !canShare(photo) || photo.error) throw new HttpsError('not-found', SHARED_PHOTO_GONE);
    return {
      imageUrl: photo.imageUrl,
      caption: photo.caption ?? null,
      rate: photo.rate,
      votesCount: photo.votesCount,
    };
  },
};
