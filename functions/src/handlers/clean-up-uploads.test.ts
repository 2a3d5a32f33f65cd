import { describe, expect, it } from 'vitest';
import { TestClock, testContext } from '../testing';
import { MAX_PENDING_UPLOADS } from '../../../src/domain/limits';
import { cleanUpUploads, enforceUploadQuota } from './clean-up-uploads';

describe('the clean-up of abandoned uploads', () => {
  it('removes uploads older than an hour, and nothing the server wrote', async () => {
    const { files } = testContext();
    await files.write('images/ann/uploads/left.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await files.write('images/ann/p1.jpg', Buffer.from('original'), { contentType: 'image/jpeg' });
    await files.write('images/ann/resized/p1.webp', Buffer.from('display'), { contentType: 'image/webp' });
    const soon = new TestClock(new Date(Date.now() + 10 * 60_000));
    expect(await cleanUpUploads(files, soon)).toEqual({ removed: 0 });
    const later = new TestClock(new Date(Date.now() + 61 * 60_000));
    expect(await cleanUpUploads(files, later)).toEqual({ removed: 1 });
    expect((await files.list('images/')).map((file) => file.path).sort()).toEqual([
      'images/ann/p1.jpg',
      'images/ann/resized/p1.webp',
    ]);
  });

  it(`keeps the ${MAX_PENDING_UPLOADS} oldest waiting uploads of a member and removes the rest as they arrive`, async () => {
    const { files } = testContext();
    for (let index = 0; index < MAX_PENDING_UPLOADS + 2; index++) {
      await files.write(`images/ann/uploads/u${index}.jpg`, Buffer.from('jpeg'), {
        contentType: 'image/jpeg',
      });
      await files.write(`images/bob/uploads/u${index}.jpg`, Buffer.from('jpeg'), {
        contentType: 'image/jpeg',
      });
    }
    expect(await enforceUploadQuota(files, 'images/ann/uploads/u6.jpg')).toHaveLength(2);
    expect(await files.list('images/ann/uploads/')).toHaveLength(MAX_PENDING_UPLOADS);
    expect(await files.list('images/bob/uploads/')).toHaveLength(MAX_PENDING_UPLOADS + 2);
    expect(await enforceUploadQuota(files, 'images/ann/resized/p1.webp')).toEqual([]);
  });
});
