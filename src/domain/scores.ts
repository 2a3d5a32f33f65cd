import type { RateHistogram } from './site-stats';

/**
 * How a photo's score reads (spec 1, section 9): verdicts, percentile text, viewing-time messages,
 * buckets. Votes are hearts (0.5 to 5) and a photo's `rate` is their 0-5 average, but every score a
 * member or visitor sees is on one scale: out of 10 with one decimal (hearts × 2), with its verdict.
 */

/** A 0-5 average of hearts on the ten-point scale, one decimal: 4.25 → '8.5'. */
export function tenPointScore(rate: number): string {
  return (Math.round(rate * 20) / 10).toFixed(1);
}

/** The spec's verdict bands (4.5, 4, 3.5 … on the 0-5 average), at the ten-point score they show as. */
const VERDICT_BANDS: ReadonlyArray<readonly [number, string]> = [
  [9, 'Absolutely Stunning!'],
  [8, 'Very Attractive'],
  [7, 'Attractive'],
  [6, 'Above Average'],
  [5, 'Average'],
  [4, 'Below Average'],
];

/** The verdict of the score as shown, so a photo shown at 9.0 never reads one band lower. */
export function verdict(rate: number): string {
  const shown = Number(tenPointScore(rate));
  return VERDICT_BANDS.find(([from]) => shown >= from)?.[1] ?? 'Needs Work';
}

export interface ScoreParts {
  /** '8.6' */
  score: string;
  /** '8.6/10' */
  outOfTen: string;
  /** 'Very Attractive' */
  verdict: string;
}

export function scoreParts(rate: number): ScoreParts {
  const score = tenPointScore(rate);
  return { score, outOfTen: `${score}/10`, verdict: verdict(rate) };
}

/** A score as every screen says it: '8.6/10 · Very Attractive'. */
export function formatScore(rate: number): string {
  const { outOfTen, verdict } = scoreParts(rate);
  return `${outOfTen} · ${verdict}`;
}

/** A range of scores on the same scale: '7.6 to 8.8'. */
export function formatScoreRange(low: number, high: number): string {
  return `${tenPointScore(low)} to ${tenPointScore(high)}`;
}

/** Rate colours by percentage (rate × 20): up to 25 red, up to 50 orange, up to 80 primary, above green. */
export function rateColor(rate: number): 'error' | 'warning' | 'primary' | 'success' {
  const percent = rate * 20;
  if (percent <= 25) return 'error';
  if (percent <= 50) return 'warning';
  if (percent <= 80) return 'primary';
  return 'success';
}

/**
 * Token-low colours. The spec's red up to 10 read as an error to a new member holding 7 (the 2 they
 * start with and the first day's 5): red is kept for none left, when photos stop being rated; up to 20
 * is orange, running low.
 */
export function tokenColor(tokens: number): 'error' | 'warning' | undefined {
  if (tokens <= 0) return 'error';
  if (tokens <= 20) return 'warning';
  return undefined;
}

/**
 * The rate histogram: counts of photo rates in 0.01-wide buckets (0.00 to 5.00), kept instead of a
 * list of every rate so it stays small at any number of photos; summed from its shards.
 */
export type { RateHistogram } from './site-stats';

export const HISTOGRAM_BUCKETS = 501;

export type { SiteStats } from './site-stats';

export function histogramBucket(rate: number): string {
  return String(Math.min(HISTOGRAM_BUCKETS - 1, Math.max(0, Math.round(rate * 100))));
}

/** The histogram without one photo rated `rate`: it was deleted, or its rate moved. */
export function removeFromHistogram(histogram: RateHistogram, rate: number): RateHistogram {
  const counts = new Map(Object.entries(histogram));
  const bucket = histogramBucket(rate);
  const left = (counts.get(bucket) ?? 0) - 1;
  if (left > 0) counts.set(bucket, left);
  else counts.delete(bucket);
  return Object.fromEntries(counts);
}

/** The histogram after a photo's rate moved from `from` (null: it had no votes) to `to`. */
export function moveInHistogram(histogram: RateHistogram, from: number | null, to: number): RateHistogram {
  const counts = new Map(Object.entries(from === null ? histogram : removeFromHistogram(histogram, from)));
  const now = histogramBucket(to);
  counts.set(now, (counts.get(now) ?? 0) + 1);
  return Object.fromEntries(counts);
}

/** The share of photos rated as high or higher than this one, as a "top N%" (1 to 100). */
export function topPercent(histogram: RateHistogram, rate: number): number | null {
  let total = 0;
  let atOrAbove = 0;
  const own = Number(histogramBucket(rate));
  for (const [bucket, count] of Object.entries(histogram)) {
    total += count;
    if (Number(bucket) >= own) atOrAbove += count;
  }
  if (total === 0) return null;
  return Math.max(1, Math.ceil((atOrAbove / total) * 100));
}

export interface PercentileText {
  lead: string;
  line: string;
}

/** Only with at least 3 votes and a top percentage of at most 50. */
export function percentileText(votesCount: number, top: number | null): PercentileText | null {
  if (votesCount < 3 || top === null || top > 50) return null;
  const line = `Your photo is in the top ${top}%!`;
  if (top <= 10) return { lead: 'Incredible shot', line };
  if (top <= 20) return { lead: 'Wow!', line };
  if (top <= 30) return { lead: '👍', line };
  if (top <= 40) return { lead: '👌', line };
  return { lead: '', line };
}

export const AVERAGE_VIEWING_MILESTONES = [120, 180, 300] as const;
export const TOTAL_VIEWING_MILESTONES = [600, 1800, 3600] as const;

function duration(seconds: number): string {
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} hour${seconds >= 7200 ? 's' : ''}`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Messages appear above 60 seconds; each names the highest milestone reached. */
export function viewingTimeMessages(averageSeconds: number, totalSeconds: number): string[] {
  const messages: string[] = [];
  if (averageSeconds > 60) {
    const reached = [...AVERAGE_VIEWING_MILESTONES]
      .reverse()
      .find((milestone) => averageSeconds >= milestone);
    messages.push(
      reached
        ? `People look at your photo for over ${duration(reached)} on average!`
        : 'People look at your photo for over a minute on average!',
    );
  }
  if (totalSeconds > 60) {
    const reached = [...TOTAL_VIEWING_MILESTONES].reverse().find((milestone) => totalSeconds >= milestone);
    messages.push(
      reached
        ? `Your photo has been looked at for over ${duration(reached)} in total!`
        : 'Your photo has been looked at for over a minute in total!',
    );
  }
  return messages;
}

/** The overview of ratings on the ten-point scale, in pairs: 1-2, 3-4, 5-6, 7-8, 9-10. */
export const RATING_BUCKETS = ['1-2', '3-4', '5-6', '7-8', '9-10'] as const;

export type RatingBucket = (typeof RATING_BUCKETS)[number];

/** The pair of the ten-point scale a vote of these hearts falls in. */
export function ratingBucketOf(hearts: number): RatingBucket {
  const tenPoint = Math.round(hearts * 2);
  return RATING_BUCKETS[Math.min(4, Math.max(0, Math.ceil(tenPoint / 2) - 1))]!;
}

export function ratingBuckets(hearts: number[]): Record<RatingBucket, number> {
  const counts = Object.fromEntries(RATING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    RatingBucket,
    number
  >;
  for (const value of hearts) counts[ratingBucketOf(value)]++;
  return counts;
}
