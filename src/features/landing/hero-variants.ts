/** The hero of each 'landingHeroTest' variant; loaded with the experiment, off the first load. */
import { CONTROL_HERO, type HeroCopy, type HeroVariant } from './landing-copy';

export const HERO_COPY: Record<HeroVariant, HeroCopy> = {
  control: CONTROL_HERO,
  original: {
    headline: 'How do others see your photo?',
    subline:
      'Upload a photo and get honest, anonymous ratings from real people: your score, how it compares, and what they noticed.',
  },
  social_proof: {
    headline: 'Find your best photo',
    subline: 'Join 10k+ members who have rated 250k+ photos. Honest, anonymous feedback from real people.',
  },
};
