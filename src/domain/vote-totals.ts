/**
 * What a photo keeps of its votes for the detail's overview and tags, so the owner's screen reads one
 * document however many votes the photo has: how many votes gave each number of hearts (keyed by the
 * ten-point step, 1 to 10, since a half heart's dot would read as a path in a field name) and how
 * many times each tag was chosen. The fold moves them with the votes it counts; a bot's vote too.
 */
import { RATING_BUCKETS, ratingBucketOf, type RatingBucket } from './scores';
import { compareText } from './text-order';

export interface VoteTotals {
  hearts: Record<string, number>;
  tags: Record<string, number>;
}

export const NO_VOTE_TOTALS: VoteTotals = { hearts: {}, tags: {} };

/** What of a vote its totals count. */
export interface CountedVote {
  rate: number;
  chips: readonly string[];
}

const stepOf = (hearts: number) => String(Math.round(hearts * 2));

function moved(counts: Record<string, number>, key: string, by: number): Record<string, number> {
  const count = (counts[key] ?? 0) + by;
  const others = Object.fromEntries(Object.entries(counts).filter(([each]) => each !== key));
  return count > 0 ? { ...others, [key]: count } : others;
}

/** The totals with these votes counted in (`by` 1) or taken out again (`by` -1), never below zero. */
export function moveVoteTotals(
  totals: VoteTotals | undefined,
  votes: readonly CountedVote[],
  by: 1 | -1 = 1,
): VoteTotals {
  let { hearts, tags } = totals ?? NO_VOTE_TOTALS;
  for (const vote of votes) {
    hearts = moved(hearts, stepOf(vote.rate), by);
    for (const tag of vote.chips) tags = moved(tags, tag, by);
  }
  return { hearts, tags };
}

/** The overview of ratings, in the ten-point scale's pairs. */
export function ratingOverview(totals: VoteTotals | undefined): Record<RatingBucket, number> {
  const buckets = Object.fromEntries(RATING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    RatingBucket,
    number
  >;
  for (const [step, count] of Object.entries(totals?.hearts ?? {}))
    buckets[ratingBucketOf(Number(step) / 2)] += count;
  return buckets;
}

/** The tags voters chose, most chosen first, then in alphabetical order. */
export function tagTotals(totals: VoteTotals | undefined): Array<{ tag: string; count: number }> {
  return Object.entries(totals?.tags ?? {})
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([tag, count]) => ({ tag, count }));
}
