/** deletePhoto: the record, its votes and reports, then its files. */
import type { Callables } from '../../../src/domain/callables';
import { imagePath, photoPath, resizedImagePath } from '../../../src/domain/photo';
import { photoIdSchema } from '../../../src/domain/schemas';
import { requireCaller, validate, type Handler } from './handler';
import { readOwnerAndPhoto } from './photos';

export const deletePhoto: Handler<Callables['deletePhoto']['result']> = {
  async run(data, context) {
    const caller = requireCaller(context);
    const { photoId } = await validate(photoIdSchema, data);
    const path = photoPath(caller.uid, photoId);
    const photo = await context.store.runTransaction(async (tx) => {
      const { photo: found } = await readOwnerAndPhoto(tx, caller.uid, photoId);
      const [votes, reports] = await Promise.all([tx.query(`${path}/votes`), tx.query(`${path}/reports`)]);
      for (const vote of votes) tx.delete(`${path}/votes/${vote.id}`);
      for (const report of reports) tx.delete(`${path}/reports/${report.id}`);
      tx.delete(path);
      return found;
    });
    // Files go once the record is gone: a failure here leaves an orphan file, never a broken photo.
    await Promise.all([
      context.files.delete(imagePath(caller.uid, photo.imageName)),
      context.files.delete(resizedImagePath(caller.uid, photo.resizedImageName)),
    ]);
    return { deleted: true as const };
  },
};
