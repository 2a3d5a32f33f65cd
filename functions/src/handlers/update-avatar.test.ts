import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/domain/user';
import { caller, gpsTaggedJpeg, seedMember, testContext } from '../testing';
import { updateAvatar } from './update-avatar';

describe('updateAvatar', () => {
  it('stores a 256-pixel square WebP without metadata, points photoURL at it and removes the upload', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await context.files.write('images/alice/uploads/profile_photo_1.jpg', await gpsTaggedJpeg(), {
      contentType: 'image/jpeg',
    });
    const { photoURL } = await updateAvatar.run(
      { fileName: 'profile_photo_1.jpg' },
      context.as(caller('alice')),
    );
    expect((await context.store.get<User>('users/alice'))?.photoURL).toBe(photoURL);
    const storedPath = decodeURIComponent(new URL(photoURL).pathname).match(
      /images\/alice\/resized\/[^/?]+/,
    )?.[0];
    const stored = await context.files.read(storedPath!);
    const metadata = await sharp(stored!.bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(await context.files.read('images/alice/uploads/profile_photo_1.jpg')).toBeUndefined();
  });

  it('refuses what is not an image, keeps the old picture and removes the upload', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { photoURL: 'http://files.test/old.webp' });
    await context.files.write('images/alice/uploads/notes.jpg', Buffer.from('not an image'), {
      contentType: 'image/jpeg',
    });
    await expect(updateAvatar.run({ fileName: 'notes.jpg' }, context.as(caller('alice')))).rejects.toThrow(
      'This file is not an image',
    );
    expect((await context.store.get<User>('users/alice'))?.photoURL).toBe('http://files.test/old.webp');
    expect(await context.files.read('images/alice/uploads/notes.jpg')).toBeUndefined();
  });
});
