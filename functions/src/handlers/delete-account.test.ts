import { describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION } from '../../../src/domain/account';
import type { Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import type { PaymentProvider } from '../payments/payment-provider';
import { caller, countingReads, samplePhoto, seedMember, seedPhoto, testContext } from '../testing';
import { reactToComment, replyToComment } from './comments';
import { deleteAccount, purgeDeletedMembers } from './delete-account';
import { getPhotos, submitRating } from './rating';
import { updateAvatar } from './update-avatar';
import type { StoredVote } from './vote-keys';

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
    const before = await context.store.contents();
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
    expect(await context.store.contents()).toEqual(before);
    expect(context.deletedAccounts).toEqual([]);
  });
});

describe('deleteAccount with a subscription', () => {
  /** A payment provider that only cancels, as `cancel` says. */
  const provider = (cancel: (id: string) => Promise<void>): PaymentProvider => ({
    webhookSecret: 'whsec_x',
    returnOrigins: [],
    createCheckout: async () => ({ sessionId: 'cs', url: 'http://unused' }),
    cancelSubscription: cancel,
    paymentOf: async () => undefined,
    createPortal: async () => ({ url: 'http://unused' }),
  });

  const running = (status = 'active') => ({
    uid: 'alice',
    plan: 'monthly',
    monthsCredited: 1,
    status,
    statusAt: new Date('2026-11-01T10:00:00Z'),
    premium: status === 'active',
  });

  it('ends running subscriptions at the provider before deleting, and none already ended', async () => {
    const context = await aliceWithPhotos();
    await context.store.runTransaction(async (tx) => {
      tx.set('subscriptions/sub_running', running());
      tx.set('subscriptions/sub_ended', running('canceled'));
    });
    const cancelled: string[] = [];
    const payments = provider(async (id) => void cancelled.push(id));
    await deleteAccount.run({ reason }, { ...context.as(caller('alice')), payments });
    expect(cancelled).toEqual(['sub_running']);
    expect(await context.store.get('users/alice')).toMatchObject({ deleted: true });
  });

  it('leaves the account as it was when the provider cannot be reached, so the member may try again', async () => {
    const context = await aliceWithPhotos();
    await context.store.runTransaction(async (tx) => tx.set('subscriptions/sub_running', running()));
    const before = await context.store.contents();
    const payments = provider(async () => {
      throw new Error('unreachable');
    });
    for (const attempt of [{ ...context.as(caller('alice')), payments }, context.as(caller('alice'))]) {
      await expect(deleteAccount.run({ reason }, attempt)).rejects.toMatchObject({
        code: 'unavailable',
        message: ACCOUNT_DELETION.failed,
      });
    }
    expect(await context.store.contents()).toEqual(before);
    expect(context.deletedAccounts).toEqual([]);
  });
});

describe('the purge of deleted members', () => {
  it('removes their photos, votes on them, files and personal data, and keeps their votes without who gave them', async () => {
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
    // When the last votes notification went out to her.
    await context.store.runTransaction(async (tx) =>
      tx.set('votePushes/alice', { sentAt: context.clock.now() }),
    );
    await deleteAccount.run({ reason }, context.as(caller('alice')));

    const { purged } = await purgeDeletedMembers(
      context.store,
      context.files,
      context.accounts,
      context.clock,
    );
    expect(purged).toBe(1);
    expect(await context.store.query('users/alice/photos')).toEqual([]);
    expect(await context.store.query('users/alice/photos/a1/votes')).toEqual([]);
    expect(await context.store.query('users/alice/votes')).toEqual([]);
    expect(await context.files.read('images/alice/resized/a1.webp')).toBeUndefined();
    const tombstone = await context.store.get<Record<string, unknown>>('users/alice');
    expect(Object.keys(tombstone!).sort()).toEqual(['deleted', 'deletedAt', 'purgedAt', 'uid']);
    expect(await context.store.get('votePushes/alice')).toBeUndefined();
    // Her vote on Bob's photo stays, with nobody sealed in it any more.
    const kept = await context.store.query<StoredVote>('users/bob/photos/b1/votes');
    expect(kept.map(({ data }) => data)).toMatchObject([{ rate: 3, sealedVoter: null }]);
    expect((await context.store.get<Photo>('users/bob/photos/b1'))?.votesCount).toBe(1);
    // Purged once: a second run finds nothing left to do.
    expect(
      (await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock)).purged,
    ).toBe(0);
  });

  it('reads only the members still to purge, never the tombstones of earlier runs', async () => {
    const context = testContext();
    await context.store.runTransaction(async (tx) => {
      for (let n = 0; n < 60; n++) {
        const at = new Date('2026-01-01T00:00:00Z');
        tx.set(`users/gone${n}`, { uid: `gone${n}`, deleted: true, deletedAt: at, purgedAt: at });
      }
    });
    await seedMember(context.store, 'alice');
    await deleteAccount.run({ reason }, context.as(caller('alice')));
    const counted = countingReads(context.store);
    const run = () => purgeDeletedMembers(counted.store, context.files, context.accounts, context.clock);
    expect((await run()).purged).toBe(1);
    counted.reads.documents = 0;
    expect((await run()).purged).toBe(0);
    // One empty query: none of the 61 tombstones is read again.
    expect(counted.reads.documents).toBe(1);
  });

  it('leaves nothing personal: every file of theirs, their name and picture on replies, reactions and messages', async () => {
    const context = await aliceWithPhotos();
    const alice = context.as(caller('alice'));
    const bob = context.as(caller('bob'));
    await context.store.runTransaction(async (tx) =>
      tx.update('users/alice', { displayName: 'Alice Wonder' }),
    );
    // Two avatars, the second replacing the first, and an upload never used.
    for (const name of ['profile_photo_1.jpg', 'profile_photo_2.jpg']) {
      await context.files.write(`images/alice/uploads/${name}`, samplePhoto(1), {
        contentType: 'image/jpeg',
      });
      await updateAvatar.run({ fileName: name }, alice);
    }
    const { photoURL } = (await context.store.get<User>('users/alice'))!;
    await context.files.write('images/alice/uploads/left.jpg', Buffer.from('x'), {
      contentType: 'image/jpeg',
    });
    // A conversation on bob's photo: alice's comment, bob's reply, alice's reaction and reply.
    await submitRating.run(
      { ownerId: 'bob', photoId: 'b1', rate: 4, comment: 'Nice light', seconds: 5 },
      alice,
    );
    const [vote] = await context.store.query('users/bob/photos/b1/votes');
    const voteId = vote!.id;
    const ref = { ownerId: 'bob', photoId: 'b1', voteId };
    const { replyId } = await replyToComment.run({ ...ref, text: 'Thank you!' }, bob);
    await reactToComment.run({ ...ref, replyId, emoji: '❤️' }, alice);
    await replyToComment.run({ ...ref, text: 'You are welcome' }, alice);
    expect(JSON.stringify(await context.store.contents())).toContain('Alice Wonder');

    await deleteAccount.run({ reason }, alice);
    await purgeDeletedMembers(context.store, context.files, context.accounts, context.clock);

    expect(await context.files.list('images/alice/')).toEqual([]);
    const everything = JSON.stringify(await context.store.contents());
    expect(everything).not.toContain('Alice Wonder');
    expect(everything).not.toContain(photoURL!);
    expect(everything).not.toContain('alice.jpg');
    // Bob's thread still reads, from a voter as it always did, now with nobody behind the vote.
    const thread = await context.store.get<StoredVote>(`users/bob/photos/b1/votes/${voteId}`);
    expect(thread?.replies.map((reply) => [reply.userName, reply.text])).toEqual([
      ['bob', 'Thank you!'],
      ['Voter', 'You are welcome'],
    ]);
    expect(thread?.replies[0]?.reactions).toMatchObject([{ userName: 'Voter', userPhotoURL: null }]);
    expect(thread?.sealedVoter).toBeNull();
    // The message never carried her name; it still says what happened.
    expect((await context.store.get<User>('users/bob'))?.lastNotification?.body).toMatch(
      /^A voter replied to you on /,
    );
  });
});
