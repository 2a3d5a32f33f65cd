import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import { ADMIN_PHOTO_MESSAGES } from '../../../src/domain/admin-photos';
import type { Photo } from '../../../src/domain/photo';
import { sumSiteStats, type SiteStats } from '../../../src/domain/site-stats';
import type { User } from '../../../src/domain/user';
import type { Vote } from '../../../src/domain/vote';
import { offlineCommentWriter } from '../photos/gen-comments';
import { caller, recordTransactionWrites, seedMember, seedPhoto, seedVote, testContext } from '../testing';
import {
  adminAddBotVote,
  adminDeletePhoto,
  adminListPhotos,
  adminListVotes,
  adminUpdatePhoto,
  generateGenComments,
  generateGenCommentsHandler,
} from './admin-photos';

const admin = caller('ada', { isAdmin: true });
const bot = {
  userId: 'owen',
  photoId: 'p1',
  rate: 4,
  comment: 'Great light',
  chips: [],
  age: 30,
  gender: 'male',
};

async function withPhotos() {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'owen', { points: 5 });
  await seedMember(context.store, 'dana');
  await seedPhoto(context.store, 'owen', 'p1', {
    caption: 'Hello',
    votesCount: 2,
    rate: 3,
    voteTotals: { hearts: { '6': 2 }, tags: {} },
  });
  await seedPhoto(context.store, 'owen', 'p2', {
    active: false,
    uploadedAt: new Date('2026-11-11T10:00:00Z'),
  });
  await seedPhoto(context.store, 'dana', 'd1', { uploadedAt: new Date('2026-11-12T10:00:00Z') });
  return context;
}

async function logOf(context: ReturnType<typeof testContext>) {
  return (await context.store.query<AdminLogEntry>('adminLog')).map((entry) => entry.data);
}

describe('the admin photo operations', () => {
  const operations = [
    ['adminListPhotos', adminListPhotos, {}],
    ['adminUpdatePhoto', adminUpdatePhoto, { userId: 'owen', photoId: 'p1', active: false }],
    ['adminDeletePhoto', adminDeletePhoto, { userId: 'owen', photoId: 'p1' }],
    ['adminListVotes', adminListVotes, { userId: 'owen', photoId: 'p1' }],
    ['adminAddBotVote', adminAddBotVote, bot],
    ['generateGenComments', generateGenComments, { userId: 'owen', photoId: 'p1' }],
  ] as const;

  it.each(operations)(
    '%s refuses members, visitors and an admin by record only; nothing is written',
    async (_n, handler, input) => {
      const context = await withPhotos();
      const before = await context.store.contents();
      for (const who of [caller('dana'), caller('ada'), caller('owen'), null]) {
        await expect(handler.run(input, context.as(who))).rejects.toMatchObject({
          code: who ? 'permission-denied' : 'unauthenticated',
        });
      }
      await expect(handler.run(input, context.as(caller('dana')))).rejects.toThrow(ADMIN_MESSAGES.adminOnly);
      expect(await context.store.contents()).toEqual(before);
    },
  );

  it.each([
    [adminUpdatePhoto, { photoId: 'p1', active: false }, ADMIN_PHOTO_MESSAGES.userIdToUpdate],
    [adminDeletePhoto, { photoId: 'p1' }, ADMIN_PHOTO_MESSAGES.userIdToDelete],
    [generateGenComments, { photoId: 'p1' }, ADMIN_PHOTO_MESSAGES.userIdToGenerate],
    [adminListVotes, { userId: 'owen' }, ADMIN_PHOTO_MESSAGES.noPhotoId],
    [adminAddBotVote, { ...bot, rate: undefined }, ADMIN_PHOTO_MESSAGES.photoAndRating],
    [adminAddBotVote, { ...bot, photoId: undefined }, ADMIN_PHOTO_MESSAGES.photoAndRating],
    [adminAddBotVote, { ...bot, age: 12 }, ADMIN_PHOTO_MESSAGES.botAge],
    [adminAddBotVote, { ...bot, age: 101 }, ADMIN_PHOTO_MESSAGES.botAge],
    [adminAddBotVote, { ...bot, rate: 4.2 }, 'Rating must be 0.5 to 5 hearts'],
    [adminAddBotVote, { ...bot, rate: '4' }, 'rate must be a number'],
    [adminAddBotVote, { ...bot, chips: ['not a tag'] }, 'Choose tags from the list'],
    [adminAddBotVote, { ...bot, photoId: 'nope' }, ADMIN_PHOTO_MESSAGES.photoGone],
    [adminUpdatePhoto, { userId: 'owen', photoId: 'p1', labels: ['a b'] }, 'A label has no commas or spaces'],
    [adminUpdatePhoto, { userId: 'owen', photoId: 'p1', caption: 'Hello' }, 'Nothing was changed.'],
    [adminUpdatePhoto, { userId: 'owen', photoId: 'p1', userId2: 'x' }, 'Unknown field: userId2'],
    [adminUpdatePhoto, { userId: '../dana', photoId: 'p1', active: true }, 'The ID is not valid'],
    [generateGenComments, { userId: 'owen', photoId: 'p1', count: 0 }, 'Count must be 1 to 100'],
    [generateGenComments, { userId: 'owen', photoId: 'p1', mode: 'append' }, 'Choose replace or add'],
    [adminListPhotos, { cursor: 'yesterday' }, 'This page cursor is not valid.'],
    [adminListPhotos, { active: 'maybe' }, 'Choose all, active or inactive'],
    [adminDeletePhoto, { userId: 'owen', photoId: 'gone' }, ADMIN_PHOTO_MESSAGES.photoGone],
  ] as const)(
    'refuses bad input with its message and writes nothing (%#)',
    async (handler, input, message) => {
      const context = await withPhotos();
      const before = await context.store.contents();
      await expect(handler.run(input, context.as(admin))).rejects.toThrow(message);
      expect(await context.store.contents()).toEqual(before);
    },
  );

  it('lists every photo newest first, by uploader and active state, 20 a page after a cursor', async () => {
    const context = await withPhotos();
    const all = await adminListPhotos.run({}, context.as(admin));
    expect(all.photos.map((photo) => `${photo.userId}/${photo.id}`)).toEqual([
      'dana/d1',
      'owen/p2',
      'owen/p1',
    ]);
    expect(all.cursor).toBeNull();
    // Who uploaded each, by name and e-mail; a photo whose owner's record is gone says so.
    expect(all.photos[0]!.uploader).toEqual({ displayName: 'dana', email: 'dana@example.com' });
    await context.store.runTransaction(async (tx) => tx.delete('users/owen'));
    expect((await adminListPhotos.run({}, context.as(admin))).photos.map((photo) => photo.uploader)).toEqual([
      { displayName: 'dana', email: 'dana@example.com' },
      null,
      null,
    ]);
    const owens = await adminListPhotos.run({ userId: 'owen', active: 'inactive' }, context.as(admin));
    expect(owens.photos.map((photo) => photo.id)).toEqual(['p2']);
    expect(
      (await adminListPhotos.run({ active: 'active' }, context.as(admin))).photos.map((p) => p.id),
    ).toEqual(['d1', 'p1']);

    for (let n = 0; n < 25; n++)
      await seedPhoto(context.store, 'dana', `m${n}`, { uploadedAt: new Date(Date.UTC(2026, 9, 1 + n)) });
    const first = await adminListPhotos.run({ userId: 'dana' }, context.as(admin));
    expect(first.photos).toHaveLength(20);
    const second = await adminListPhotos.run({ userId: 'dana', cursor: first.cursor! }, context.as(admin));
    expect(second.photos).toHaveLength(6);
    expect(second.cursor).toBeNull();
    expect(new Set([...first.photos, ...second.photos].map((photo) => photo.id)).size).toBe(26);
  });

  it('skips no photo uploaded in the same instant as the last of a page', async () => {
    const context = await withPhotos();
    const at = new Date('2026-09-01T10:00:00Z');
    for (let n = 0; n < 30; n++) await seedPhoto(context.store, `u${n % 4}`, `same${n}`, { uploadedAt: at });
    const first = await adminListPhotos.run({}, context.as(admin));
    const second = await adminListPhotos.run({ cursor: first.cursor! }, context.as(admin));
    const ids = [...first.photos, ...second.photos].map((photo) => photo.id);
    expect(new Set(ids).size).toBe(33);
    expect(first.cursor).toMatch(/\|users\/u\d\/photos\/same\d+$/);
  });

  it('edits only what changed, archives and restores, and logs before and after', async () => {
    const context = await withPhotos();
    const result = await adminUpdatePhoto.run(
      { userId: 'owen', photoId: 'p1', caption: 'Hello', labels: ['portrait', 'outdoor', 'portrait'] },
      context.as(admin),
    );
    expect(result).toEqual({ updated: ['labels'] });
    await adminUpdatePhoto.run({ userId: 'owen', photoId: 'p1', active: false }, context.as(admin));
    let photo = await context.store.get<Photo & { labels: string[] }>('users/owen/photos/p1');
    expect(photo).toMatchObject({ caption: 'Hello', labels: ['portrait', 'outdoor'], active: false });
    await adminUpdatePhoto.run({ userId: 'owen', photoId: 'p1', active: true }, context.as(admin));
    photo = await context.store.get('users/owen/photos/p1');
    expect(photo?.active).toBe(true);
    const log = await logOf(context);
    expect(log).toHaveLength(3);
    expect(log).toContainEqual(
      expect.objectContaining({ action: 'updatePhoto', before: { active: true }, after: { active: false } }),
    );
  });

  it("deletes a photo with its votes and files, as the owner's own deletion does", async () => {
    const context = await withPhotos();
    await adminAddBotVote.run(bot, context.as(admin));
    await context.store.runTransaction(async (tx) =>
      tx.update('users/owen/photos/p1', { smallImageName: 'p1_small.webp' }),
    );
    const photo = await context.store.get<Photo>('users/owen/photos/p1');
    for (const file of [photo!.imageName, `resized/${photo!.resizedImageName}`, 'resized/p1_small.webp'])
      await context.files.write(`images/owen/${file}`, Buffer.from('x'), { contentType: 'image/jpeg' });
    await adminDeletePhoto.run({ userId: 'owen', photoId: 'p1' }, context.as(admin));
    expect(await context.store.get('users/owen/photos/p1')).toBeUndefined();
    expect(await context.store.query('users/owen/photos/p1/votes')).toHaveLength(0);
    expect(await context.files.list('images/owen/')).toEqual([]);
    expect((await logOf(context)).map((entry) => entry.action).sort()).toEqual(['addBotVote', 'deletePhoto']);
  });

  it('writes the audit entry in the transaction that deletes the record', async () => {
    const context = await withPhotos();
    await adminAddBotVote.run(bot, context.as(admin));
    const committed = recordTransactionWrites(context.store);
    await adminDeletePhoto.run({ userId: 'owen', photoId: 'p1' }, context.as(admin));
    const removal = committed.find((paths) => paths.includes('users/owen/photos/p1'));
    expect(removal?.some((written) => written.startsWith('adminLog/'))).toBe(true);
    expect(committed.flat().filter((written) => written.startsWith('adminLog/'))).toHaveLength(1);
  });

  it('adds a bot vote that moves the average, count and histogram, tells the owner, and moves no tokens', async () => {
    const context = await withPhotos();
    const result = await adminAddBotVote.run({ ...bot, chips: ['friendly'] }, context.as(admin));
    expect(result).toMatchObject({ votesCount: 3, rate: (3 * 2 + 4) / 3 });
    const votes = await context.store.query<Vote>('users/owen/photos/p1/votes');
    expect(votes).toHaveLength(1);
    expect(votes[0]!.id).toMatch(/^bot-/);
    // Shaped as a member's vote: nothing but its id tells it from one.
    expect(votes[0]!.data).toEqual({
      rate: 4,
      originalRate: 4,
      comment: 'Great light',
      commented: true,
      chips: ['friendly'],
      ageDecade: 30,
      gender: 'male',
      sealedVoter: null,
      date: '2026-11-22',
      reactions: [],
      replies: [],
      viewingTimeSeconds: 5,
      evaluated: true,
      ratedAt: context.clock.now(),
    });
    const owner = await context.store.get<User>('users/owen');
    expect(owner).toMatchObject({ points: 5, newVotes: 1 });
    const shards = await context.store.query<SiteStats>('stats/rates/shards');
    expect(sumSiteStats(shards.map((shard) => shard.data))).toMatchObject({ votes: 1, votesSum: 4 });
    // A second one is a vote of its own.
    await adminAddBotVote.run({ ...bot, rate: 2, comment: '' }, context.as(admin));
    expect(await context.store.get<Photo>('users/owen/photos/p1')).toMatchObject({
      votesCount: 4,
      // The owner's overview and tags count it as they count a member's vote.
      voteTotals: { hearts: { '6': 2, '8': 1, '4': 1 }, tags: { friendly: 1 } },
    });
    const silent = (await context.store.query<Vote>('users/owen/photos/p1/votes')).find(
      ({ data }) => data.rate === 2,
    );
    expect(silent?.data.commented).toBe(false);
  });

  it('lists the votes newest first, or none, with who gave each for the admin alone', async () => {
    const context = await withPhotos();
    expect((await adminListVotes.run({ userId: 'owen', photoId: 'p1' }, context.as(admin))).votes).toEqual(
      [],
    );
    await adminAddBotVote.run(bot, context.as(admin));
    context.clock.advanceMinutes(1);
    await adminAddBotVote.run({ ...bot, rate: 1 }, context.as(admin));
    const { votes } = await adminListVotes.run({ userId: 'owen', photoId: 'p1' }, context.as(admin));
    expect(votes.map((vote) => vote.rate)).toEqual([1, 4]);
    expect(votes[0]).toMatchObject({
      userId: 'bot',
      ageDecade: 30,
      ratedAt: context.clock.now().toISOString(),
    });
    // A member's vote opens to its voter; one whose voter was purged to nobody.
    const danasVote = await seedVote(context.store, 'owen', 'p1', 'dana', { rate: 5 });
    await seedVote(context.store, 'owen', 'p1', 'gone', { rate: 2, sealedVoter: null });
    const listed = (await adminListVotes.run({ userId: 'owen', photoId: 'p1' }, context.as(admin))).votes;
    expect(listed.map((vote) => [vote.id, vote.userId, vote.rate])).toEqual(
      expect.arrayContaining([
        [danasVote, 'dana', 5],
        [expect.any(String), null, 2],
      ]),
    );
  });

  it('generates 30 AI comments by default offline, replacing or adding', async () => {
    const context = await withPhotos();
    const { genComments } = await generateGenComments.run(
      { userId: 'owen', photoId: 'p1' },
      context.as(admin),
    );
    expect(genComments).toHaveLength(30);
    expect(new Set(genComments).size).toBeGreaterThan(20);
    expect((await context.store.get<Photo>('users/owen/photos/p1'))?.genComments).toEqual(genComments);
    const replaced = await generateGenComments.run(
      { userId: 'owen', photoId: 'p1', count: 5 },
      context.as(admin),
    );
    expect(replaced.genComments).toHaveLength(5);
    const added = await generateGenComments.run(
      { userId: 'owen', photoId: 'p1', count: 3, mode: 'add' },
      context.as(admin),
    );
    expect(added.genComments).toHaveLength(8);
    expect((await logOf(context)).filter((entry) => entry.action === 'generateComments')).toHaveLength(3);
  });

  it('says so, and writes nothing, when the AI service fails', async () => {
    const context = await withPhotos();
    const before = await context.store.contents();
    const failing = generateGenCommentsHandler(() => ({
      write: () => Promise.reject(new Error('answered 500')),
    }));
    await expect(failing.run({ userId: 'owen', photoId: 'p1' }, context.as(admin))).rejects.toThrow(
      ADMIN_PHOTO_MESSAGES.commentsFailed,
    );
    expect(await context.store.contents()).toEqual(before);
    expect(await offlineCommentWriter.write(2, {})).toHaveLength(2);
  });
});

describe('generateGenComments on a photo that has many', () => {
  it('refuses to Add past what a photo keeps, before asking the writer, and writes nothing; Replace still works', async () => {
    const context = await withPhotos();
    await context.store.runTransaction(async (tx) => {
      tx.update('users/owen/photos/p1', {
        genComments: Array.from({ length: 250 }, (_, n) => `Comment ${n}`),
      });
    });
    const before = await context.store.contents();
    let asked = 0;
    const counting = generateGenCommentsHandler(() => ({
      write: (count) => {
        asked++;
        return offlineCommentWriter.write(count, {});
      },
    }));
    await expect(
      counting.run({ userId: 'owen', photoId: 'p1', count: 100, mode: 'add' }, context.as(admin)),
    ).rejects.toThrow(ADMIN_PHOTO_MESSAGES.tooManyComments);
    expect(asked).toBe(0);
    expect(await context.store.contents()).toEqual(before);
    const replaced = await counting.run(
      { userId: 'owen', photoId: 'p1', count: 100, mode: 'replace' },
      context.as(admin),
    );
    expect(replaced.genComments).toHaveLength(100);
  });
});
