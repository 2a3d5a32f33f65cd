/**
 * createPhoto: turns an uploaded image into a photo. The limit is checked, the image decoded, made
 * upright and stripped of metadata, a display variant and a small one for grids written, the face
 * analysed and the whole image screened (src/domain/screening.ts); a photo without a face, or one the
 * screening refuses as explicit, is refused and nothing is kept. One the screening holds (borderline
 * explicit, or an apparent minor) is saved as its owner's but inactive, out of every feed and in the
 * admins' review queue. The first photo earns its bonus exactly once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import {
  FIRST_PHOTO_BONUS_TOKENS,
  maxActivePhotos,
  maxPhotos,
  PHOTO_MESSAGES,
  type PhotoRefusal,
} from '../../../src/domain/limits';
import {
  imagePath,
  newPhoto,
  photoPath,
  photosPath,
  resizedImagePath,
  uploadPath,
  type Photo,
} from '../../../src/domain/photo';
import { createPhotoSchema } from '../../../src/domain/schemas';
import {
  ageEstimateOf,
  SCREENING_MESSAGES,
  screenUpload,
  type PhotoReview,
} from '../../../src/domain/screening';
import type { User } from '../../../src/domain/user';
import { processImage } from '../photos/image-pipeline';
import { withImageSlot } from '../photos/processing-slots';
import { requireCaller, validate, type Handler } from './handler';
import { assertCompleteMember, assertMember, userPath } from './users';

/** Firestore-style ids: 20 letters and digits. */
export function newDocumentId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** Why a photo its owner could not activate by hand starts inactive, or null when it starts active. */
export function inactivityReason(
  owner: Pick<User, 'subscribed'>,
  points: number,
  activeCount: number,
): PhotoRefusal | null {
  if (!owner.subscribed && points <= 0) return 'noTokens';
  if (activeCount >= maxActivePhotos(owner.subscribed)) return 'maxActive';
  return null;
}

export const createPhoto: Handler<Callables['createPhoto']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const input = await validate(createPhotoSchema, data);
    const { store, files, faces, screening, clock } = context;
    const upload = uploadPath(caller.uid, input.fileName);
    const written: string[] = [];
    const discard = () => Promise.all([upload, ...written].map((path) => files.delete(path)));

    try {
      const user = await store.get<User>(userPath(caller.uid));
      assertCompleteMember(user);
      const limit = maxPhotos(user.subscribed);
      if ((await store.query(photosPath(caller.uid))).length >= limit) {
        throw new HttpsError('failed-precondition', PHOTO_MESSAGES.maxPhotos(limit));
      }
      const uploaded = await files.read(upload);
      if (!uploaded) throw new HttpsError('invalid-argument', PHOTO_MESSAGES.photoRequired);

      // Fails closed: a host without screening takes no uploads rather than let one in unscreened.
      if (!screening) throw new HttpsError('unavailable', PHOTO_MESSAGES.saveFailed);
      const { image, faceDetail, scores } = await withImageSlot(async () => {
        const processed = await processImage(uploaded.bytes);
        const face = await faces.analyze(processed.analysis);
        return {
          image: processed,
          faceDetail: face,
          scores: face ? await screening.classify(processed.analysis) : null,
        };
      });
      if (!faceDetail || !scores) {
        throw new HttpsError('failed-precondition', PHOTO_MESSAGES.analysisFailed(PHOTO_MESSAGES.noFace));
      }
      const screened = screenUpload(scores, ageEstimateOf(faceDetail));
      if (screened.verdict === 'refuse')
        throw new HttpsError('failed-precondition', SCREENING_MESSAGES.refused);

      const photoId = newDocumentId();
      const imageName = `${photoId}.jpg`;
      const resizedImageName = `${photoId}.webp`;
      const smallImageName = `${photoId}_small.webp`;
      const downloadToken = randomUUID();
      const smallToken = randomUUID();
      const originalPath = imagePath(caller.uid, imageName);
      const displayPath = resizedImagePath(caller.uid, resizedImageName);
      const smallPath = resizedImagePath(caller.uid, smallImageName);
      written.push(originalPath, displayPath, smallPath);
      const originalToken = randomUUID();
      await files.write(originalPath, image.original, {
        contentType: 'image/jpeg',
        downloadToken: originalToken,
      });
      await files.write(displayPath, image.display, { contentType: 'image/webp', downloadToken });
      await files.write(smallPath, image.small, { contentType: 'image/webp', downloadToken: smallToken });
      await files.delete(upload);

      const now = clock.now();
      const result = await store.runTransaction(async (tx) => {
        const owner = await tx.get<User>(userPath(caller.uid));
        const photos = await tx.query<Photo>(photosPath(caller.uid));
        assertMember(owner);
        if (photos.length >= maxPhotos(owner.subscribed)) {
          throw new HttpsError('failed-precondition', PHOTO_MESSAGES.maxPhotos(maxPhotos(owner.subscribed)));
        }
        const activeCount = photos.filter((photo) => photo.data.active).length;
        const firstPhoto = !owner.firstPhotoBonus;
        const points = owner.points + (firstPhoto ? FIRST_PHOTO_BONUS_TOKENS : 0);
        const review: PhotoReview | null =
          screened.verdict === 'hold'
            ? {
                reason: screened.reason,
                explicit: screened.explicit,
                scores: screened.scores,
                ageEstimate: screened.ageEstimate,
                heldAt: now,
              }
            : null;
        // Active from the start, unless the owner could not activate it by hand either; then they are told why.
        const inactiveReason: PhotoRefusal | null = review
          ? null
          : inactivityReason(owner, points, activeCount);
        // A held photo is inactive, ineligible and not evaluated: every feed and the leaderboard ask for all three.
        const active = !review && inactiveReason === null;
        const photo = newPhoto(
          {
            id: photoId,
            userId: caller.uid,
            imageName,
            resizedImageName,
            imageUrl: files.downloadUrl(displayPath, downloadToken),
            originalUrl: files.downloadUrl(originalPath, originalToken),
            smallImageName,
            smallImageUrl: files.downloadUrl(smallPath, smallToken),
            imageWidth: image.displayWidth,
            imageHeight: image.displayHeight,
            showTo: input.showTo,
            gender: owner.gender ?? (faceDetail.Gender.Value === 'Female' ? 'female' : 'male'),
            ageRange: [input.ageRange[0], input.ageRange[1]],
            ...(input.caption ? { caption: input.caption } : {}),
            active,
            uploadedAt: now,
            faceDetail,
            ...(review ? { review, eligible: false, evaluated: false } : {}),
          },
          owner.subscribed,
        );
        tx.set(photoPath(caller.uid, photoId), photo as unknown as Record<string, unknown>);
        if (firstPhoto) tx.update(userPath(caller.uid), { points, firstPhotoBonus: true, updatedAt: now });
        return { photoId, firstPhoto, active, inactiveReason, review: review?.reason ?? null };
      });
      return result;
    } catch (error) {
      await discard();
      throw error;
    }
  },
};
