/**
 * The percentile among peers: beside the site's histogram, one per peer group (the owner's gender and
 * age bracket), kept in shards exactly as the site's are (`statsShard` of the photo's id), so a vote
 * writes one shard of its photo's group. A photo is counted in the group its owner was in at its
 * latest vote (`Photo.peerGroup`): a birthday or a changed profile moves it with its next vote.
 */
import { percentileText, topPercent, type PercentileText } from './scores';
import { statsShard, type RateHistogram } from './site-stats';
import { GENDERS, type Gender, type User } from './user';

export const PEER_AGE_BRACKETS = ['16-24', '25-34', '35-44', '45-up'] as const;
export type PeerAgeBracket = (typeof PEER_AGE_BRACKETS)[number];
export type PeerGroup = `${Gender}-${PeerAgeBracket}`;

export const PEER_GROUPS: readonly PeerGroup[] = GENDERS.flatMap((gender) =>
  PEER_AGE_BRACKETS.map((bracket): PeerGroup => `${gender}-${bracket}`),
);

/** Fewer photos than this in a group and its percentile would mean little: it is not shown. */
export const PEER_MIN_PHOTOS = 30;

/** One shard of a peer group: the histogram of its photos' rates. */
export interface PeerStats {
  histogram: RateHistogram;
}

/** `stats/peers/{group}/{0..19}`: a collection per group, read whole (its shards, no scan). */
export const peerShardsPath = (group: PeerGroup) => `stats/peers/${group}`;
export const peerShardPath = (group: PeerGroup, photoId: string) =>
  `${peerShardsPath(group)}/${statsShard(photoId)}`;

export function ageBracket(age: number): PeerAgeBracket {
  if (age < 25) return '16-24';
  if (age < 35) return '25-34';
  if (age < 45) return '35-44';
  return '45-up';
}

/**
 * The owner's age on a day: the record keeps the birth year the profile's age implied, so the age
 * is that day's year less it (the age given, for a record from before birth years were kept).
 */
export function ageOn(owner: Pick<User, 'age' | 'birthyear'>, at: Date): number | null {
  if (owner.birthyear !== undefined) return at.getUTCFullYear() - owner.birthyear;
  return owner.age ?? null;
}

/** The owner's peer group on a day; none while the profile lacks a gender or an age. */
export function peerGroupOf(owner: Pick<User, 'age' | 'birthyear' | 'gender'>, at: Date): PeerGroup | null {
  const age = ageOn(owner, at);
  if (!owner.gender || age === null) return null;
  return `${owner.gender}-${ageBracket(age)}`;
}

const BRACKET_WORDS: Record<PeerAgeBracket, string> = {
  '16-24': '16 to 24',
  '25-34': '25 to 34',
  '35-44': '35 to 44',
  '45-up': '45 and over',
};

/** The group in words, as the detail names it: 'women 25 to 34'. */
export function peerGroupName(group: PeerGroup): string {
  const [gender, ...bracket] = group.split('-');
  const people = gender === 'female' ? 'women' : 'men';
  return `${people} ${BRACKET_WORDS[bracket.join('-') as PeerAgeBracket]}`;
}

/** The shards added up (a missing shard counts as nothing). */
export function sumPeerStats(shards: Iterable<Partial<PeerStats> | undefined>): RateHistogram {
  const histogram: RateHistogram = {};
  for (const shard of shards) {
    for (const [bucket, count] of Object.entries(shard?.histogram ?? {})) {
      histogram[bucket] = (histogram[bucket] ?? 0) + count;
    }
  }
  return histogram;
}

/** Where a photo stands among its peers: its group and its "top N%" there (what the server tells the owner). */
export interface PeerStanding {
  group: PeerGroup;
  topPercent: number;
}

/**
 * The photo's place in its group's histogram, or null: no group yet, no votes, or fewer than
 * PEER_MIN_PHOTOS photos in the group (too few for the place to mean anything, and a small group's
 * figure would say too much about its few photos).
 */
export function peerStanding(
  photo: { votesCount: number; rate: number; peerGroup?: PeerGroup },
  histogram: RateHistogram | undefined,
): PeerStanding | null {
  if (!photo.peerGroup || photo.votesCount === 0 || !histogram) return null;
  const photos = Object.values(histogram).reduce((sum, count) => sum + count, 0);
  if (photos < PEER_MIN_PHOTOS) return null;
  const top = topPercent(histogram, photo.rate);
  return top === null ? null : { group: photo.peerGroup, topPercent: top };
}

export interface PeerPercentile extends PercentileText {
  /** 'women 25 to 34' */
  group: string;
}

/**
 * The photo's place among its peers in the spec's percentile wording with the group named, or null:
 * no standing among peers, or a place the spec's wording does not show (fewer than 3 votes, below
 * the top half).
 */
export function peerPercentile(
  votesCount: number,
  peer: PeerStanding | null | undefined,
): PeerPercentile | null {
  if (!peer) return null;
  const text = percentileText(votesCount, peer.topPercent);
  return text && { ...text, group: peerGroupName(peer.group) };
}
