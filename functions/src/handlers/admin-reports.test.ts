import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import { ADMIN_PHOTO_MESSAGES, REPORT_NOTICES } from '../../../src/domain/admin-photos';
import type { AppNotification } from '../../../src/domain/notifications';
import type { Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { caller, recordTransactionWrites, seedMember, seedPhoto, testContext } from '../testing';
import { adminListReports, adminResolveReport } from './admin-reports';
import { flagPhoto, getPhotos } from './rating';

const admin = caller('ada', { isAdmin: true });

async function reportedThrice() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'owen');
  for (const uid of ['r1', 'r2', 'r3', 'viewer']) await seedMember(context.store, uid, { gender: 'male' });
  await seedPhoto(context.store, 'owen', 'p1', { caption: 'Hello' });
  await seedPhoto(context.store, 'owen', 'p2');
  const reasons = ['Inappropriate photo', 'Inappropriate photo', 'Fake profile/Spam'];
  for (const [n, reporter] of ['r1', 'r2', 'r3'].entries())
    await flagPhoto.run({ ownerId: 'owen', photoId: 'p1', reason: reasons[n] }, context.as(caller(reporter)));
  return context;
}

async function notices(context: ReturnType<typeof testContext>, uid = 'owen') {
  return (await context.store.query<AppNotification>(`users/${uid}/notifications`)).map(
    (doc) => doc.data.body,
  );
}

const feedOf = async (context: ReturnType<typeof testContext>, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

describe('reports', () => {
  it('tells the owner once, at the third report, that the photo is under review; it leaves the feeds', async () => {
    const context = await reportedThrice();
    expect(await notices(context)).toEqual([REPORT_NOTICES.underReview]);
    expect((await context.store.get<User>('users/owen'))?.lastNotification).toMatchObject({
      body: REPORT_NOTICES.underReview,
      photoId: 'p1',
      photoOwnerId: 'owen',
    });
    expect(await feedOf(context, 'viewer')).toEqual(['p2']);
    await seedMember(context.store, 'r4');
    await flagPhoto.run({ ownerId: 'owen', photoId: 'p1', reason: 'Off-topic' }, context.as(caller('r4')));
    expect(await notices(context)).toHaveLength(1);
  });

  it('lists the reported photos with their reasons and reporters', async () => {
    const context = await reportedThrice();
    const { photos } = await adminListReports.run({}, context.as(admin));
    expect(photos).toHaveLength(1);
    expect(photos[0]).toMatchObject({
      id: 'p1',
      userId: 'owen',
      reporters: 3,
      reportsCount: 3,
      eligible: false,
    });
    expect(photos[0]!.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'Inappropriate photo', count: 2 },
        { reason: 'Fake profile/Spam', count: 1 },
      ]),
    );
  });

  it('restores a photo: eligible again, reports cleared, back in feeds, the owner told, logged', async () => {
    const context = await reportedThrice();
    await adminResolveReport.run({ userId: 'owen', photoId: 'p1', decision: 'restore' }, context.as(admin));
    expect(await context.store.get<Photo>('users/owen/photos/p1')).toMatchObject({
      eligible: true,
      reportsCount: 0,
    });
    expect(await context.store.query('users/owen/photos/p1/reports')).toHaveLength(0);
    expect((await feedOf(context, 'viewer')).sort()).toEqual(['p1', 'p2']);
    // Those who reported it still do not see it.
    expect(await feedOf(context, 'r1')).toEqual(['p2']);
    expect(await notices(context)).toContain(REPORT_NOTICES.restored);
    expect((await adminListReports.run({}, context.as(admin))).photos).toEqual([]);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data)).toEqual([
      expect.objectContaining({ action: 'restorePhoto', before: { eligible: false, reportsCount: 3 } }),
    ]);
  });

  it('removes a photo through its deletion and tells the owner', async () => {
    const context = await reportedThrice();
    await adminResolveReport.run({ userId: 'owen', photoId: 'p1', decision: 'remove' }, context.as(admin));
    expect(await context.store.get('users/owen/photos/p1')).toBeUndefined();
    expect(await context.store.query('users/owen/photos/p1/reports')).toHaveLength(0);
    expect(await notices(context)).toContain(REPORT_NOTICES.removed);
    const log = await context.store.query<AdminLogEntry>('adminLog');
    expect(log.map((entry) => entry.data.action)).toEqual(['removeReportedPhoto']);
  });

  it("writes the owner's notice and the audit entry in the transaction that deletes the record", async () => {
    const context = await reportedThrice();
    const committed = recordTransactionWrites(context.store);
    await adminResolveReport.run({ userId: 'owen', photoId: 'p1', decision: 'remove' }, context.as(admin));
    const removal = committed.find((paths) => paths.includes('users/owen/photos/p1'));
    expect(removal?.some((written) => written.startsWith('adminLog/'))).toBe(true);
    expect(removal?.some((written) => written.startsWith('users/owen/notifications/'))).toBe(true);
    expect(committed.flat().filter((written) => written.startsWith('adminLog/'))).toHaveLength(1);
  });

  it('refuses non-admins and bad input, writing nothing', async () => {
    const context = await reportedThrice();
    const before = await context.store.contents();
    const input = { userId: 'owen', photoId: 'p1', decision: 'restore' };
    for (const who of [caller('owen'), caller('ada'), null]) {
      await expect(adminResolveReport.run(input, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
      await expect(adminListReports.run({}, context.as(who))).rejects.toMatchObject({
        code: who ? 'permission-denied' : 'unauthenticated',
      });
    }
    await expect(adminResolveReport.run(input, context.as(caller('r1')))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
    for (const [bad, message] of [
      [{ ...input, decision: 'ignore' }, 'Choose restore or remove'],
      [{ ...input, photoId: 'p2' }, ADMIN_PHOTO_MESSAGES.notReported],
      [{ ...input, photoId: 'gone' }, ADMIN_PHOTO_MESSAGES.photoGone],
      [{ ...input, extra: true }, 'Unknown field: extra'],
    ] as const)
      await expect(adminResolveReport.run(bad, context.as(admin))).rejects.toThrow(message);
    expect(await context.store.contents()).toEqual(before);
  });
});
