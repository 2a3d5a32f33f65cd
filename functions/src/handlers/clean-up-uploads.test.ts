import { describe, expect, it } from 'vitest';
import { TestClock, testContext } from '../testing';
import { cleanUpUploads } from './clean-up-uploads';

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
});
