/**
 * The upload's screening through the real pipeline: the sample photos, decoded, analysed and classified
 * by the real models, pass; the hold and the refusal are shown with the model's recorded outputs for
 * images it scores explicit (src/domain/screening-measured.ts), since those have no face to upload.
 */
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { ageEstimateOf, SCREENING_MESSAGES, type ContentScores } from '../../../src/domain/screening';
import type { User } from '../../../src/domain/user';
import { BARE_LEGS_CLOSE_UP, LOWER_HALF_OF_SAMPLE_3 } from '../../../src/domain/screening-measured';
import { createContentClassifier } from '../photos/content-screening';
import type { FaceAnalyzer } from '../photos/face-analysis';
import { createFaceAnalyzer } from '../photos/face-analysis';
import { caller, samplePhoto, seedMember, testContext } from '../testing';
import { createPhoto } from './create-photo';
import type { HandlerContext } from './handler';
import { getPhotos } from './rating';
import { activatePhotos, setPhotoActive } from './set-photo-active';

const form = { caption: 'Out with friends', showTo: 'both', ageRange: [18, 60] };

type Context = ReturnType<typeof testContext>;

async function upload(context: Context, uid: string, fileName: string, sample: number) {
  await context.files.write(`images/${uid}/uploads/${fileName}`, samplePhoto(sample), {
    contentType: 'image/jpeg',
  });
}

/** The caller's context with the model's recorded answer in place of its live one. */
const answering = (context: HandlerContext, scores: ContentScores): HandlerContext => ({
  ...context,
  screening: { classify: async () => scores },
});

const feedOf = async (context: Context, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

describe('upload screening', () => {
  it('lets every sample photo of the face package through, live and in the feed', async () => {
    const context = testContext();
    await seedMember(context.store, 'rater', { gender: 'male' });
    const classifier = createContentClassifier();
    const ids: string[] = [];
    for (let sample = 1; sample <= 6; sample++) {
      const uid = `owner${sample}`;
      await seedMember(context.store, uid);
      await upload(context, uid, 'upload.jpg', sample);
      const result = await createPhoto.run({ ...form, fileName: 'upload.jpg' }, context.as(caller(uid)));
      expect(result, `sample ${sample}`).toMatchObject({ active: true, review: null });
      const photo = await context.store.get<Photo>(`users/${uid}/photos/${result.photoId}`);
      expect(photo?.review, `sample ${sample}`).toBeUndefined();
      // Every face of every sample (19 in all) reads as an adult, the youngest 18.5.
      expect(ageEstimateOf(photo?.faceDetail), `sample ${sample}`).toBeGreaterThan(18);
      expect(photo?.faceDetail?.YoungestAge, `sample ${sample}`).toBeDefined();
      ids.push(result.photoId);
    }
    expect((await feedOf(context, 'rater')).sort()).toEqual(ids.sort());
    // The live model on one sample, for its figures: far from the explicit classes.
    const { processImage } = await import('../photos/image-pipeline');
    const scores = await classifier.classify((await processImage(samplePhoto(2))).analysis);
    expect(scores.Porn + scores.Hentai).toBeLessThan(0.25);
    expect(Object.values(scores).reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 3);
  }, 180_000);

  it('refuses what the model is nearly sure is explicit, with its message, and keeps nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'upload.jpg', 1);
    await expect(
      createPhoto.run(
        { ...form, fileName: 'upload.jpg' },
        answering(context.as(caller('alice')), BARE_LEGS_CLOSE_UP),
      ),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: SCREENING_MESSAGES.refused });
    expect(await context.store.query('users/alice/photos')).toEqual([]);
    expect(await context.files.list('images/alice/')).toEqual([]);
    expect((await context.store.get<User>('users/alice'))?.firstPhotoBonus).toBeFalsy();
  }, 60_000);

  it('holds a borderline photo: its owner has it, in review, inactive, out of every feed', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await seedMember(context.store, 'rater', { gender: 'male' });
    await upload(context, 'alice', 'upload.jpg', 3);
    const as = answering(context.as(caller('alice')), LOWER_HALF_OF_SAMPLE_3);
    const result = await createPhoto.run({ ...form, fileName: 'upload.jpg' }, as);
    expect(result).toMatchObject({ active: false, inactiveReason: null, review: 'explicit' });

    const photo = await context.store.get<Photo>(`users/alice/photos/${result.photoId}`);
    expect(photo).toMatchObject({
      active: false,
      eligible: false,
      evaluated: false,
      review: {
        reason: 'explicit',
        explicit: 0.489,
        scores: { Porn: 0.489, Hentai: 0.125 },
        heldAt: context.clock.now(),
      },
    });
    expect(photo?.review?.ageEstimate).toBeGreaterThan(18);
    expect(await feedOf(context, 'rater')).toEqual([]);
    // Its owner cannot put it live, alone or with others.
    await expect(
      setPhotoActive.run({ photoId: result.photoId, active: true }, context.as(caller('alice'))),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: SCREENING_MESSAGES.cannotActivate });
    expect(await activatePhotos.run({ photoIds: [result.photoId] }, context.as(caller('alice')))).toEqual({
      activated: 0,
    });
    expect((await context.store.get<Photo>(`users/alice/photos/${result.photoId}`))?.active).toBe(false);
  }, 60_000);

  it('holds an apparent minor whatever age the profile states', async () => {
    const context = testContext();
    await seedMember(context.store, 'teen', { age: 25 });
    await upload(context, 'teen', 'upload.jpg', 1);
    const real = createFaceAnalyzer();
    // The real analysis of a real face, its age estimate turned into a child's (9 to 16, so 12.5).
    const younger: FaceAnalyzer = {
      analyze: async (image) => {
        const face = await real.analyze(image);
        return face && { ...face, AgeRange: { Low: 9, High: 16 } };
      },
    };
    const result = await createPhoto.run(
      { ...form, fileName: 'upload.jpg' },
      { ...context.as(caller('teen')), faces: younger },
    );
    expect(result).toMatchObject({ active: false, review: 'minor' });
    const photo = await context.store.get<Photo>(`users/teen/photos/${result.photoId}`);
    expect(photo?.review).toMatchObject({ reason: 'minor', ageEstimate: 12.5 });
    expect(photo?.review?.explicit).toBeLessThan(0.4);
  }, 60_000);

  it('takes no upload on a host without screening, and keeps nothing', async () => {
    const context = testContext();
    await seedMember(context.store, 'alice');
    await upload(context, 'alice', 'upload.jpg', 1);
    await expect(
      createPhoto.run(
        { ...form, fileName: 'upload.jpg' },
        { ...context.as(caller('alice')), screening: undefined },
      ),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(await context.store.query('users/alice/photos')).toEqual([]);
    expect(await context.files.list('images/alice/')).toEqual([]);
  });
});
