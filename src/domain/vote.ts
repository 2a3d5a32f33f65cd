/**
 * A vote on a photo, `users/{owner}/photos/{photoId}/votes/{voteId}` (spec 1, section 3), as its
 * owner reads it: nothing in it names the voter (ARCHITECTURE.md, "Anonymity"). The id is the
 * server's keyed hash of the voter and the photo, so the owner can neither map it back nor match two
 * votes of one voter; within the vote's conversation the voter is named by it too.
 */
import type { Gender } from './user';
import { compareText } from './text-order';

export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '😡'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** What the conversation calls the voter, whose replies and reactions carry the vote's id as theirs. */
export const VOTER_NAME = 'Voter';

/** Who reacted or replied: the owner by uid, name and picture; the voter by the vote's id, VOTER_NAME and none. */
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
  /** The other party, named as `userId` names them. */
  repliedToUserId: string;
  reactions: Reaction[];
}

/** How the voter's own view of their comment names them, in place of the vote's id they never learn. */
export const VOTER_SELF = 'you';

/** A voter's own comment on a photo with the owner's replies, as `getMyComment` gives it. */
export interface MyComment {
  caption: string | null;
  /** The vote as the thread shows it, its id and the voter's turns named VOTER_SELF; null without a comment. */
  thread: Vote | null;
}

export const VOTER_REPLY_MESSAGES = {
  ownerFirst: 'You can answer once the owner has replied to your comment.',
  once: 'You have already answered this conversation.',
} as const;

export interface Vote {
  id: string;
  /** Hearts, 0.5 to 5 in half steps. */
  rate: number;
  comment: string;
  /** Whether `comment` says anything: the detail watches only these, newest first. */
  commented: boolean;
  chips: string[];
  /** The voter's age by decade (30 for 30 to 39), never the age itself. */
  ageDecade: number;
  gender: Gender;
  viewingTimeSeconds: number;
  ratedAt: Date;
  evaluated: boolean;
  reactions: Reaction[];
  replies: Reply[];
  /** Set while the photo's owner has blocked the voter: the vote stays in the score, out of their view. */
  blocked?: boolean;
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

/** The decade a vote records of its voter's age. */
export const ageDecadeOf = (age: number) => Math.floor(age / 10) * 10;

/** Voters by decade of age, for the age chart: "10s", "20s", ... */
export function ageDecades(votes: Pick<Vote, 'ageDecade'>[]): Array<{ decade: string; voters: number }> {
  const counts = new Map<number, number>();
  for (const { ageDecade } of votes) counts.set(ageDecade, (counts.get(ageDecade) ?? 0) + 1);
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

/**
 * Advanced Analytics of one photo: its latest voters as avatars, their ages by decade and their
 * genders. An avatar is the voter's gender and decade, not their picture: a face, or the address of
 * a picture (which names its member's folder), would say who gave which vote.
 */
export interface AdvancedAnalytics {
  voters: Array<{ gender: Gender; ageDecade: number }>;
  ages: Array<{ decade: string; voters: number }>;
  genders: Array<{ gender: Gender; voters: number }>;
}

export function advancedAnalytics(
  votes: Pick<Vote, 'ageDecade' | 'gender' | 'ratedAt'>[],
): AdvancedAnalytics {
  const newest = [...votes].sort((a, b) => b.ratedAt.getTime() - a.ratedAt.getTime());
  return {
    voters: newest
      .slice(0, ANALYTICS_VOTERS_SHOWN)
      .map((vote) => ({ gender: vote.gender, ageDecade: vote.ageDecade })),
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
