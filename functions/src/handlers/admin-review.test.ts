import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import type { AppNotification } from '../../../src/domain/notifications';
import type { Photo } from '../../../src/domain/photo';
import { SCREENING_MESSAGES, screenUpload, type PhotoReview } from '../../../src/domain/screening';
import { LOWER_HALF_OF_SAMPLE_3 } from '../../../src/domain/screening-measured';
import { caller, recordTransactionWrites, seedMember, seedPhoto, testContext } from '../testing';
import { adminDecideHeld, adminListHeld } from './admin-review';
import { getPhotos } from './rating';

const admin = caller('ada', { isAdmin: true });
const heldAt = new Date('2026-11-21T09:00:00Z');

/** A photo the screening held for the model's real borderline output, as createPhoto saves it. */
function heldFields(): Partial<Photo> {
  const verdict = screenUpload(LOWER_HALF_OF_SAMPLE_3, 31);
  if (verdict.verdict !== 'hold') throw new Error('The recorded output should be held');
  const review: PhotoReview = {
    reason: verdict.reason,
    explicit: verdict.explicit,
    scores: verdict.scores,
    ageEstimate: verdict.ageEstimate,
    heldAt,
  };
  return { review, active: false, eligible: false, evaluated: false };
}

async function withHeldPhoto() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'owen', { age: 24 });
  await seedMember(context.store, 'viewer', { gender: 'male' });
  await seedPhoto(context.store, 'owen', 'held', { caption: 'Beach day', ...heldFields() });
  await seedPhoto(context.store, 'owen', 'live');
  return context;
}

async function notices(context: ReturnType<typeof testContext>, uid = 'owen') {
  return (await context.store.query<AppNotification>(`users/${uid}/notifications`)).map(
    (doc) => doc.data.body,
  );
}

const feedOf = async (context: ReturnType<typeof testContext>, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

describe('the review queue', () => {
  it('lists the held photos only, with the reason, the model figures and the profile age', async () => {
    const context = await withHeldPhoto();
    const { photos } = await adminListHeld.run({}, context.as(admin));
    expect(photos).toEqual([
      {
        id: 'held',
        userId: 'owen',
        imageUrl: expect.any(String),
        caption: 'Beach day',
        profileAge: 24,
        review: {
          reason: 'explicit',
          explicit: 0.489,
          scores: { Porn: 0.489, Hentai: 0.125, Drawing: 0.308, Neutral: 0.065, Sexy: 0.013 },
          ageEstimate: 31,
          heldAt: heldAt.toISOString(),
        },
      },
    ]);
    expect(await feedOf(context, 'viewer')).toEqual(['live']);
  });

  it('approves a photo: the review goes, it is live and in the feeds, the owner told, logged', async () => {
    const context = await withHeldPhoto();
    expect(
      await adminDecideHeld.run({ userId: 'owen', photoId: 'held', decision: 'approve' }, context.as(admin)),
    ).toEqual({ decision: 'approve', active: true });
    const photo = await context.store.get<Photo>('users/owen/photos/held');
    expect(photo).toMatchObject({ active: true, eligible: true, evaluated: true, caption: 'Beach day' });
    expect(photo?.review).toBeUndefined();
    expect((await feedOf(context, 'viewer')).sort()).toEqual(['held', 'live']);
    expect(await notices(context)).toEqual([SCREENING_MESSAGES.approved]);
    expect((await adminListHeld.run({}, context.as(admin))).photos).toEqual([]);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data)).toEqual([
      expect.objectContaining({
        action: 'approveHeldPhoto',
        adminId: 'ada',
        targetPath: 'users/owen/photos/held',
        before: expect.objectContaining({ review: expect.objectContaining({ reason: 'explicit' }) }),
      }),
    ]);
  });

  it('approves but leaves inactive a photo whose owner has no tokens to spend', async () => {
    const context = await withHeldPhoto();
    await context.store.runTransaction(async (tx) => tx.update('users/owen', { points: 0 }));
    expect(
      await adminDecideHeld.run({ userId: 'owen', photoId: 'held', decision: 'approve' }, context.as(admin)),
    ).toEqual({ decision: 'approve', active: false });
    expect(await context.store.get<Photo>('users/owen/photos/held')).toMatchObject({
      active: false,
      evaluated: true,
      eligible: true,
    });
  });

  it('removes a photo and its files, tells the owner, in the transaction that deletes it', async () => {
    const context = await withHeldPhoto();
    const photo = (await context.store.get<Photo>('users/owen/photos/held'))!;
    await context.files.write(`images/owen/${photo.imageName}`, Buffer.from('jpeg'), {
      contentType: 'image/jpeg',
    });
    const committed = recordTransactionWrites(context.store);
    await adminDecideHeld.run({ userId: 'owen', photoId: 'held', decision: 'remove' }, context.as(admin));
    expect(await context.store.get('users/owen/photos/held')).toBeUndefined();
    expect(await context.files.read(`images/owen/${photo.imageName}`)).toBeUndefined();
    expect(await notices(context)).toEqual([SCREENING_MESSAGES.removed]);
    const removal = committed.find((paths) => paths.includes('users/owen/photos/held'));
    expect(removal?.some((written) => written.startsWith('adminLog/'))).toBe(true);
    expect(removal?.some((written) => written.startsWith('users/owen/notifications/'))).toBe(true);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data.action)).toEqual(['removeHeldPhoto']);
  });

  it('refuses non-admins, unknown or not-held photos, wrong types and prototype keys, writing nothing', async () => {
    const context = await withHeldPhoto();
    const before = await context.store.contents();
    const input = { userId: 'owen', photoId: 'held', decision: 'approve' };
    for (const who of [caller('owen'), caller('ada'), null]) {
      await expect(adminDecideHeld.run(input, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
      await expect(adminListHeld.run({}, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    }
    await expect(adminDecideHeld.run(input, context.as(caller('owen')))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
    const cases: Array<[unknown, string]> = [
      [{ ...input, decision: 'ignore' }, 'Choose approve or remove'],
      [{ ...input, decision: 1 }, 'Choose approve or remove'],
      [{ ...input, photoId: 'live' }, SCREENING_MESSAGES.notHeld],
      [{ ...input, photoId: 'live', decision: 'remove' }, SCREENING_MESSAGES.notHeld],
      [{ ...input, photoId: 'gone' }, SCREENING_MESSAGES.photoGone],
      [{ ...input, photoId: 'gone', decision: 'remove' }, SCREENING_MESSAGES.photoGone],
      [{ ...input, userId: '../x' }, 'The ID is not valid'],
      [{ ...input, photoId: ['held'] }, 'photoId'],
      [{ ...input, extra: true }, 'Unknown field: extra'],
      [
        JSON.parse('{"userId":"owen","photoId":"held","decision":"approve","__proto__":{"isAdmin":true}}'),
        '__proto__',
      ],
      ['approve', ''],
      [null, ''],
    ];
    for (const [bad, message] of cases) {
      const refused = adminDecideHeld.run(bad, context.as(admin));
      await expect(refused, JSON.stringify(bad)).rejects.toMatchObject({
        code: expect.stringMatching(/^(invalid-argument|not-found|failed-precondition)$/),
      });
      if (message) await expect(refused).rejects.toThrow(message);
    }
    await expect(adminListHeld.run({ extra: 1 }, context.as(admin))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(await context.store.contents()).toEqual(before);
  });
});
