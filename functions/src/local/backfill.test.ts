import { describe, expect, it } from 'vitest';
import type { Photo } from '../../../src/domain/photo';
import { feedOrder, RATING_MESSAGES } from '../../../src/domain/rating';
import { STATS_SHARDS_PATH, statsShardPath } from '../../../src/domain/site-stats';
import { deletePhoto } from '../handlers/delete-photo';
import { getLeaderboard } from '../handlers/leaderboard';
import { getPhotos, submitRating } from '../handlers/rating';
import { readSiteStats } from '../handlers/site-stats';
import { caller, seedMember, seedPhoto, testContext } from '../testing';
import { readPeerHistogram } from '../handlers/peer-stats';
import { canAccess } from '../../../src/domain/access';
import type { AppNotification } from '../../../src/domain/notifications';
import type { User } from '../../../src/domain/user';
import { replyToComment } from '../handlers/comments';
import { VOTER_REPLY_MESSAGES } from '../../../src/domain/vote';
import { openVoter, readVoteKeys, voteIdOf, type StoredVote } from '../handlers/vote-keys';
import {
  anonymizeVotes,
  backfillPeersAndScores,
  backfillRankings,
  shardSiteStats,
  SINGLE_STATS_PATH,
} from './backfill';

describe('backfilling the ordering fields', () => {
  it('gives photos stored without them their feed order and leaderboard score, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'viewer', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'old', { rate: 4, votesCount: 6 });
    await context.store.runTransaction(async (tx) => {
      const stored = await tx.get<Record<string, unknown>>('users/ann/photos/old');
      // As an earlier version stored it: without the two fields.
      tx.set(
        'users/ann/photos/old',
        Object.fromEntries(
          Object.entries(stored!).filter(([field]) => field !== 'feedOrder' && field !== 'leaderboardScore'),
        ),
      );
    });
    expect((await getLeaderboard.run({}, context.as(caller('viewer')))).photos).toEqual([]);
    expect(await backfillRankings(context.store)).toBe(1);
    const photo = await context.store.get<Photo>('users/ann/photos/old');
    expect(photo?.feedOrder).toBe(feedOrder(photo!, false));
    expect(photo?.leaderboardScore).toBeGreaterThan(0);
    expect((await getPhotos.run({}, context.as(caller('viewer')))).photos.map((found) => found.id)).toEqual([
      'old',
    ]);
    expect((await getLeaderboard.run({}, context.as(caller('viewer')))).photos).toHaveLength(1);
    expect(await backfillRankings(context.store)).toBe(0);
  });
});

describe('backfilling the smoothed leaderboard score and the peer histograms', () => {
  it('ranks rated photos by the smoothed score and counts them in their groups, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'ben', { gender: 'male', age: 50, birthyear: 1976 });
    await seedMember(context.store, 'viewer', { gender: 'male' });
    // As an earlier version left them: ranked by the rate alone, in no peer group.
    await seedPhoto(context.store, 'ann', 'lucky', { rate: 5, votesCount: 5 });
    await seedPhoto(context.store, 'ben', 'proven', { rate: 4.8, votesCount: 200, gender: 'male' });
    await seedPhoto(context.store, 'ann', 'unrated');
    await context.store.runTransaction(async (tx) => {
      tx.update('users/ann/photos/lucky', { leaderboardScore: 50_000_000_005 });
      tx.update('users/ben/photos/proven', { leaderboardScore: 48_000_000_200 });
    });
    const board = async () =>
      (await getLeaderboard.run({}, context.as(caller('viewer')))).photos.map((photo) => photo.id);
    expect(await board()).toEqual(['lucky', 'proven']);

    expect(await backfillPeersAndScores(context.store, context.clock.now())).toBe(2);
    expect(await board()).toEqual(['proven', 'lucky']);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '500': 1 });
    expect(await readPeerHistogram(context.store, 'male-45-up')).toEqual({ '480': 1 });
    expect((await context.store.get<Photo>('users/ann/photos/lucky'))?.peerGroup).toBe('female-25-34');
    expect((await context.store.get<Photo>('users/ann/photos/unrated'))?.peerGroup).toBeUndefined();

    // A vote after it moves the photo within its group, as on any photo counted there.
    await submitRating.run(
      { ownerId: 'ann', photoId: 'lucky', rate: 2, seconds: 5 },
      context.as(caller('viewer')),
    );
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '450': 1 });
    expect(await backfillPeersAndScores(context.store, context.clock.now())).toBe(0);
    expect(await readPeerHistogram(context.store, 'female-25-34')).toEqual({ '450': 1 });
  });
});

describe('moving the site stats into shards', () => {
  it('keeps an earlier data folder’s histogram and totals, each photo in its own shard, once', async () => {
    const context = testContext();
    await seedMember(context.store, 'ann');
    await seedMember(context.store, 'bob', { gender: 'male' });
    await seedPhoto(context.store, 'ann', 'p1', { rate: 3.5, votesCount: 4 });
    await seedPhoto(context.store, 'ann', 'p2', { rate: 2, votesCount: 3 });
    await seedPhoto(context.store, 'ann', 'unrated');
    // As an earlier version left it: one document, with the bucket of a photo deleted since.
    await context.store.runTransaction(async (tx) =>
      tx.set(SINGLE_STATS_PATH, { histogram: { '350': 1, '200': 1, '480': 1 }, votes: 40, votesSum: 140 }),
    );

    expect(await shardSiteStats(context.store)).toBe(true);
    expect(await context.store.get(SINGLE_STATS_PATH)).toBeUndefined();
    expect(await readSiteStats(context.store)).toEqual({
      histogram: { '350': 1, '200': 1 },
      votes: 40,
      votesSum: 140,
    });
    // Each photo's bucket and votes in its own shard, where votes and deletions look for them; the
    // votes on photos deleted since in the first.
    const expected = new Map<string, { votes: number; votesSum: number }>();
    for (const [path, votes, votesSum] of [
      [statsShardPath('p1'), 4, 14],
      [statsShardPath('p2'), 3, 6],
      [`${STATS_SHARDS_PATH}/0`, 33, 120],
    ] as const) {
      const totals = expected.get(path) ?? { votes: 0, votesSum: 0 };
      expected.set(path, { votes: totals.votes + votes, votesSum: totals.votesSum + votesSum });
    }
    for (const [path, totals] of expected) expect(await context.store.get(path)).toMatchObject(totals);
    expect(await context.store.get(statsShardPath('p1'))).toMatchObject({ histogram: { '350': 1 } });
    expect(await shardSiteStats(context.store)).toBe(false);

    // A vote and a deletion then find each photo's bucket where they look for it.
    await submitRating.run({ ownerId: 'ann', photoId: 'p1', rate: 5, seconds: 5 }, context.as(caller('bob')));
    await deletePhoto.run({ photoId: 'p2' }, context.as(caller('ann')));
    expect(await readSiteStats(context.store)).toEqual({ histogram: { '380': 1 }, votes: 41, votesSum: 145 });
  });

  it('does nothing for a data folder that never had the single document', async () => {
    const context = testContext();
    const before = await context.store.contents();
    expect(await shardSiteStats(context.store)).toBe(false);
    expect(await context.store.contents()).toEqual(before);
  });
});

describe("votes kept under their voters' uids", () => {
  const avatar = 'http://files.test/files/images/vince/resized/avatar_1.webp?token=avatar';
  const at = new Date('2026-11-01T10:00:00Z');
  const vinceSigns = { userId: 'vince', userName: 'Vincent Voter', userPhotoURL: avatar };
  /** A vote as an earlier version stored it, under its voter's uid. */
  const earlierVote = (userId: string, fields: Record<string, unknown> = {}) => ({
    userId,
    rate: 1,
    originalRate: 1,
    comment: 'Not for me',
    chips: [],
    age: 37,
    gender: 'male',
    photoURL: null,
    viewingTimeSeconds: 5,
    ratedAt: at,
    date: '2026-11-01',
    evaluated: true,
    reactions: [],
    replies: [],
    ...fields,
  });
  const notice = (body: string, fromUserId: string): AppNotification => ({
    title: 'Photorater',
    body,
    photoId: 'o1',
    photoOwnerId: 'olga',
    at,
    fromUserId,
  });

  async function earlierDataFolder() {
    const context = testContext();
    const { store } = context;
    await seedMember(store, 'olga', { displayName: 'Olga' });
    await seedMember(store, 'vince', {
      displayName: 'Vincent Voter',
      photoURL: avatar,
      gender: 'male',
      age: 37,
    });
    await seedPhoto(store, 'olga', 'o1', { votesCount: 3, rate: 1 });
    await store.runTransaction(async (tx) => {
      tx.set('users/gone', { uid: 'gone', deleted: true, deletedAt: at, purgedAt: at });
      tx.set(
        'users/olga/photos/o1/votes/vince',
        earlierVote('vince', {
          photoURL: avatar,
          reactions: [{ id: 'vince', emoji: '😢', ...vinceSigns, reactedAt: at }],
          replies: [
            {
              id: 'r1',
              text: 'Why?',
              userId: 'olga',
              userName: 'Olga',
              userPhotoURL: null,
              repliedAt: at,
              repliedToUserId: 'vince',
              reactions: [{ id: 'vince', emoji: '👍', ...vinceSigns, reactedAt: at }],
            },
            { id: 'r2', text: 'Taste', ...vinceSigns, repliedAt: at, repliedToUserId: 'olga', reactions: [] },
          ],
        }),
      );
      tx.set('users/olga/photos/o1/votes/gone', earlierVote('gone', { age: 52 }));
      tx.set('users/olga/photos/o1/votes/bot-1', earlierVote('bot', { age: 25 }));
      tx.set('users/vince/votes/o1', { id: 'o1', ownerId: 'olga', rate: 1, ratedAt: at });
      // Notifications of the first versions named their sender; later ones carried their uid.
      tx.set('users/olga/notifications/n1', { ...notice('Vincent Voter replied to your comment', 'vince') });
      tx.set('users/olga/notifications/n2', {
        ...notice('A voter reacted 😢 to your reply on your photo', 'vince'),
      });
      tx.update('users/olga', {
        lastNotification: notice('Vincent Voter reacted 👍 to your reply', 'vince'),
      });
      tx.set('users/vince/notifications/n3', { ...notice('Olga replied to your comment', 'olga') });
    });
    return context;
  }

  it('take the shape that names no voter, once, and their conversations go on', async () => {
    const context = await earlierDataFolder();
    const { store, as } = context;
    expect(await anonymizeVotes(store)).toBe(3);

    const keys = (await readVoteKeys(store))!;
    const vinces = voteIdOf(keys, 'vince', 'olga', 'o1');
    const votes = new Map(
      (await store.query<StoredVote>('users/olga/photos/o1/votes')).map(({ id, data }) => [id, data]),
    );
    expect([...votes.keys()].sort()).toEqual(['bot-1', voteIdOf(keys, 'gone', 'olga', 'o1'), vinces].sort());
    const vote = votes.get(vinces)!;
    expect(vote).not.toHaveProperty('userId');
    expect(vote).not.toHaveProperty('age');
    expect(vote).not.toHaveProperty('photoURL');
    expect(vote).toMatchObject({ ageDecade: 30, rate: 1, comment: 'Not for me' });
    expect(openVoter(keys, vote.sealedVoter)).toBe('vince');
    const asVoter = { userId: vinces, userName: 'Voter', userPhotoURL: null };
    expect(vote.reactions).toEqual([{ id: vinces, emoji: '😢', ...asVoter, reactedAt: at }]);
    expect(vote.replies).toEqual([
      expect.objectContaining({
        userId: 'olga',
        repliedToUserId: vinces,
        reactions: [{ id: vinces, emoji: '👍', ...asVoter, reactedAt: at }],
      }),
      expect.objectContaining({ text: 'Taste', ...asVoter, repliedToUserId: 'olga' }),
    ]);
    // A deleted member is sealed as nobody; a bot's vote keeps its id.
    expect(votes.get(voteIdOf(keys, 'gone', 'olga', 'o1'))).toMatchObject({
      ageDecade: 50,
      sealedVoter: null,
    });
    expect(votes.get('bot-1')).toMatchObject({ ageDecade: 20, sealedVoter: null });

    // Nothing Olga reads names Vince any more: votes, messages, her record.
    const readable = (await store.contents()).filter((row) => canAccess({ uid: 'olga' }, row.path, 'read'));
    for (const naming of ['vince', 'Vincent', avatar]) expect(JSON.stringify(readable)).not.toContain(naming);
    const messages = await store.query<AppNotification>('users/olga/notifications');
    expect(messages.map(({ data }) => [data.body, data.fromUserId])).toEqual([
      ['A voter replied to you on your photo', null],
      ['A voter reacted 😢 to your reply on your photo', null],
    ]);
    expect((await store.get<User>('users/olga'))?.lastNotification).toMatchObject({
      body: 'A voter reacted 👍 to your reply on your photo',
      fromUserId: null,
    });
    // Vince's message from the owner loses her name and keeps its sender.
    expect(await store.get('users/vince/notifications/n3')).toMatchObject({
      body: 'The owner of a photo you rated replied to your comment',
      fromUserId: 'olga',
    });

    // Vince's vote is the one he gave: he cannot vote again, he has had his one answer (his earlier
    // reply, now under the vote's id, counts as his), and the owner's conversation goes on.
    await expect(
      submitRating.run({ ownerId: 'olga', photoId: 'o1', rate: 5, seconds: 5 }, as(caller('vince'))),
    ).rejects.toThrow(RATING_MESSAGES.alreadyRated);
    await expect(
      replyToComment.run({ ownerId: 'olga', photoId: 'o1', text: 'Still' }, as(caller('vince'))),
    ).rejects.toThrow(VOTER_REPLY_MESSAGES.once);
    await replyToComment.run(
      { ownerId: 'olga', photoId: 'o1', voteId: vinces, text: 'OK' },
      as(caller('olga')),
    );
    expect((await store.get<User>('users/vince'))?.lastNotification?.body).toBe(
      'The owner of a photo you rated replied to your comment',
    );

    const after = await store.contents();
    expect(await anonymizeVotes(store)).toBe(0);
    expect(await store.contents()).toEqual(after);
  });
});
