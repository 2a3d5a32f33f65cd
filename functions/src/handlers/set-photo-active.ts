/** The active switch of one photo, and batch activation: tokens and the active maximum decide. */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { photoPath } from '../../../src/domain/photo';
import { activatePhotosSchema, setPhotoActiveSchema } from '../../../src/domain/schemas';
import { SCREENING_MESSAGES } from '../../../src/domain/screening';
import { requireCaller, validate, type Handler } from './handler';
import { assertMayActivate, readOwnerAndPhoto } from './photos';

export const setPhotoActive: Handler<Callables['setPhotoActive']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId, active } = await validate(setPhotoActiveSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const { user, photo } = await readOwnerAndPhoto(tx, caller.uid, photoId);
      if (photo.active === active) return { active };
      if (active) {
        if (photo.error)
          throw new HttpsError('failed-precondition', `${photo.error}: this photo cannot be activated.`);
        if (photo.review) throw new HttpsError('failed-precondition', SCREENING_MESSAGES.cannotActivate);
        await assertMayActivate(tx, user, 1);
      }
      // Switched by its owner, it is no longer one the tokens switched off.
      tx.update(photoPath(caller.uid, photoId), { active, pausedForTokens: false, updatedAt: now });
      return { active };
    });
  },
};

export const activatePhotos: Handler<Callables['activatePhotos']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoIds } = await validate(activatePhotosSchema, data);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const unique = [...new Set(photoIds)];
      const read = await Promise.all(unique.map((photoId) => readOwnerAndPhoto(tx, caller.uid, photoId)));
      const user = read[0]!.user;
      // A photo in review waits for a moderator, not for tokens.
      const inactive = read
        .map(({ photo }) => photo)
        .filter((photo) => !photo.active && !photo.error && !photo.review);
      if (inactive.length === 0) return { activated: 0 };
      await assertMayActivate(tx, user, inactive.length);
      for (const photo of inactive)
        tx.update(photoPath(caller.uid, photo.id), { active: true, pausedForTokens: false, updatedAt: now });
      return { activated: inactive.length };
    });
  },
};
