/** A vote on a photo, `users/{owner}/photos/{photoId}/votes/{voterId}` (spec 1, section 3). */
import type { Gender } from './user';
import { compareText } from './text-order';

export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '😡'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

export interface Reaction {
  id: string;
  emoji: ReactionEmoji;
  userId: string;
  userName: string;
  userPhotoURL: string | null;
  reactedAt: Date;
}

/** The longest reply, in characters (its field's limit and its schema's). */
export const REPLY_MAX = 500;

export interface Reply {
  id: string;
  text: string;
  userId: string;
  userName: string;
  userPhotoURL: string | null;
  repliedAt: Date;
  repliedToUserId: string;
  reactions: Reaction[];
}

export interface Vote {
  id: string;
  userId: string;
  /** Hearts, 0.5 to 5 in half steps. */
  rate: number;
  comment: string;
  chips: string[];
  age: number;
  gender: Gender;
  photoURL?: string | null;
  viewingTimeSeconds: number;
  ratedAt: Date;
  evaluated: boolean;
  reactions: Reaction[];
  replies: Reply[];
}

/** The light copy of a vote kept under the voter, `users/{uid}/votes/{photoId}`. */
export interface GivenVote {
  id: string;
  ownerId: string;
  rate: number;
  ratedAt: Date;
}

export const givenVotesPath = (uid: string) => `users/${uid}/votes`;

/**
 * Given votes the app reads back, newest first: the saved feed it filters with held only photos the
 * server offered, so only votes given since can touch it, and a long history is never read whole.
 */
export const GIVEN_VOTES_READ = 100;

export const votesPath = (ownerId: string, photoId: string) => `users/${ownerId}/photos/${photoId}/votes`;

/** Voters by decade of age, for the age chart: "10s", "20s", ... */
export function ageDecades(votes: Pick<Vote, 'age'>[]): Array<{ decade: string; voters: number }> {
  const counts = new Map<number, number>();
  for (const { age } of votes) {
    const decade = Math.floor(age / 10) * 10;
    counts.set(decade, (counts.get(decade) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([decade, voters]) => ({ decade: `${decade}s`, voters }));
}

export function genderSplit(votes: Pick<Vote, 'gender'>[]): Array<{ gender: Gender; voters: number }> {
  return (['female', 'male'] as const)
    .map((gender) => ({ gender, voters: votes.filter((vote) => vote.gender === gender).length }))
    .filter((slice) => slice.voters > 0);
}

/** Voters shown as avatars in Advanced Analytics. */
export const ANALYTICS_VOTERS_SHOWN = 6;

/** Advanced Analytics of one photo: its latest voters' avatars, their ages by decade and their genders. */
export interface AdvancedAnalytics {
  voters: Array<{ id: string; photoURL: string | null; age: number }>;
  ages: Array<{ decade: string; voters: number }>;
  genders: Array<{ gender: Gender; voters: number }>;
}

export function advancedAnalytics(
  votes: Pick<Vote, 'id' | 'age' | 'gender' | 'photoURL' | 'ratedAt'>[],
): AdvancedAnalytics {
  const newest = [...votes].sort((a, b) => b.ratedAt.getTime() - a.ratedAt.getTime());
  return {
    voters: newest
      .slice(0, ANALYTICS_VOTERS_SHOWN)
      .map((vote) => ({ id: vote.id, photoURL: vote.photoURL ?? null, age: vote.age })),
    ages: ageDecades(votes),
    genders: genderSplit(votes),
  };
}

/** Tags voters gave, most given first. */
export function tagCounts(votes: Pick<Vote, 'chips'>[]): Array<{ tag: string; count: number }> {
  const counts = new Map<string, number>();
  for (const vote of votes) for (const tag of vote.chips) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([tag, count]) => ({ tag, count }));
}

/**
 * A conversation with a member's name and picture taken off their replies and reactions (their
 * words stay, so the other member's thread still reads), for the purge of a deleted account.
 */
export function withoutMemberIdentity(
  vote: Pick<Vote, 'reactions' | 'replies'>,
  uid: string,
  formerName: string,
): { reactions: Reaction[]; replies: Reply[] } {
  const anonymous = <Item extends { userId: string; userName: string; userPhotoURL: string | null }>(
    item: Item,
  ): Item => (item.userId === uid ? { ...item, userName: formerName, userPhotoURL: null } : item);
  return {
    reactions: (vote.reactions ?? []).map(anonymous),
    replies: (vote.replies ?? []).map((reply) => ({
      ...anonymous(reply),
      reactions: (reply.reactions ?? []).map(anonymous),
    })),
  };
}
