/**
 * Compare: which of a member's photos is their best, answered from the fair scores and their 90%
 * ranges (`score-quality.ts`) rather than the raw averages, with an honest verdict between each
 * photo and the next, and which photos the feed should bring votes to (see `feedOrder`).
 *
 * The rule: the higher photo is very likely better when the two 90% ranges do not overlap. Until
 * then, a range's half-width shrinks with votes as 1/√(votes + 2) (its spread kept), so after k more
 * votes on each photo the halves are hA·√((nA + 2)/(nA + 2 + k)) and hB·√((nB + 2)/(nB + 2 + k)); the
 * smallest k whose halves add up to less than the gap between the scores gives 'about N more votes',
 * N = 2k. Past 200 such votes the two score about the same.
 */
import { PREMIUM_MAX_PHOTOS } from './limits';
import {
  FAIR_SCORE_MIN_VOTES,
  fairScore,
  rangeHalfWidth,
  type FairScore,
  type QualityTally,
} from './score-quality';
import { compareText } from './text-order';

/** A photo is ranked once its fair score shows: 5 weighed votes, the leaderboard's own minimum. */
export const COMPARE_MIN_VOTES = FAIR_SCORE_MIN_VOTES;
/** Two photos that more votes than this would not tell apart score about the same. */
export const COMPARE_MAX_MORE_VOTES = 200;
/** How long opening Compare keeps the photos that need votes first in the feed. */
export const COMPARING_HOURS = 24;
/** Compare needs two active photos. */
export const COMPARE_MIN_PHOTOS = 2;

export const COMPARE_MESSAGES = {
  choosePhotos: 'Choose at least two of your active photos to compare',
  photoNotValid: 'Photo is not valid',
  tooMany: `At most ${PREMIUM_MAX_PHOTOS} photos can be compared`,
  twice: 'Each photo is compared once',
  notYours: 'Only your own photos can be compared',
} as const;

export type CompareVerdict =
  /** The higher photo is very likely better. */
  { kind: 'better' } | { kind: 'too-close'; moreVotes: number } | { kind: 'about-the-same' };

export interface RankedPhoto<P> {
  photo: P;
  fair: FairScore;
  /** 1 for the best. */
  rank: number;
}

export interface Comparison<P> {
  ranked: Array<RankedPhoto<P>>;
  /** `verdicts[i]` is between `ranked[i]` and `ranked[i + 1]`. */
  verdicts: CompareVerdict[];
  /** Photos whose fair score rests on fewer than 5 votes: not ranked, most votes first. */
  tooFew: P[];
}

type ComparablePhoto = { id: string } & Partial<QualityTally>;

/** The tally of a photo record, which photos made before the fair score lack. */
export function tallyOf(photo: Partial<QualityTally>): QualityTally {
  return {
    qualityVotes: photo.qualityVotes ?? 0,
    qualitySum: photo.qualitySum ?? 0,
    qualitySquares: photo.qualitySquares ?? 0,
  };
}

/** The verdict between two photos, `higher` having the higher fair score (or the same). */
export function verdictBetween(
  higher: QualityTally,
  lower: QualityTally,
  siteAverage: number,
): CompareVerdict {
  const gap = (fairScore(higher, siteAverage)?.score ?? 0) - (fairScore(lower, siteAverage)?.score ?? 0);
  const separated = (more: number) => gap > rangeHalfWidth(higher, more) + rangeHalfWidth(lower, more);
  if (separated(0)) return { kind: 'better' };
  const most = COMPARE_MAX_MORE_VOTES / 2;
  if (!separated(most)) return { kind: 'about-the-same' };
  // Separation only grows with votes: the first k that separates them, by halving.
  let low = 0;
  let high = most;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (separated(middle)) high = middle;
    else low = middle;
  }
  return { kind: 'too-close', moreVotes: 2 * high };
}

/** The member's photos ranked by fair score, the verdicts between neighbours, and the unranked. */
export function comparePhotos<P extends ComparablePhoto>(photos: P[], siteAverage: number): Comparison<P> {
  const scored: Array<{ photo: P; fair: FairScore }> = [];
  const tooFew: P[] = [];
  for (const photo of photos) {
    const tally = tallyOf(photo);
    const fair = fairScore(tally, siteAverage);
    if (fair && tally.qualityVotes >= COMPARE_MIN_VOTES) scored.push({ photo, fair });
    else tooFew.push(photo);
  }
  scored.sort(
    (a, b) =>
      b.fair.score - a.fair.score || b.fair.votes - a.fair.votes || compareText(a.photo.id, b.photo.id),
  );
  tooFew.sort((a, b) => tallyOf(b).qualityVotes - tallyOf(a).qualityVotes || compareText(a.id, b.id));
  const ranked = scored.map((entry, index) => ({ ...entry, rank: index + 1 }));
  const verdicts = ranked
    .slice(1)
    .map((lower, index) => verdictBetween(tallyOf(ranked[index]!.photo), tallyOf(lower.photo), siteAverage));
  return { ranked, verdicts, tooFew };
}

/**
 * The photos whose comparison more votes would settle: those with too few votes to rank, and both of
 * each pair too close to call yet. Settled pairs, and pairs that score about the same, need none.
 */
export function photosNeedingVotes(comparison: Comparison<ComparablePhoto>): Set<string> {
  const needing = new Set(comparison.tooFew.map((photo) => photo.id));
  comparison.verdicts.forEach((verdict, index) => {
    if (verdict.kind !== 'too-close') return;
    needing.add(comparison.ranked[index]!.photo.id);
    needing.add(comparison.ranked[index + 1]!.photo.id);
  });
  return needing;
}

/**
 * Where a photo being compared stands among the others being compared in the feed's order text: the
 * widest range first (five digits, ascending), so the votes go where they narrow a verdict most.
 */
export function comparingKey(photo: Partial<QualityTally>): string {
  const half = rangeHalfWidth(tallyOf(photo));
  return String(Math.max(0, 99_999 - Math.round(half * 10_000))).padStart(5, '0');
}

/** The words the Compare view says: photos are named by their rank. */
export const COMPARE_TEXT = {
  better: (higher: number, lower: number) => `Photo ${higher} is very likely better than photo ${lower}`,
  tooClose: (higher: number, lower: number, moreVotes: number) =>
    `Photo ${higher} and photo ${lower} are too close to call yet: about ${moreVotes} more votes would tell`,
  aboutTheSame: (higher: number, lower: number) =>
    `Photo ${higher} and photo ${lower} are too close to call: they score about the same`,
  /** Counts the weighed votes, and says so when the photo shows more. */
  tooFew: (weighed: number, votesCount: number) =>
    `Too few votes to rank yet: ${weighed} of ${COMPARE_MIN_VOTES} weighed` +
    (votesCount > weighed ? ` (${votesCount} ${votesCount === 1 ? 'vote' : 'votes'} in all)` : ''),
} as const;

export function verdictText(verdict: CompareVerdict, higher: number, lower: number): string {
  switch (verdict.kind) {
    case 'better':
      return COMPARE_TEXT.better(higher, lower);
    case 'too-close':
      return COMPARE_TEXT.tooClose(higher, lower, verdict.moreVotes);
    case 'about-the-same':
      return COMPARE_TEXT.aboutTheSame(higher, lower);
  }
}
