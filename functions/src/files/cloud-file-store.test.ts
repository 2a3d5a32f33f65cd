/** What CloudFileStore asks Cloud Storage to keep with each file it writes. */
import type { Bucket } from '@google-cloud/storage';
import { describe, expect, it } from 'vitest';
import { CloudFileStore, DISPLAY_IMAGE_CACHE_CONTROL } from './cloud-file-store';

interface Saved {
  path: string;
  options: { contentType?: string; metadata?: { cacheControl?: string; metadata?: object } };
}

function recordingBucket(saved: Saved[]): Bucket {
  const bucket = {
    name: 'demo-photorater.appspot.com',
    file: (path: string) => ({
      save: async (_bytes: Buffer, options: Saved['options']) => void saved.push({ path, options }),
    }),
  };
  return bucket as unknown as Bucket;
}

describe('CloudFileStore', () => {
  it('stores display images with a year of immutable caching, and their download token', async () => {
    const saved: Saved[] = [];
    const files = new CloudFileStore(() => recordingBucket(saved));
    await files.write('images/member1/resized/photo1.webp', Buffer.from('webp'), {
      contentType: 'image/webp',
      downloadToken: 'token1',
    });
    expect(saved).toEqual([
      {
        path: 'images/member1/resized/photo1.webp',
        options: expect.objectContaining({
          contentType: 'image/webp',
          metadata: {
            cacheControl: DISPLAY_IMAGE_CACHE_CONTROL,
            metadata: { firebaseStorageDownloadTokens: 'token1' },
          },
        }),
      },
    ]);
    expect(DISPLAY_IMAGE_CACHE_CONTROL).toBe('private, max-age=31536000, immutable');
  });

  it('leaves the caching of originals to Cloud Storage', async () => {
    const saved: Saved[] = [];
    const files = new CloudFileStore(() => recordingBucket(saved));
    await files.write('images/member1/photo1.jpg', Buffer.from('jpeg'), {
      contentType: 'image/jpeg',
      downloadToken: 'token2',
    });
    expect(saved[0]?.options.metadata).toEqual({ metadata: { firebaseStorageDownloadTokens: 'token2' } });
  });

  it('asks for its bucket at the first file operation, and only then', async () => {
    const saved: Saved[] = [];
    let asked = 0;
    const files = new CloudFileStore(() => {
      asked += 1;
      return recordingBucket(saved);
    });
    expect(asked).toBe(0);
    await files.write('images/member1/photo1.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    await files.write('images/member1/photo2.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
    expect(asked).toBe(1);
    expect(saved.map(({ path }) => path)).toEqual(['images/member1/photo1.jpg', 'images/member1/photo2.jpg']);
  });
});
