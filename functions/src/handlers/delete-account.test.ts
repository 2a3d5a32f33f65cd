import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION } from '../../../src/domain/account';
import type { Photo } from '../../../src/domain/photo';
import type { Vote } from '../../../src/domain/vote';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { deleteAccount, purgeDeletedMembers } from './delete-account';
import { getPhotos, submitRating } from './rating';

const reason = 'Found what I was looking for';

async function aliceWithPhotos() {
  const context = testContext();
  await seedMember(context.store, 'alice', { photoURL: 'http://files.test/alice.jpg' });
  await seedMember(context.store, 'bob', { gender: 'male', photoURL: 'http://files.test/bob.jpg' });
  await seedPhoto(context.store, 'alice', 'a1');
  await seedPhoto(context.store, 'alice', 'a2');
  await seedPhoto(context.store, 'bob', 'b1', { gender: 'male' });
  return context;
}

describe('deleteAccount', () => {
  it('records the reason, marks the member deleted, deactivates their photos and deletes the account', async () => {
    const context = await aliceWithPhotos();
    expect((await getPhotos.run({}, context.as(caller('bob')))).photos.map((photo) => photo.id)).toEqual([
      'a1',
      'a2',
    ]);
    await deleteAccount.run({ reason: `  ${reason} ` }, context.as(caller('alice')));
    expect(await context.store.get('removals/alice')).toMatchObject({ uid: 'alice', message: reason });
    expect(await context.store.get('users/alice')).toMatchObject({ deleted: true });
    const photos = await context.store.query<Photo>('users/alice/photos');
    expect(photos.map((doc) => [doc.data.active, doc.data.error])).toEqual([
      [false, 'User deleted'],
      [false, 'User deleted'],
    ]);
    expect(context.deletedAccounts).toEqual(['alice']);
    // Gone from everyone's feed.
    expect((await getPhotos.run({}, context.as(caller('bob')))).photos).toEqual([]);
  });

  it('asks for a recent sign-in and a reason of 12 to 255 characters, and writes nothing otherwise', async () => {
    const context = await aliceWithPhotos();
    const before = context.store.contents();
    const stale = caller('alice', { authTime: new Date('2026-11-22T09:00:00Z') });
    await expect(deleteAccount.run({ reason }, context.as(stale))).rejects.toThrow(
      ACCOUNT_DELETION.recentLogin,
    );
    await expect(deleteAccount.run({ reason: '' }, context.as(caller('alice')))).rejects.toThrow(
      ACCOUNT_DELETION.reasonRequired,
    );
    await expect(deleteAccount.run({ reason: 'too short' }, context.as(caller('alice')))).rejects.toThrow(
      'reason must be at least 12 characters',
    );
    await expect(deleteAccount.run({ reason: 'x'.repeat(256) }, context.as(caller('alice')))).rejects.toThrow(
      'reason must be at most 255 characters',
    );
    await expect(deleteAccount.run({ reason }, context.as(null))).rejects.toThrow(ACCOUNT_DELETION.noUser);
    expect(context.store.contents()).toEqual(before);
    expect(context.deletedAccounts).toEqual([]);
  });
});

describe('the purge of deleted members', () => {
  it('removes their photos, votes on them, files and personal data, and keeps their votes without their picture', async () => {
    const context = await aliceWithPhotos();
    await submitRating.run(
      { ownerId: 'alice', photoId: 'a1', rate: 4, seconds: 5 },
      context.as(caller('bob')),
    );
    await submitRating.run(
      { ownerId: 'bob', photoId: 'b1', rate: 3, seconds: 5 },
      context.as(caller('alice')),
    );
    await context.files.write('images/alice/resized/a1.webp', Buffer.from('image'), {
      contentType: 'image/webp',
    });
    await deleteAccount.run({ reason }, context.as(caller('alice')));

    const { purged } = await purgeDeletedMembers(
      context.store,
      context.files,
      { deleteUser: async () => undefined },
      context.clock,
    );
    expect(purged).toBe(1);
    expect(await context.store.query('users/alice/photos')).toEqual([]);
    expect(await context.store.query('users/alice/photos/a1/votes')).toEqual([]);
    expect(await context.store.query('users/alice/votes')).toEqual([]);
    expect(await context.files.read('images/alice/resized/a1.webp')).toBeUndefined();
    const tombstone = await context.store.get<Record<string, unknown>>('users/alice');
    expect(Object.keys(tombstone!).sort()).toEqual(['deleted', 'deletedAt', 'purgedAt', 'uid']);
    const kept = await context.store.get<Vote>('users/bob/photos/b1/votes/alice');
    expect(kept).toMatchObject({ rate: 3, photoURL: null });
    expect((await context.store.get<Photo>('users/bob/photos/b1'))?.votesCount).toBe(1);
    // Purged once: a second run finds nothing left to do.
    expect(
      (
        await purgeDeletedMembers(
          context.store,
          context.files,
          { deleteUser: async () => undefined },
          context.clock,
        )
      ).purged,
    ).toBe(0);
  });
});
