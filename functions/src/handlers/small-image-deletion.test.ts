/**
 * The small variant on the deletion paths the photo's and the admin's own suites do not walk: a
 * report's removal, and a photo refused in the transaction after its files were written.
 */
import { describe, expect, it } from 'vitest';
import { FREE_MAX_PHOTOS, PHOTO_MESSAGES } from '../../../src/domain/limits';
import type { Store } from '../store/store';
import { caller, gpsTaggedJpeg, seedMember, seedPhoto, testContext } from '../testing';
import { adminResolveReport } from './admin-reports';
import { createPhoto } from './create-photo';
import { flagPhoto } from './rating';

type Context = ReturnType<typeof testContext>;

const form = { caption: 'At the lake', showTo: 'both', ageRange: [18, 37] };

async function uploaded(context: Context, uid: string) {
  await context.files.write(`images/${uid}/uploads/upload.jpg`, await gpsTaggedJpeg(), {
    contentType: 'image/jpeg',
  });
}

describe('the small variant leaves with its photo', () => {
  it('is removed when an admin removes a reported photo', async () => {
    const context = testContext();
    await seedMember(context.store, 'ada', { isAdmin: true });
    await seedMember(context.store, 'owen');
    await uploaded(context, 'owen');
    const { photoId } = await createPhoto.run(
      { ...form, fileName: 'upload.jpg' },
      context.as(caller('owen')),
    );
    expect(await context.files.read(`images/owen/resized/${photoId}_small.webp`)).toBeDefined();
    for (const reporter of ['r1', 'r2', 'r3']) {
      await seedMember(context.store, reporter, { gender: 'male' });
      await flagPhoto.run(
        { ownerId: 'owen', photoId, reason: 'Inappropriate photo' },
        context.as(caller(reporter)),
      );
    }
    await adminResolveReport.run(
      { userId: 'owen', photoId, decision: 'remove' },
      context.as(caller('ada', { isAdmin: true })),
    );
    expect(await context.files.list('images/owen/')).toEqual([]);
  }, 60_000);

  it('is removed with the other files when the transaction refuses the photo (the limit reached meanwhile)', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await uploaded(context, 'alice');
    // Another upload finishes between createPhoto's first count and its transaction.
    const racing = new Proxy(context.store, {
      get(target, key, receiver) {
        if (key !== 'runTransaction') return Reflect.get(target, key, receiver) as unknown;
        const runTransaction: Store['runTransaction'] = async (work) => {
          for (let n = 0; n < FREE_MAX_PHOTOS; n++) await seedPhoto(target, 'alice', `other-${n}`);
          return target.runTransaction(work);
        };
        return runTransaction;
      },
    });
    await expect(
      createPhoto.run({ ...form, fileName: 'upload.jpg' }, { ...context.as(caller('alice')), store: racing }),
    ).rejects.toMatchObject({ message: PHOTO_MESSAGES.maxPhotos(FREE_MAX_PHOTOS) });
    expect(await context.files.list('images/alice/')).toEqual([]);
  }, 60_000);
});
