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
