/**
 * A fairer score beside the raw average: each voter's leniency is taken out (shrunk toward the
 * site's average while the voter has few votes), junk votes weigh nothing, and the result comes
 * with a 90% range that narrows as votes arrive. The raw average stays the photo's `rate`.
 */

/** What a member's record keeps of the ratings they gave. */
export interface VoterRecord {
  votesGiven: number;
  ratesGivenSum: number;
  ratesGivenSquares: number;
}

/** What a photo keeps of its weighed votes. */
export interface QualityTally {
  qualityVotes: number;
  qualitySum: number;
  qualitySquares: number;
}

/** A voter's leniency counts fully after about this many votes; half at 10. */
export const LENIENCY_SHRINK_VOTES = 10;
/** Votes from someone who gave the same score this many times in a row or more weigh nothing. */
export const SAME_SCORE_VOTES = 8;
/** Faster than a person can look at a photo. */
export const MIN_LOOK_SECONDS = 1;
/** The site's average stands in for this many votes when a photo has few. */
const PRIOR_VOTES = 2;
/** Spread of single votes assumed before a photo has its own. */
const PRIOR_SPREAD = 1;
const Z_90 = 1.645;

const clampHearts = (value: number) => Math.min(5, Math.max(0.5, value));

function variance(count: number, sum: number, squares: number): number {
  if (count < 2) return 0;
  return Math.max(0, (squares - (sum * sum) / count) / (count - 1));
}

export function isJunkVote(voter: VoterRecord, rate: number, viewingTimeSeconds: number): boolean {
  if (viewingTimeSeconds < MIN_LOOK_SECONDS) return true;
  const { votesGiven, ratesGivenSum, ratesGivenSquares } = voter;
  if (votesGiven + 1 < SAME_SCORE_VOTES) return false;
  const sameEveryTime = variance(votesGiven, ratesGivenSum, ratesGivenSquares) < 1e-9;
  return sameEveryTime && Math.abs(ratesGivenSum / votesGiven - rate) < 1e-9;
}

/** How much kinder (positive) or harsher than the site this voter rates, shrunk for few votes. */
export function leniency(voter: VoterRecord, siteAverage: number): number {
  if (voter.votesGiven === 0) return 0;
  const own = voter.ratesGivenSum / voter.votesGiven - siteAverage;
  return (own * voter.votesGiven) / (voter.votesGiven + LENIENCY_SHRINK_VOTES);
}

/** What a vote adds to the tally: the vote with the voter's leniency taken out, or null for junk. */
export function voteWeight(
  vote: { rate: number; viewingTimeSeconds: number },
  voter: VoterRecord,
  siteAverage: number,
): number | null {
  if (isJunkVote(voter, vote.rate, vote.viewingTimeSeconds)) return null;
  return clampHearts(vote.rate - leniency(voter, siteAverage));
}

/** The tally with a vote's weight (`voteWeight`) counted in (`by` 1) or taken out again (`by` -1). */
export function moveTally(tally: QualityTally, weight: number | null, by: 1 | -1 = 1): QualityTally {
  if (weight === null) return tally;
  return {
    qualityVotes: Math.max(0, tally.qualityVotes + by),
    qualitySum: tally.qualitySum + by * weight,
    qualitySquares: Math.max(0, tally.qualitySquares + by * weight * weight),
  };
}

/** The tally after one more vote: the vote with the voter's leniency taken out, or nothing for junk. */
export function tallyVote(
  tally: QualityTally,
  vote: { rate: number; viewingTimeSeconds: number },
  voter: VoterRecord,
  siteAverage: number,
): QualityTally {
  return moveTally(tally, voteWeight(vote, voter, siteAverage));
}

/**
 * The fair score is shown once it rests on this many weighed votes. Before, the site's average it
 * starts from (2 votes' worth) outweighs the photo's own: one vote of 4 hearts read 4.1, not 4.
 */
export const FAIR_SCORE_MIN_VOTES = 5;

/** Why a fair score can rest on fewer votes than the photo shows. */
export const UNWEIGHED_VOTES_NOTE =
  'Votes given in under a second, votes from members who give every photo the same score, and votes added by the Photorater team are not weighed.';

/** Which of the photo's votes a fair score rests on: 'all 8 votes', '6 of 8 votes'. */
export function weighedVotesText(weighed: number, votesCount: number): string {
  if (weighed >= votesCount) return votesCount === 1 ? 'its only vote' : `all ${votesCount} votes`;
  return `${weighed} of ${votesCount} ${votesCount === 1 ? 'vote' : 'votes'}`;
}

/** Where the fair score will be while it rests on too few votes, and how many it has. */
export function fairScorePendingText(weighed: number, votesCount: number): string {
  const sofar = weighed === votesCount ? `${weighed} so far` : `${weighed} so far, of ${votesCount} votes`;
  return `Fair score: shown from ${FAIR_SCORE_MIN_VOTES} weighed votes (${sofar})`;
}

export interface FairScore {
  score: number;
  low: number;
  high: number;
  /** The votes it rests on, junk left out. */
  votes: number;
}

/**
 * Half the 90% range around the fair score, before it is cut to the scale: z × spread / √(votes + 2).
 * With `moreVotes`, what it would be after that many more votes of the same spread.
 */
export function rangeHalfWidth(tally: QualityTally, moreVotes = 0): number {
  const { qualityVotes: count, qualitySum: sum, qualitySquares: squares } = tally;
  const spread = Math.sqrt(
    ((count - 1) * variance(count, sum, squares) + PRIOR_VOTES * PRIOR_SPREAD ** 2) /
      (count - 1 + PRIOR_VOTES),
  );
  return (Z_90 * spread) / Math.sqrt(count + moreVotes + PRIOR_VOTES);
}

export function fairScore(tally: QualityTally, siteAverage: number): FairScore | null {
  const { qualityVotes: count, qualitySum: sum } = tally;
  if (count === 0) return null;
  const score = (PRIOR_VOTES * siteAverage + sum) / (PRIOR_VOTES + count);
  const half = rangeHalfWidth(tally);
  return {
    score: clampHearts(score),
    low: clampHearts(score - half),
    high: clampHearts(score + half),
    votes: count,
  };
}

export const EMPTY_TALLY: QualityTally = { qualityVotes: 0, qualitySum: 0, qualitySquares: 0 };
/** Before any vote on the site, the middle of the scale. */
export const DEFAULT_SITE_AVERAGE = 2.75;

export function siteAverage(stats: { votes?: number; votesSum?: number } | undefined): number {
  return stats?.votes ? (stats.votesSum ?? 0) / stats.votes : DEFAULT_SITE_AVERAGE;
}

/** Votes on other photos a shard of the site stats must hold before its average stands for the site's. */
export const SHARD_AVERAGE_VOTES = 1000;

/**
 * The site's average vote as one shard of the site stats tells it: its photos fall to it by their
 * ids, whatever their votes, so it is a fair sample once it holds enough votes. The photo being rated
 * is left out, as its own votes would pull the figure toward it. Null while too few remain.
 */
export function shardSiteAverage(
  shard: { votes?: number; votesSum?: number } | undefined,
  photo: { rate: number; votesCount: number },
): number | null {
  const votes = (shard?.votes ?? 0) - photo.votesCount;
  if (votes < SHARD_AVERAGE_VOTES) return null;
  return ((shard?.votesSum ?? 0) - photo.rate * photo.votesCount) / votes;
}
