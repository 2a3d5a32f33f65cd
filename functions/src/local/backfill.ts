/**
 * What a data folder from an earlier version is given when the local backend starts, once: photos
 * stored before the feed and the leaderboard kept their ordering fields get them (a marker says it
 * is done, so later starts read one document, not every photo), rated photos their place by the
 * smoothed score and their peer group's histogram, the site stats kept in one document move into
 * their shards, and votes kept under their voter's uid take the shape that names no voter.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import {
  PEER_GROUPS,
  peerGroupOf,
  peerShardPath,
  peerShardsPath,
  type PeerGroup,
  type PeerStats,
} from '../../../src/domain/peer-stats';
import { feedOrder, leaderboardScore } from '../../../src/domain/rating';
import { DEFAULT_SITE_AVERAGE } from '../../../src/domain/score-quality';
import { moveInHistogram } from '../../../src/domain/scores';
import { STATS_SHARDS, STATS_SHARDS_PATH, statsShard, type SiteStats } from '../../../src/domain/site-stats';
import { notificationBody, type AppNotification } from '../../../src/domain/notifications';
import type { User } from '../../../src/domain/user';
import { ageDecadeOf, VOTER_NAME, type Reaction, type Reply } from '../../../src/domain/vote';
import { EARLIER_DATA_PATH } from '../handlers/earlier-data';
import { readSiteAverage } from '../handlers/site-stats';
import { sealVoter, voteIdOf, voteKeysIn, type StoredVote, type VoteKeys } from '../handlers/vote-keys';
import type { Store } from '../store/store';

const MARKER_PATH = EARLIER_DATA_PATH;

export async function backfillRankings(store: Store): Promise<number> {
  if ((await store.get<{ rankings?: boolean }>(MARKER_PATH))?.rankings) return 0;
  const photos = await store.queryGroup<Partial<Photo> & Pick<Photo, 'id' | 'userId'>>('photos');
  const missing = photos.filter(({ data }) => !data.feedOrder && data.userId && data.uploadedAt);
  for (const { data: photo } of missing) {
    await store.runTransaction(async (tx) => {
      const owner = await tx.get<User>(`users/${photo.userId}`);
      const votesCount = photo.votesCount ?? 0;
      tx.update(photoPath(photo.userId, photo.id), {
        feedOrder: feedOrder(
          { id: photo.id, votesCount, uploadedAt: photo.uploadedAt! },
          owner?.subscribed ?? false,
        ),
        leaderboardScore: leaderboardScore(
          { ...photo, rate: photo.rate ?? 0, votesCount },
          DEFAULT_SITE_AVERAGE,
        ),
      });
    });
  }
  await store.runTransaction(async (tx) => tx.set(MARKER_PATH, { rankings: true }));
  return missing.length;
}

/** Photo updates per transaction (Firestore commits at most 500 writes at once). */
const WRITES_PER_TRANSACTION = 400;

type StoredPhoto = Partial<Photo> & Pick<Photo, 'id' | 'userId'>;

/**
 * Rated photos from before the leaderboard ranked by the smoothed score and before the peer
 * histograms: each gets its leaderboard score again and, without a peer group, its owner's group of
 * today; the peer shards are counted again from the photos and written whole. Runs before the server
 * takes calls, so no vote comes between reading the photos and writing the shards.
 */
export async function backfillPeersAndScores(store: Store, at: Date): Promise<number> {
  if ((await store.get<{ peersAndScores?: boolean }>(MARKER_PATH))?.peersAndScores) return 0;
  const photos = await store.queryGroup<StoredPhoto>('photos');
  const rated = photos.map(({ data }) => data).filter((photo) => (photo.votesCount ?? 0) > 0);
  const average = await readSiteAverage(store);
  const owners = new Map<string, User | undefined>();
  const shards = new Map<string, PeerStats>();
  const updates: Array<{ photo: StoredPhoto; fields: Partial<Photo> }> = [];
  for (const photo of rated) {
    if (!owners.has(photo.userId)) owners.set(photo.userId, await store.get<User>(`users/${photo.userId}`));
    const owner = owners.get(photo.userId);
    const group: PeerGroup | null = photo.peerGroup ?? (owner ? peerGroupOf(owner, at) : null);
    const rate = photo.rate ?? 0;
    if (group) {
      const path = peerShardPath(group, photo.id);
      const shard = shards.get(path) ?? { histogram: {} };
      shards.set(path, { histogram: moveInHistogram(shard.histogram, null, rate) });
    }
    updates.push({
      photo,
      fields: {
        leaderboardScore: leaderboardScore({ ...photo, rate, votesCount: photo.votesCount ?? 0 }, average),
        ...(group ? { peerGroup: group } : {}),
      },
    });
  }
  for (let start = 0; start < updates.length; start += WRITES_PER_TRANSACTION) {
    await store.runTransaction(async (tx) => {
      for (const { photo, fields } of updates.slice(start, start + WRITES_PER_TRANSACTION))
        tx.update(photoPath(photo.userId, photo.id), fields);
    });
  }
  await store.runTransaction(async (tx) => {
    const marker = await tx.get<Record<string, boolean>>(MARKER_PATH);
    for (const group of PEER_GROUPS) {
      for (let n = 0; n < STATS_SHARDS; n++) {
        const path = `${peerShardsPath(group)}/${n}`;
        tx.set(path, { ...(shards.get(path) ?? { histogram: {} }) });
      }
    }
    tx.set(MARKER_PATH, { ...marker, peersAndScores: true });
  });
  return updates.length;
}

/** Where earlier versions kept the whole histogram and the site's vote totals. */
export const SINGLE_STATS_PATH = 'stats/stats';

/**
 * Moves `stats/stats` into the shards, all written afresh in one transaction; later starts find it
 * gone and read nothing more. Each photo's bucket and votes go to its own shard, where votes and
 * deletions look for them (the histogram is counted again from the photos, which drops the buckets
 * of photos deleted before deletions took them out); the votes on photos since deleted go to the
 * first shard, so the site's totals stay what they were. Runs before the server takes calls, so no
 * vote comes between reading the photos and writing the shards.
 */
export async function shardSiteStats(store: Store): Promise<boolean> {
  if (!(await store.get(SINGLE_STATS_PATH))) return false;
  const photos = await store.queryGroup<Pick<Photo, 'id' | 'rate' | 'votesCount'>>('photos');
  return store.runTransaction(async (tx) => {
    const single = await tx.get<Partial<SiteStats>>(SINGLE_STATS_PATH);
    if (!single) return false;
    const shards = Array.from({ length: STATS_SHARDS }, (): SiteStats => ({
      histogram: {},
      votes: 0,
      votesSum: 0,
    }));
    let votes = 0;
    let votesSum = 0;
    for (const { data: photo } of photos) {
      if (!photo.votesCount) continue;
      const shard = shards[statsShard(photo.id)]!;
      shard.histogram = moveInHistogram(shard.histogram, null, photo.rate);
      shard.votes += photo.votesCount;
      shard.votesSum += photo.rate * photo.votesCount;
      votes += photo.votesCount;
      votesSum += photo.rate * photo.votesCount;
    }
    // Never below what the photos hold: data written without the single document had none to carry.
    if ((single.votes ?? 0) > votes) {
      shards[0]!.votes += (single.votes ?? 0) - votes;
      shards[0]!.votesSum += (single.votesSum ?? 0) - votesSum;
    }
    shards.forEach((shard, n) => tx.set(`${STATS_SHARDS_PATH}/${n}`, { ...shard }));
    tx.delete(SINGLE_STATS_PATH);
    return true;
  });
}

/** A vote as versions before anonymous votes kept it: under its voter's uid, naming them. */
type EarlierVote = Omit<StoredVote, 'ageDecade' | 'sealedVoter'> & {
  userId: string;
  age: number;
  photoURL?: string | null;
};

const VOTE_PATH = /^users\/([^/]+)\/photos\/([^/]+)\/votes\/([^/]+)$/;
const NOTIFICATION_PATH = /^users\/([^/]+)\/notifications\/[^/]+$/;

/** The vote as it is stored now: its age by decade, the voter sealed, and named within it by its id. */
function anonymousVote(keys: VoteKeys, vote: EarlierVote, voteId: string, voterKept: boolean): StoredVote {
  const voter = vote.userId;
  const rest = Object.fromEntries(
    Object.entries(vote).filter(([field]) => !['userId', 'age', 'photoURL'].includes(field)),
  ) as Omit<EarlierVote, 'userId' | 'age' | 'photoURL'>;
  const unnamed = <Item extends { userId: string; userName: string; userPhotoURL: string | null }>(
    item: Item,
  ): Item =>
    item.userId === voter ? { ...item, userId: voteId, userName: VOTER_NAME, userPhotoURL: null } : item;
  const reaction = (each: Reaction): Reaction =>
    each.userId === voter ? { ...unnamed(each), id: voteId } : each;
  return {
    ...rest,
    ageDecade: ageDecadeOf(vote.age),
    sealedVoter: voterKept ? sealVoter(keys, voter) : null,
    reactions: (vote.reactions ?? []).map(reaction),
    replies: (vote.replies ?? []).map((reply): Reply => ({
      ...unnamed(reply),
      repliedToUserId: reply.repliedToUserId === voter ? voteId : reply.repliedToUserId,
      reactions: (reply.reactions ?? []).map(reaction),
    })),
  };
}

/** What the first versions wrote of a reaction or reply: the sender's name, then what they did. */
const NAMED_BODY =
  /^(?!A voter |The owner of ).+ (?:reacted (\S+) to your (comment|reply)|replied to your (comment|reply))$/u;

/**
 * A notification as it is written now: from a voter, with no sender, and told without anybody's name
 * (the first versions named the sender in the text).
 */
function unnamedNotification(uid: string, notification: AppNotification): AppNotification {
  const named = NAMED_BODY.exec(notification.body);
  // A reaction's or a reply's notification names its photo; a payment's (the only one without) never named anybody.
  const { photoOwnerId, photoId } = notification;
  const body =
    named && photoOwnerId && photoId
      ? notificationBody({
          targetUserId: uid,
          photoOwnerId,
          photoId,
          caption: null,
          emoji: named[1] ?? null,
          isReply: (named[2] ?? named[3]) === 'reply',
        })
      : notification.body;
  return { ...notification, body, ...(uid === notification.photoOwnerId ? { fromUserId: null } : {}) };
}

const unchanged = (before: AppNotification, after: AppNotification) =>
  before.body === after.body && (before.fromUserId ?? null) === (after.fromUserId ?? null);

/**
 * Votes of versions before anonymous votes, kept under their voter's uid with the voter's age,
 * picture and name on their turns in the conversation, move to the shape an owner may read
 * (functions/src/handlers/vote-keys.ts): under their keyed id, the age by decade, the voter sealed
 * (nobody, for a member since deleted) and named within the vote by its id; a bot's vote keeps its
 * id. The owners' notifications from voters lose their sender, and messages that named the sender
 * are told again without the name. Runs before the server takes calls; a marker says it is done.
 * Returns how many votes moved.
 */
export async function anonymizeVotes(store: Store): Promise<number> {
  if ((await store.get<{ anonymousVotes?: boolean }>(MARKER_PATH))?.anonymousVotes) return 0;
  const earlier = (await store.queryGroup<Partial<EarlierVote>>('votes')).filter(
    ({ path, data }) => VOTE_PATH.test(path) && typeof data.userId === 'string',
  );
  for (const { path } of earlier) {
    const [, ownerId, photoId, id] = VOTE_PATH.exec(path) as unknown as [string, string, string, string];
    await store.runTransaction(async (tx) => {
      const { keys, keep } = await voteKeysIn(tx, store);
      const vote = await tx.get<EarlierVote>(path);
      if (typeof vote?.userId !== 'string') return;
      const voter = await tx.get<User>(`users/${vote.userId}`);
      const isBot = id.startsWith('bot-');
      const voteId = isBot ? id : voteIdOf(keys, vote.userId, ownerId, photoId);
      keep();
      if (voteId !== id) tx.delete(path);
      const voterKept = !isBot && voter !== undefined && !voter.deletedAt;
      tx.set(`users/${ownerId}/photos/${photoId}/votes/${voteId}`, {
        ...anonymousVote(keys, vote, voteId, voterKept),
      });
    });
  }
  for (const { path, data } of await store.queryGroup<AppNotification>('notifications')) {
    const uid = NOTIFICATION_PATH.exec(path)?.[1];
    if (!uid) continue;
    const after = unnamedNotification(uid, data);
    if (!unchanged(data, after)) await store.runTransaction(async (tx) => tx.set(path, { ...after }));
  }
  for (const { id: uid, data: user } of await store.query<User>('users')) {
    const last = user.lastNotification;
    if (!last) continue;
    const after = unnamedNotification(uid, last);
    if (!unchanged(last, after))
      await store.runTransaction(async (tx) => tx.update(`users/${uid}`, { lastNotification: after }));
  }
  await store.runTransaction(async (tx) => {
    const marker = await tx.get<Record<string, boolean>>(MARKER_PATH);
    tx.set(MARKER_PATH, { ...marker, anonymousVotes: true });
  });
  return earlier.length;
}
