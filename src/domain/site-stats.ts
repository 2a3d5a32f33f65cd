/**
 * `stats/stats`: the histogram of rated photos' rates (0.01-wide buckets, so it stays small at any
 * number of photos) and the site's vote count and sum of hearts. Its own module, as the data adapters
 * load with the app's shell.
 */
export type RateHistogram = Record<string, number>;

export interface SiteStats {
  histogram: RateHistogram;
  votes: number;
  votesSum: number;
}

export const EMPTY_SITE_STATS: SiteStats = { histogram: {}, votes: 0, votesSum: 0 };
