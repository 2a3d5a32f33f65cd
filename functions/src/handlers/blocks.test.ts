/** Blocking from a comment, a reply or a photo, and unblocking from the profile's list, attacked too. */
import { describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES, BLOCKS_MAX, memberBlocksPath, type MemberBlocks } from '../../../src/domain/blocks';
import type { User } from '../../../src/domain/user';
import { caller, seedMember, seedPhoto, seedVote, testContext } from '../testing';
import { blockMember, unblockMember } from './blocks';
import { replyToComment } from './comments';
import { getPhotos, submitRating } from './rating';
import type { StoredVote } from './vote-keys';

/** Olga owns two photos; Victor commented on both; a bot voted on one. */
async function withComment() {
  const context = testContext();
  for (const uid of ['olga', 'victor', 'walt']) await seedMember(context.store, uid, { gender: 'male' });
  await seedPhoto(context.store, 'olga', 'p1');
  await seedPhoto(context.store, 'olga', 'p2');
  await seedPhoto(context.store, 'victor', 'v1');
  const voteId = await seedVote(context.store, 'olga', 'p1', 'victor', { comment: 'Nice light' });
  const otherVote = await seedVote(context.store, 'olga', 'p2', 'victor', { comment: 'Again me' });
  const waltVote = await seedVote(context.store, 'olga', 'p1', 'walt', { comment: 'Hello' });
  return { context, voteId, otherVote, waltVote };
}

const record = async (context: ReturnType<typeof testContext>, uid: string) =>
  (await context.store.get<User>(`users/${uid}`))!;
const vote = async (context: ReturnType<typeof testContext>, photoId: string, id: string) =>
  (await context.store.get<StoredVote>(`users/olga/photos/${photoId}/votes/${id}`))!;
const feedOf = async (context: ReturnType<typeof testContext>, uid: string) =>
  (await getPhotos.run({}, context.as(caller(uid)))).photos.map((photo) => photo.id);

describe('blockMember from a comment', () => {
  it("hides the comment blocked from and no other vote (which would link the voter's votes), and names no one on the record", async () => {
    const { context, voteId, otherVote, waltVote } = await withComment();
    expect(await feedOf(context, 'victor')).toContain('p1');
    const { blockId } = await blockMember.run(
      { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
      context.as(caller('olga')),
    );
    expect((await vote(context, 'p1', voteId)).blocked).toBe(true);
    expect((await vote(context, 'p2', otherVote)).blocked).toBeUndefined();
    expect((await vote(context, 'p1', waltVote)).blocked).toBeUndefined();
    const olga = await record(context, 'olga');
    expect(olga.blockList).toEqual([{ id: blockId, from: 'comment', at: context.clock.now().toISOString() }]);
    expect(JSON.stringify(olga)).not.toContain('victor');
    expect(JSON.stringify(await record(context, 'victor'))).not.toContain('olga');
    // Neither sees the other's photos; the commenter can no longer reply in the thread.
    expect(await feedOf(context, 'victor')).not.toContain('p1');
    expect(await feedOf(context, 'olga')).not.toContain('v1');
    await expect(
      replyToComment.run({ ownerId: 'olga', photoId: 'p1', text: 'Why?' }, context.as(caller('victor'))),
    ).rejects.toMatchObject({ code: 'permission-denied', message: BLOCK_MESSAGES.closed });
  });

  it('unblocks from the list: the votes show again and the feeds meet again', async () => {
    const { context, voteId } = await withComment();
    const { blockId } = await blockMember.run(
      { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
      context.as(caller('olga')),
    );
    await expect(unblockMember.run({ blockId }, context.as(caller('olga')))).resolves.toEqual({
      unblocked: true,
    });
    expect((await vote(context, 'p1', voteId)).blocked).toBe(false);
    expect((await record(context, 'olga')).blockList).toEqual([]);
    expect(await context.store.get<MemberBlocks>(memberBlocksPath('victor'))).toEqual({
      blocks: [],
      blockedBy: [],
    });
    expect(await feedOf(context, 'olga')).toContain('v1');
    await expect(unblockMember.run({ blockId }, context.as(caller('olga')))).rejects.toMatchObject({
      code: 'not-found',
      message: BLOCK_MESSAGES.unknown,
    });
  });

  it("refuses a comment on someone else's photo, a bot's vote, an unknown vote, and twice", async () => {
    const { context, voteId } = await withComment();
    const bot = await seedVote(context.store, 'olga', 'p1', 'bot-1', { sealedVoter: null });
    await expect(
      blockMember.run(
        { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
        context.as(caller('walt')),
      ),
    ).rejects.toMatchObject({ code: 'permission-denied', message: BLOCK_MESSAGES.notYours });
    for (const id of [bot, 'f'.repeat(32)])
      await expect(
        blockMember.run(
          { ownerId: 'olga', photoId: 'p1', voteId: id, from: 'comment' },
          context.as(caller('olga')),
        ),
      ).rejects.toMatchObject({ code: 'not-found', message: BLOCK_MESSAGES.gone });
    await blockMember.run(
      { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
      context.as(caller('olga')),
    );
    await expect(
      blockMember.run(
        { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
        context.as(caller('olga')),
      ),
    ).rejects.toMatchObject({ code: 'already-exists', message: BLOCK_MESSAGES.already });
    expect((await record(context, 'olga')).blockList).toHaveLength(1);
  });
});

describe('blockMember from a photo or a reply', () => {
  it("blocks the photo's owner without telling the blocker who, and refuses a vote on their photos", async () => {
    const { context } = await withComment();
    await seedPhoto(context.store, 'olga', 'p3');
    await blockMember.run({ ownerId: 'olga', photoId: 'p3', from: 'photo' }, context.as(caller('walt')));
    expect(JSON.stringify(await record(context, 'walt'))).not.toContain('olga');
    expect(await feedOf(context, 'walt')).toEqual(['v1']);
    await expect(
      submitRating.run({ ownerId: 'olga', photoId: 'p3', rate: 4, seconds: 5 }, context.as(caller('walt'))),
    ).rejects.toMatchObject({ code: 'failed-precondition' });
  });

  it("marks none of the blocked owner's votes on the blocker's photos: which votes are theirs stays unknown", async () => {
    const { context, voteId, otherVote } = await withComment();
    await seedPhoto(context.store, 'victor', 'v2');
    // Olga blocks Victor as a photo's owner: his comments on her photos must not light up.
    await blockMember.run({ ownerId: 'victor', photoId: 'v2', from: 'photo' }, context.as(caller('olga')));
    expect((await vote(context, 'p1', voteId)).blocked).toBeUndefined();
    expect((await vote(context, 'p2', otherVote)).blocked).toBeUndefined();
  });

  it('refuses oneself, an unknown photo, a deleted owner and a signed-out caller, writing nothing', async () => {
    const { context } = await withComment();
    await seedMember(context.store, 'gone', { deletedAt: new Date() });
    await seedPhoto(context.store, 'gone', 'g1');
    const before = await context.store.contents();
    await expect(
      blockMember.run({ ownerId: 'olga', photoId: 'p1', from: 'photo' }, context.as(caller('olga'))),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: BLOCK_MESSAGES.self });
    await expect(
      blockMember.run({ ownerId: 'olga', photoId: 'nope', from: 'photo' }, context.as(caller('walt'))),
    ).rejects.toMatchObject({ code: 'not-found' });
    await expect(
      blockMember.run({ ownerId: 'gone', photoId: 'g1', from: 'reply' }, context.as(caller('walt'))),
    ).rejects.toMatchObject({ code: 'not-found', message: BLOCK_MESSAGES.gone });
    await expect(
      blockMember.run({ ownerId: 'olga', photoId: 'p1', from: 'photo' }, context.as(null)),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(await context.store.contents()).toEqual(before);
  });
});

describe('blockMember and unblockMember, attacked', () => {
  it.each([
    [{ ownerId: 'olga', photoId: 'p1', from: 'comment' }],
    [{ ownerId: 'olga', photoId: 'p1', voteId: 'abc', from: 'photo' }],
    [{ ownerId: 'olga', photoId: 'p1', from: 'admin' }],
    [{ ownerId: 'olga', photoId: 'p1' }],
    [{ ownerId: ['olga'], photoId: 'p1', from: 'photo' }],
    [{ ownerId: 'olga/../users', photoId: 'p1', from: 'photo' }],
    [{ ownerId: 'olga', photoId: 7, from: 'photo' }],
    [{ ownerId: 'olga', photoId: 'p1', from: 'photo', uid: 'victor' }],
    [{ ownerId: 'x'.repeat(100_000), photoId: 'p1', from: 'photo' }],
    [JSON.parse('{"ownerId":"olga","photoId":"p1","from":"photo","__proto__":{"blocks":["victor"]}}')],
    [JSON.parse('{"ownerId":"olga","photoId":"p1","from":"photo","constructor":{"prototype":{}}}')],
  ])('refuses %j with a 4xx and writes nothing', async (input) => {
    const { context } = await withComment();
    const before = await context.store.contents();
    await expect(blockMember.run(input, context.as(caller('walt')))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect(await context.store.contents()).toEqual(before);
  });

  it.each([
    [{}],
    [{ blockId: 5 }],
    [{ blockId: '../x' }],
    [{ blockId: 'b', extra: 1 }],
    [{ blockId: 'x'.repeat(65) }],
  ])('unblock refuses %j', async (input) => {
    const { context } = await withComment();
    await expect(unblockMember.run(input, context.as(caller('olga')))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });

  it("cannot unblock another member's block", async () => {
    const { context, voteId } = await withComment();
    const { blockId } = await blockMember.run(
      { ownerId: 'olga', photoId: 'p1', voteId, from: 'comment' },
      context.as(caller('olga')),
    );
    await expect(unblockMember.run({ blockId }, context.as(caller('victor')))).rejects.toMatchObject({
      code: 'not-found',
    });
    expect((await record(context, 'olga')).blockList).toHaveLength(1);
  });

  it(`keeps a list to ${BLOCKS_MAX}`, async () => {
    const { context } = await withComment();
    const full: MemberBlocks = {
      blocks: Array.from({ length: BLOCKS_MAX }, (_, n) => ({ id: `b${n}`, uid: `m${n}` })),
      blockedBy: [],
    };
    await context.store.runTransaction(async (tx) => tx.set(memberBlocksPath('walt'), { ...full }));
    await expect(
      blockMember.run({ ownerId: 'olga', photoId: 'p1', from: 'photo' }, context.as(caller('walt'))),
    ).rejects.toMatchObject({ code: 'resource-exhausted', message: BLOCK_MESSAGES.full });
    expect((await context.store.get<MemberBlocks>(memberBlocksPath('walt')))?.blocks).toHaveLength(
      BLOCKS_MAX,
    );
  });
});
