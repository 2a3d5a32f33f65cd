import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../src/domain/notifications';
import { VOTER_REPLY_MESSAGES, VOTER_SELF, type Vote } from '../../../src/domain/vote';
import { caller, seedMember, seedPhoto, seedVote, testContext } from '../testing';
import type { User } from '../../../src/domain/user';
import { deleteReply, getMyComment, reactToComment, replyToComment } from './comments';
import { markNotificationsSeen } from './mark-notifications-seen';

/** Alice's photo, Bob's vote on it with a comment, and Carol, who has no part in it. */
async function conversation() {
  const context = testContext();
  await seedMember(context.store, 'alice', { displayName: 'Alice' });
  await seedMember(context.store, 'bob', { displayName: 'Bob', photoURL: 'http://files.test/bob.webp' });
  await seedMember(context.store, 'carol', { displayName: 'Carol' });
  await seedPhoto(context.store, 'alice', 'p1', { votesCount: 1, rate: 4 });
  const voteId = await seedVote(context.store, 'alice', 'p1', 'bob', {
    comment: 'Nice smile',
    chips: ['friendly'],
    viewingTimeSeconds: 9,
  });
  const votePath = `users/alice/photos/p1/votes/${voteId}`;
  return { ...context, voteId, votePath, ref: { ownerId: 'alice', photoId: 'p1', voteId } };
}

describe('replies', () => {
  it('lets the owner and the voter reply, trimmed, and says whom each answers', async () => {
    const { store, as, ref, clock, voteId, votePath } = await conversation();
    const { replyId } = await replyToComment.run({ ...ref, text: '  Thank you!  ' }, as(caller('alice')));
    // The voter names their vote by the photo: they never learn its id.
    await replyToComment.run({ ownerId: 'alice', photoId: 'p1', text: 'You are welcome' }, as(caller('bob')));
    const vote = await store.get<Vote>(votePath);
    expect(vote?.replies).toEqual([
      expect.objectContaining({
        id: replyId,
        text: 'Thank you!',
        userId: 'alice',
        userName: 'Alice',
        repliedToUserId: voteId,
        repliedAt: clock.now(),
        reactions: [],
      }),
      // Within the vote the voter is its id, with no name and no picture.
      {
        id: expect.any(String),
        text: 'You are welcome',
        userId: voteId,
        userName: 'Voter',
        userPhotoURL: null,
        repliedAt: clock.now(),
        repliedToUserId: 'alice',
        reactions: [],
      },
    ]);
  });

  it('lets the voter answer the owner by the id the owner reads too, and nobody by any other', async () => {
    const { store, as, ref, votePath } = await conversation();
    await seedMember(store, 'dave');
    const davesVote = await seedVote(store, 'alice', 'p1', 'dave');
    await replyToComment.run({ ...ref, text: 'Glad you like it' }, as(caller('alice')));
    await replyToComment.run({ ...ref, text: 'Thanks' }, as(caller('bob')));
    const before = await store.contents();
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      // Another voter's vote, or one's own named by one's uid, as votes were once kept.
      ['bob', { ...ref, voteId: davesVote }, 'permission-denied'],
      ['bob', { ...ref, voteId: 'bob' }, 'permission-denied'],
      ['carol', ref, 'permission-denied'],
      // Carol gave no vote on the photo to name by it.
      ['carol', { ownerId: 'alice', photoId: 'p1' }, 'not-found'],
      ['bob', { ownerId: 'alice', photoId: 'p2' }, 'not-found'],
      // The owner has many votes on the photo: they must say which.
      ['alice', { ownerId: 'alice', photoId: 'p1' }, 'invalid-argument'],
    ];
    for (const [who, target, code] of refusals)
      await expect(replyToComment.run({ ...target, text: 'hi' }, as(caller(who)))).rejects.toMatchObject({
        code,
      });
    expect(await store.contents()).toEqual(before);
    expect((await store.get<Vote>(votePath))?.replies).toHaveLength(2);
  });

  it('lets the voter answer only once the owner has replied, and only once', async () => {
    const { store, as, ref, votePath } = await conversation();
    const voter = { ownerId: 'alice', photoId: 'p1' };
    await expect(replyToComment.run({ ...voter, text: 'Hello?' }, as(caller('bob')))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: VOTER_REPLY_MESSAGES.ownerFirst,
    });
    await replyToComment.run({ ...ref, text: 'Thank you!' }, as(caller('alice')));
    await replyToComment.run({ ...voter, text: 'You are welcome' }, as(caller('bob')));
    await expect(replyToComment.run({ ...voter, text: 'Again' }, as(caller('bob')))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: VOTER_REPLY_MESSAGES.once,
    });
    await replyToComment.run({ ...ref, text: 'Talk soon' }, as(caller('alice')));
    expect((await store.get<Vote>(votePath))?.replies.map((reply) => reply.text)).toEqual([
      'Thank you!',
      'You are welcome',
      'Talk soon',
    ]);
  });

  it("gives the voter their comment with the owner's replies, naming them 'you' and never the vote's id", async () => {
    const { as, ref } = await conversation();
    await replyToComment.run({ ...ref, text: 'Thank you!' }, as(caller('alice')));
    await replyToComment.run({ ownerId: 'alice', photoId: 'p1', text: 'Welcome' }, as(caller('bob')));
    const mine = await getMyComment.run({ ownerId: 'alice', photoId: 'p1' }, as(caller('bob')));
    expect(mine.thread?.replies.map((reply) => [reply.userId, reply.text])).toEqual([
      ['alice', 'Thank you!'],
      [VOTER_SELF, 'Welcome'],
    ]);
    expect(JSON.stringify(mine)).not.toContain(ref.voteId);
    expect(JSON.stringify(mine)).not.toContain('sealedVoter');
    // No vote, one's own photo, or another's vote: nothing.
    expect(await getMyComment.run({ ownerId: 'alice', photoId: 'p1' }, as(caller('carol')))).toEqual({
      caption: null,
      thread: null,
    });
    expect(
      (await getMyComment.run({ ownerId: 'alice', photoId: 'p1' }, as(caller('alice')))).thread,
    ).toBeNull();
    for (const input of [
      { ownerId: 'alice' },
      { ownerId: 'alice', photoId: 'p1', voteId: ref.voteId },
      { ownerId: ['alice'], photoId: 'p1' },
    ])
      await expect(getMyComment.run(input, as(caller('bob')))).rejects.toMatchObject({
        code: 'invalid-argument',
      });
    await expect(getMyComment.run({ ownerId: 'alice', photoId: 'p1' }, as(null))).rejects.toMatchObject({
      code: 'unauthenticated',
    });
  });

  it('sends no empty reply, no reply over 500 characters, and none from outside the conversation', async () => {
    const { store, as, ref, votePath } = await conversation();
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
    const { store, as, ref, votePath } = await conversation();
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
    const { store, as, ref, votePath } = await conversation();
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
    const { store, as, ref, voteId, votePath } = await conversation();
    const { replyId } = await replyToComment.run({ ...ref, text: 'Thanks' }, as(caller('alice')));
    await reactToComment.run({ ownerId: 'alice', photoId: 'p1', replyId, emoji: '😂' }, as(caller('bob')));
    expect((await store.get<Vote>(votePath))?.replies[0]?.reactions).toEqual([
      {
        id: voteId,
        emoji: '😂',
        userId: voteId,
        userName: 'Voter',
        userPhotoURL: null,
        reactedAt: expect.any(Date),
      },
    ]);
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
    // The server finds the voter through the vote's sealed voter.
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
    // The owner's messages name no sender: the voter's uid would say who they are.
    const toOwner = await store.query<AppNotification>('users/alice/notifications');
    expect(toOwner.map(({ data }) => data.fromUserId)).toEqual([null]);
    expect((await store.get<User>('users/alice'))?.lastNotification?.fromUserId).toBeNull();

    // Bob's own comment: no news for himself; taking a reaction back is no news either.
    await reactToComment.run({ ...ref, emoji: '👍' }, as(caller('bob')));
    await reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')));
    expect(await store.query('users/bob/notifications')).toHaveLength(3);

    await markNotificationsSeen.run({}, as(caller('bob')));
    expect((await store.get<User>('users/bob'))?.notificationsSeenAt).toBeInstanceOf(Date);
  });

  it('name the photo by its caption, which both of them have seen', async () => {
    const { store, as, ref, votePath } = await conversation();
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

  it('reach nobody once the voter is gone, and the conversation goes on', async () => {
    const { store, as, ref, votePath } = await conversation();
    // What the purge of Bob's account leaves of his vote.
    await store.runTransaction(async (tx) => tx.update(votePath, { sealedVoter: null }));
    await replyToComment.run({ ...ref, text: 'Thanks!' }, as(caller('alice')));
    await reactToComment.run({ ...ref, emoji: '❤️' }, as(caller('alice')));
    expect((await store.get<Vote>(votePath))?.replies).toHaveLength(1);
    expect(await store.query('users/bob/notifications')).toEqual([]);
  });
});
