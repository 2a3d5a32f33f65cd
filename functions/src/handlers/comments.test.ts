import { describe, expect, it } from 'vitest';
import type { Vote } from '../../../src/domain/vote';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import type { User } from '../../../src/domain/user';
import { deleteReply, reactToComment, replyToComment } from './comments';
import { markNotificationsSeen } from './mark-notifications-seen';

const votePath = 'users/alice/photos/p1/votes/bob';

async function conversation() {
  const context = testContext();
  await seedMember(context.store, 'alice', { displayName: 'Alice' });
  await seedMember(context.store, 'bob', { displayName: 'Bob' });
  await seedMember(context.store, 'carol', { displayName: 'Carol' });
  await seedPhoto(context.store, 'alice', 'p1', { votesCount: 1, rate: 4 });
  await context.store.runTransaction(async (tx) =>
    tx.set(votePath, {
      userId: 'bob',
      rate: 4,
      comment: 'Nice smile',
      chips: ['friendly'],
      age: 30,
      gender: 'male',
      viewingTimeSeconds: 9,
      ratedAt: new Date('2026-11-20T10:00:00Z'),
      evaluated: true,
      reactions: [],
      replies: [],
    }),
  );
  const ref = { ownerId: 'alice', photoId: 'p1', voteId: 'bob' };
  return { ...context, ref };
}

describe('replies', () => {
  it('lets the owner and the voter reply, trimmed, and says whom each answers', async () => {
    const { store, as, ref, clock } = await conversation();
    const { replyId } = await replyToComment.run({ ...ref, text: '  Thank you!  ' }, as(caller('alice')));
    await replyToComment.run({ ...ref, text: 'You are welcome' }, as(caller('bob')));
    const vote = await store.get<Vote>(votePath);
    expect(vote?.replies).toEqual([
      expect.objectContaining({
        id: replyId,
        text: 'Thank you!',
        userId: 'alice',
        userName: 'Alice',
        repliedToUserId: 'bob',
        repliedAt: clock.now(),
        reactions: [],
      }),
      expect.objectContaining({ text: 'You are welcome', userId: 'bob', repliedToUserId: 'alice' }),
    ]);
  });

  it('sends no empty reply, no reply over 500 characters, and none from outside the conversation', async () => {
    const { store, as, ref } = await conversation();
    await expect(replyToComment.run({ ...ref, text: '   ' }, as(caller('alice')))).rejects.toMatchObject({
      message: 'Reply cannot be empty',
    });
    await expect(
      replyToComment.run({ ...ref, text: 'x'.repeat(501) }, as(caller('alice'))),
    ).rejects.toMatchObject({
      message: 'Reply must be at most 500 characters',
    });
    await expect(replyToComment.run({ ...ref, text: 'hi' }, as(caller('carol')))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      replyToComment.run({ ...ref, voteId: 'nobody', text: 'hi' }, as(caller('alice'))),
    ).rejects.toMatchObject({ code: 'not-found' });
    expect((await store.get<Vote>(votePath))?.replies).toEqual([]);
  });

  it("deletes only one's own reply", async () => {
    const { store, as, ref } = await conversation();
    const { replyId } = await replyToComment.run({ ...ref, text: 'Thanks' }, as(caller('alice')));
    await expect(deleteReply.run({ ...ref, replyId }, as(caller('bob')))).rejects.toMatchObject({
      code: 'permission-denied',
      message: 'You can only delete your own replies.',
    });
    await expect(deleteReply.run({ ...ref, replyId }, as(caller('alice')))).resolves.toEqual({
      deleted: true,
    });
    expect((await store.get<Vote>(votePath))?.replies).toEqual([]);
    await expect(deleteReply.run({ ...ref, replyId }, as(caller('alice')))).rejects.toMatchObject({
      code: 'not-found',
    });
  });
});

describe('reactions', () => {
  it('adds, replaces with another emoji, and removes with the same one', async () => {
    const { store, as, ref } = await conversation();
    await expect(reactToComment.run({ ...ref, emoji: '👍' }, as(caller('alice')))).resolves.toEqual({
      emoji: '👍',
    });
    expect(
      (await store.get<Vote>(votePath))?.reactions.map((reaction) => [reaction.userId, reaction.emoji]),
    ).toEqual([['alice', '👍']]);
    await expect(reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')))).resolves.toEqual({
      emoji: '❤️',
    });
    expect((await store.get<Vote>(votePath))?.reactions.map((reaction) => reaction.emoji)).toEqual(['❤️']);
    await expect(reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')))).resolves.toEqual({
      emoji: null,
    });
    expect((await store.get<Vote>(votePath))?.reactions).toEqual([]);
  });

  it('reacts to a reply, and refuses other emojis and outsiders', async () => {
    const { store, as, ref } = await conversation();
    const { replyId } = await replyToComment.run({ ...ref, text: 'Thanks' }, as(caller('alice')));
    await reactToComment.run({ ...ref, replyId, emoji: '😂' }, as(caller('bob')));
    expect(
      (await store.get<Vote>(votePath))?.replies[0]?.reactions.map((reaction) => [
        reaction.userName,
        reaction.emoji,
      ]),
    ).toEqual([['Bob', '😂']]);
    await expect(reactToComment.run({ ...ref, emoji: '🍕' }, as(caller('alice')))).rejects.toMatchObject({
      message: 'Choose one of the reactions',
    });
    await expect(reactToComment.run({ ...ref, emoji: '👍' }, as(caller('carol')))).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(
      reactToComment.run({ ...ref, replyId: 'nope', emoji: '👍' }, as(caller('alice'))),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('notifications of reactions and replies', () => {
  it("tell the comment's author about the photo, never who reacted or replied; none for one's own or a reaction taken back", async () => {
    const { store, as, ref } = await conversation();
    await reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')));
    expect((await store.get<User>('users/bob'))?.lastNotification).toMatchObject({
      title: 'Photorater',
      body: 'The owner of a photo you rated reacted ❤️ to your comment',
      photoId: 'p1',
      photoOwnerId: 'alice',
    });
    await replyToComment.run({ ...ref, text: 'Thanks!' }, as(caller('alice')));
    expect((await store.get<User>('users/bob'))?.lastNotification?.body).toBe(
      'The owner of a photo you rated replied to your comment',
    );
    const { replyId } = await replyToComment.run({ ...ref, text: 'Welcome' }, as(caller('bob')));
    expect((await store.get<User>('users/alice'))?.lastNotification?.body).toBe(
      'A voter replied to you on your photo',
    );
    await reactToComment.run({ ...ref, replyId, emoji: '😂' }, as(caller('alice')));
    expect((await store.get<User>('users/bob'))?.lastNotification?.body).toBe(
      'The owner of a photo you rated reacted 😂 to your reply',
    );
    expect(await store.query('users/bob/notifications')).toHaveLength(3);
    // Neither member's name is in any message: voters never see the owner's name, comments are anonymous.
    for (const uid of ['alice', 'bob']) {
      const messages = await store.query<{ body: string }>(`users/${uid}/notifications`);
      for (const { data } of messages) expect(data.body).not.toMatch(/Alice|Bob/);
    }

    // Bob's own comment: no news for himself; taking a reaction back is no news either.
    await reactToComment.run({ ...ref, emoji: '👍' }, as(caller('bob')));
    await reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')));
    expect(await store.query('users/bob/notifications')).toHaveLength(3);

    await markNotificationsSeen.run({}, as(caller('bob')));
    expect((await store.get<User>('users/bob'))?.notificationsSeenAt).toBeInstanceOf(Date);
  });

  it('name the photo by its caption, which both of them have seen', async () => {
    const { store, as, ref } = await conversation();
    await store.runTransaction(async (tx) => tx.update('users/alice/photos/p1', { caption: 'Sunday hike' }));
    await replyToComment.run({ ...ref, text: 'Thanks!' }, as(caller('alice')));
    expect((await store.get<User>('users/bob'))?.lastNotification?.body).toBe(
      'The owner of “Sunday hike” replied to your comment',
    );
    await replyToComment.run({ ...ref, text: 'Welcome' }, as(caller('bob')));
    expect((await store.get<User>('users/alice'))?.lastNotification?.body).toBe(
      'A voter replied to you on “Sunday hike”',
    );
    const [ownerReply] = (await store.get<Vote>(votePath))!.replies;
    await reactToComment.run({ ...ref, replyId: ownerReply!.id, emoji: '👍' }, as(caller('bob')));
    expect((await store.get<User>('users/alice'))?.lastNotification?.body).toBe(
      'A voter reacted 👍 to your reply on “Sunday hike”',
    );
  });
});
