/** The landing page's first words: the control hero of 'landingHeroTest' and the page's description. */
export const LANDING_HERO_TEST = 'landingHeroTest';

export type HeroVariant = 'control' | 'original' | 'social_proof';

export interface HeroCopy {
  headline: string;
  subline: string;
}

/** What the page starts with, and what every visitor sees while the test is not running. */
export const CONTROL_HERO: HeroCopy = {
  headline: 'Find your best photo',
  subline:
    'Real people rate your photos with hearts, comments and tags. Anonymous, honest and fast, for dating, social or professional profiles.',
};

export const LANDING_DESCRIPTION =
  'Find your best photo. Real people rate your photos with hearts, comments and tags, anonymously: see your score, percentile, fair score and AI insights.';

/**
 * The example score card's figures (the landing page's card and the pictures scripts/make-public-art.ts
 * draws), as hearts' averages: shown out of 10 with their verdicts, as My Photos shows a real photo's.
 */
export const EXAMPLE_SCORES = { rate: 4.2, topPercent: 14, fair: 4.05, fairLow: 3.8, fairHigh: 4.3 } as const;
