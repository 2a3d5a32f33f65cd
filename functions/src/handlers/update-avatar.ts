/**
 * The profile photo: the member uploads to their own folder, then this re-encodes it as a small
 * square WebP without metadata, stores that, points `photoURL` at it, and removes the upload.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Callables } from '../../../src/domain/callables';
import { resizedImagePath, uploadPath } from '../../../src/domain/photo';
import { avatarSchema } from '../../../src/domain/schemas';
import type { User } from '../../../src/domain/user';
import { processAvatar } from '../photos/image-pipeline';
import { withImageSlot } from '../photos/processing-slots';
import { requireCaller, validate, type Handler } from './handler';
import { assertMember, userPath } from './users';

export const updateAvatar: Handler<Callables['updateAvatar']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { fileName } = await validate(avatarSchema, data);
    const { store, files } = context;
    const upload = uploadPath(caller.uid, fileName);
    try {
      const uploaded = await files.read(upload);
      if (!uploaded) throw new HttpsError('invalid-argument', 'Please choose an image.');
      const avatar = await withImageSlot(() => processAvatar(uploaded.bytes));
      const avatarPath = resizedImagePath(caller.uid, `avatar_${randomUUID()}.webp`);
      const downloadToken = randomUUID();
      await files.write(avatarPath, avatar, { contentType: 'image/webp', downloadToken });
      const photoURL = files.downloadUrl(avatarPath, downloadToken);
      const now = context.clock.now();
      await store.runTransaction(async (tx) => {
        const user = await tx.get<User>(userPath(caller.uid));
        assertMember(user);
        tx.update(userPath(caller.uid), { photoURL, updatedAt: now });
      });
      return { photoURL };
    } finally {
      await files.delete(upload);
    }
  },
};
