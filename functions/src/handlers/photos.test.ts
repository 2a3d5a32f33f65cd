import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SHARE_REFUSED, type Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { caller, gpsTaggedJpeg, samplePhoto, seedMember, seedPhoto, testContext } from '../testing';
import { createPhoto } from './create-photo';
import { deletePhoto } from './delete-photo';
import { getSharedPhoto, sharePhoto } from './get-shared-photo';
import { markVotesSeen } from './mark-votes-seen';
import { activatePhotos, setPhotoActive } from './set-photo-active';

const form = { caption: 'Sunday at the lake', showTo: 'both', ageRange: [18, 37] };

async function upload(context: ReturnType<typeof testContext>, uid: string, fileName: string, bytes: Buffer) {
  await context.files.write(`images/${uid}/uploads/${fileName}`, bytes, { contentType: 'image/jpeg' });
}

async function noFaceJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#4a7fb5' } })
    .jpeg()
    .toBuffer();
}

describe('createPhoto', () => {
  it('makes an active, evaluated photo with a face detail, a stripped original and a WebP display', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'upload.jpg', await gpsTaggedJpeg());
    const result = await createPhoto.run({ ...form, fileName: 'upload.jpg' }, context.as(caller('alice')));
    expect(result).toMatchObject({ firstPhoto: true, active: true, inactiveReason: null });

    const photo = await context.store.get<Photo>(`users/alice/photos/${result.photoId}`);
    expect(photo).toMatchObject({
      id: result.photoId,
      userId: 'alice',
      caption: 'Sunday at the lake',
      showTo: 'both',
      gender: 'female',
      ageRange: [18, 37],
      active: true,
      eligible: true,
      evaluated: true,
      rate: 0,
      votesCount: 0,
      leaderboardDays: [],
      uploadedAt: context.clock.now(),
    });
    expect(photo?.faceDetail?.Emotions.length).toBe(7);
    expect(photo?.imageUrl).toMatch(
      new RegExp(`^http://files.test/files/images/alice/resized/${result.photoId}\\.webp\\?token=`),
    );
    // The original, where the display image falls back.
    expect(photo?.originalUrl).toMatch(
      new RegExp(`^http://files.test/files/images/alice/${result.photoId}\\.jpg\\?token=`),
    );

    const original = await context.files.read(`images/alice/${photo!.imageName}`);
    const display = await context.files.read(`images/alice/resized/${photo!.resizedImageName}`);
    expect((await sharp(original!.bytes).metadata()).exif).toBeUndefined();
    expect(original!.bytes.toString('latin1')).not.toContain('TestCam');
    expect((await sharp(display!.bytes).metadata()).format).toBe('webp');
    expect(await context.files.read('images/alice/uploads/upload.jpg')).toBeUndefined();

    // The small variant for grids, beside the display image, and the display image's size.
    expect(photo?.smallImageName).toBe(`${result.photoId}_small.webp`);
    expect(photo?.smallImageUrl).toMatch(
      new RegExp(`^http://files.test/files/images/alice/resized/${result.photoId}_small\\.webp\\?token=`),
    );
    const small = await context.files.read(`images/alice/resized/${photo!.smallImageName}`);
    expect(small?.contentType).toBe('image/webp');
    const smallSize = await sharp(small!.bytes).metadata();
    expect(smallSize.format).toBe('webp');
    expect(smallSize.exif).toBeUndefined();
    const displaySize = await sharp(display!.bytes).metadata();
    expect([photo?.imageWidth, photo?.imageHeight]).toEqual([displaySize.width, displaySize.height]);
    expect(smallSize.width! / smallSize.height!).toBeCloseTo(displaySize.width! / displaySize.height!, 1);
  }, 60_000);

  it('grants the first-photo bonus of 10 tokens exactly once', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { points: 2 });
    await upload(context, 'alice', 'one.jpg', samplePhoto(1));
    await upload(context, 'alice', 'two.jpg', samplePhoto(3));
    expect(
      (await createPhoto.run({ ...form, fileName: 'one.jpg' }, context.as(caller('alice')))).firstPhoto,
    ).toBe(true);
    expect(
      (await createPhoto.run({ ...form, fileName: 'two.jpg' }, context.as(caller('alice')))).firstPhoto,
    ).toBe(false);
    expect((await context.store.get<User>('users/alice'))?.points).toBe(12);
  }, 60_000);

  it('saves a photo inactive when its owner is out of tokens, and says why', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { points: 0, firstPhotoBonus: true });
    await upload(context, 'alice', 'one.jpg', samplePhoto(1));
    const result = await createPhoto.run({ ...form, fileName: 'one.jpg' }, context.as(caller('alice')));
    expect(result).toMatchObject({ firstPhoto: false, active: false, inactiveReason: 'noTokens' });
    expect((await context.store.get<Photo>(`users/alice/photos/${result.photoId}`))?.active).toBe(false);

    // A subscriber pays nothing per vote: live whatever the tokens.
    await seedMember(context.store, 'bob', { points: 0, firstPhotoBonus: true, subscribed: true });
    await upload(context, 'bob', 'one.jpg', samplePhoto(1));
    expect(await createPhoto.run({ ...form, fileName: 'one.jpg' }, context.as(caller('bob')))).toMatchObject({
      active: true,
      inactiveReason: null,
    });
  }, 60_000);

  it('refuses a photo without a face with the analysis message and keeps nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'sky.jpg', await noFaceJpeg());
    await expect(
      createPhoto.run({ ...form, fileName: 'sky.jpg' }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'No face detected, please consider trying with another photo',
    });
    expect(await context.store.query('users/alice/photos')).toEqual([]);
    expect(await context.files.read('images/alice/uploads/sky.jpg')).toBeUndefined();
    expect((await context.store.get<User>('users/alice'))?.points).toBe(2);
  }, 60_000);

  it('refuses a file that is not an image, even named .jpg, and keeps nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'fake.jpg', Buffer.from('<html>definitely not a photo</html>'));
    await expect(
      createPhoto.run({ ...form, fileName: 'fake.jpg' }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      message: 'This file is not an image',
    });
    expect(await context.files.read('images/alice/uploads/fake.jpg')).toBeUndefined();
    expect(await context.store.query('users/alice/photos')).toEqual([]);
  });

  it('refuses a ninth photo for a free member, and keeps the upload from lingering', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    for (let n = 0; n < 8; n++) await seedPhoto(context.store, 'alice', `p${n}`);
    await upload(context, 'alice', 'ninth.jpg', samplePhoto(1));
    await expect(
      createPhoto.run({ ...form, fileName: 'ninth.jpg' }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: 'You have reached the maximum of 8 photos, please upgrade your account or delete some',
    });
    expect(await context.store.query('users/alice/photos')).toHaveLength(8);
    expect(await context.files.read('images/alice/uploads/ninth.jpg')).toBeUndefined();
  });

  it('refuses a 51-character or negative caption, a narrow age range, a missing upload and an incomplete profile', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedMember(context.store, 'newbie', { complete: false });
    const as = context.as(caller('alice'));
    await expect(
      createPhoto.run({ ...form, caption: 'x'.repeat(51), fileName: 'a.jpg' }, as),
    ).rejects.toMatchObject({
      message: 'Caption must be at most 50 characters',
    });
    await expect(
      createPhoto.run({ ...form, caption: 'I hate this terrible ugly day', fileName: 'a.jpg' }, as),
    ).rejects.toMatchObject({
      message: 'Please consider writing a more positive caption',
    });
    await expect(
      createPhoto.run({ ...form, ageRange: [20, 25], fileName: 'a.jpg' }, as),
    ).rejects.toMatchObject({
      message: 'The age range must span at least 10 years',
    });
    await expect(createPhoto.run({ ...form, fileName: 'missing.jpg' }, as)).rejects.toMatchObject({
      message: 'Photo is required',
    });
    await expect(createPhoto.run({ ...form, fileName: '../bob/x.jpg' }, as)).rejects.toMatchObject({
      message: 'Photo is required',
    });
    await expect(
      createPhoto.run({ ...form, fileName: 'a.jpg' }, context.as(caller('newbie'))),
    ).rejects.toMatchObject({
      message: 'Please complete your profile first.',
    });
    await expect(createPhoto.run({ ...form, fileName: 'a.jpg' }, context.as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });
});

describe('setPhotoActive and activatePhotos', () => {
  it('deactivates and reactivates, stamping updatedAt', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedPhoto(context.store, 'alice', 'p1');
    context.clock.advanceDays(1);
    await setPhotoActive.run({ photoId: 'p1', active: false }, context.as(caller('alice')));
    expect(await context.store.get<Photo>('users/alice/photos/p1')).toMatchObject({
      active: false,
      updatedAt: context.clock.now(),
    });
    await setPhotoActive.run({ photoId: 'p1', active: true }, context.as(caller('alice')));
    expect((await context.store.get<Photo>('users/alice/photos/p1'))?.active).toBe(true);
  });

  it('refuses activation without tokens, naming the way out', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { points: 0 });
    await seedPhoto(context.store, 'alice', 'p1', { active: false });
    await expect(
      setPhotoActive.run({ photoId: 'p1', active: true }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message:
        "You can't activate your photos because you ran out of tokens, please rate other photos, or buy more",
      details: { reason: 'noTokens' },
    });
    expect((await context.store.get<Photo>('users/alice/photos/p1'))?.active).toBe(false);
  });

  it('refuses passing the active maximum, one at a time or in a batch', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    for (let n = 0; n < 7; n++) await seedPhoto(context.store, 'alice', `on${n}`);
    await seedPhoto(context.store, 'alice', 'off1', { active: false });
    await seedPhoto(context.store, 'alice', 'off2', { active: false });
    await expect(
      activatePhotos.run({ photoIds: ['off1', 'off2'] }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      message:
        'You have reached the maximum number of active photos, please upgrade your account or deactivate some',
      details: { reason: 'maxActive' },
    });
    expect((await context.store.get<Photo>('users/alice/photos/off1'))?.active).toBe(false);
    await expect(activatePhotos.run({ photoIds: ['off1'] }, context.as(caller('alice')))).resolves.toEqual({
      activated: 1,
    });
    await expect(
      setPhotoActive.run({ photoId: 'off2', active: true }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      details: { reason: 'maxActive' },
    });
  });

  it('turns photos switched off for lack of tokens back on together, no longer marked', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { points: 20 });
    await seedPhoto(context.store, 'alice', 'paused1', { active: false, pausedForTokens: true });
    await seedPhoto(context.store, 'alice', 'paused2', { active: false, pausedForTokens: true });
    await expect(
      activatePhotos.run({ photoIds: ['paused1', 'paused2'] }, context.as(caller('alice'))),
    ).resolves.toEqual({ activated: 2 });
    for (const id of ['paused1', 'paused2'])
      expect(await context.store.get<Photo>(`users/alice/photos/${id}`)).toMatchObject({
        active: true,
        pausedForTokens: false,
      });
    await setPhotoActive.run({ photoId: 'paused1', active: false }, context.as(caller('alice')));
    expect((await context.store.get<Photo>('users/alice/photos/paused1'))?.pausedForTokens).toBe(false);
  });

  it("treats another member's photo as not found", async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedMember(context.store, 'bob');
    await seedPhoto(context.store, 'bob', 'bobs', { active: false });
    await expect(
      setPhotoActive.run({ photoId: 'bobs', active: true }, context.as(caller('alice'))),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(
      activatePhotos.run({ photoIds: ['bobs'] }, context.as(caller('alice'))),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(deletePhoto.run({ photoId: 'bobs' }, context.as(caller('alice')))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await context.store.get<Photo>('users/bob/photos/bobs')).toMatchObject({ active: false });
  });
});

describe('deletePhoto', () => {
  it('removes the record, its votes, its reports and its files', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'upload.jpg', samplePhoto(1));
    const { photoId } = await createPhoto.run(
      { ...form, fileName: 'upload.jpg' },
      context.as(caller('alice')),
    );
    const path = `users/alice/photos/${photoId}`;
    await context.store.runTransaction(async (tx) => {
      tx.set(`${path}/votes/bob`, { rate: 4 });
      tx.set(`${path}/reports/carol`, { reason: 'Off-topic' });
    });
    await expect(deletePhoto.run({ photoId }, context.as(caller('alice')))).resolves.toEqual({
      deleted: true,
    });
    expect(await context.store.get(path)).toBeUndefined();
    expect(await context.store.query(`${path}/votes`)).toEqual([]);
    expect(await context.store.query(`${path}/reports`)).toEqual([]);
    expect(await context.files.read(`images/alice/${photoId}.jpg`)).toBeUndefined();
    expect(await context.files.read(`images/alice/resized/${photoId}.webp`)).toBeUndefined();
    expect(await context.files.read(`images/alice/resized/${photoId}_small.webp`)).toBeUndefined();
    expect(await context.files.list('images/alice/')).toEqual([]);
  }, 60_000);

  it('removes a photo made before the small variant, which has none', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedPhoto(context.store, 'alice', 'old');
    await context.files.write('images/alice/old.jpg', Buffer.from('original'), { contentType: 'image/jpeg' });
    await context.files.write('images/alice/resized/old.webp', Buffer.from('display'), {
      contentType: 'image/webp',
    });
    await expect(deletePhoto.run({ photoId: 'old' }, context.as(caller('alice')))).resolves.toEqual({
      deleted: true,
    });
    expect(await context.files.list('images/alice/')).toEqual([]);
  });
});

describe('markVotesSeen', () => {
  it('resets the new votes to 0', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice', { newVotes: 4 });
    await expect(markVotesSeen.run({}, context.as(caller('alice')))).resolves.toEqual({ newVotes: 0 });
    expect((await context.store.get<User>('users/alice'))?.newVotes).toBe(0);
    await expect(markVotesSeen.run({}, context.as(null))).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});

describe('getSharedPhoto', () => {
  it('shows anyone an active, rated photo its owner shared, and only what the preview needs', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedPhoto(context.store, 'alice', 'p1', {
      rate: 4.2,
      votesCount: 3,
      caption: 'Hi',
      allowAI: false,
      originalUrl: 'http://files.test/p1.jpg',
    });
    // Before the owner shares it, its ids (which every feed carries) reveal nothing.
    await expect(
      getSharedPhoto.run({ ownerId: 'alice', photoId: 'p1' }, context.as(null)),
    ).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(sharePhoto.run({ photoId: 'p1' }, context.as(caller('bob')))).rejects.toMatchObject({
      code: 'not-found',
    });
    await expect(sharePhoto.run({ photoId: 'p1' }, context.as(caller('alice')))).resolves.toEqual({
      shared: true,
    });
    const shared = await getSharedPhoto.run({ ownerId: 'alice', photoId: 'p1' }, context.as(null));
    expect(shared).toEqual({
      imageUrl: 'http://files.test/p1.webp',
      originalUrl: 'http://files.test/p1.jpg',
      imageWidth: null,
      imageHeight: null,
      caption: 'Hi',
      rate: 4.2,
      votesCount: 3,
    });
  });

  it('answers not found alike for unrated, inactive, errored and missing photos', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    const sharedAt = new Date('2026-11-20T10:00:00Z');
    await seedPhoto(context.store, 'alice', 'unrated', { votesCount: 0, sharedAt });
    await seedPhoto(context.store, 'alice', 'inactive', { votesCount: 2, active: false, sharedAt });
    await seedPhoto(context.store, 'alice', 'errored', { votesCount: 2, error: 'User deleted', sharedAt });
    for (const photoId of ['unrated', 'inactive', 'errored']) {
      await expect(sharePhoto.run({ photoId }, context.as(caller('alice')))).rejects.toMatchObject({
        code: 'failed-precondition',
        message: SHARE_REFUSED,
      });
    }
    for (const photoId of ['unrated', 'inactive', 'errored', 'missing']) {
      await expect(getSharedPhoto.run({ ownerId: 'alice', photoId }, context.as(null))).rejects.toMatchObject(
        {
          code: 'not-found',
          message: 'This photo is not shared anymore.',
        },
      );
    }
    await expect(
      getSharedPhoto.run({ ownerId: '../x', photoId: 'p' }, context.as(null)),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });
});
