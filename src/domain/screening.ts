/**
 * What an upload must be to enter the feeds, beyond its one face: not explicit, and not apparently a
 * minor. The server classifies every upload with nsfwjs's MobileNetV2Mid model (five classes) and reads
 * the face analysis' age estimate; this rule turns those figures into pass, hold (an admin decides) or
 * refuse (nothing kept). Pure, so the thresholds are tested against the model's real outputs.
 */
import type { FaceDetail } from './photo';

/** The model's five classes, each a probability; they sum to 1. */
export const CONTENT_CLASSES = ['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy'] as const;
export type ContentClass = (typeof CONTENT_CLASSES)[number];
export type ContentScores = Record<ContentClass, number>;

/**
 * The explicit score: the model's Porn. Hentai (drawn pornography) is left out: every upload is a
 * photograph with a face, and on photographs the model spreads ordinary pictures over its drawn
 * classes (the six samples read 0.7 to 0.83 Drawing, and sample 3 cropped as the app crops it reads
 * Hentai 0.45 beside Porn 0.007). Sexy alone is not held: swimwear and evening dresses are the
 * product's ordinary content. On the six samples, whole and as the app crops them, Porn is at most
 * 0.085 (sample 5); holding from 0.4 leaves more than four times that as margin.
 */
export const HOLD_EXPLICIT_AT = 0.4;
/**
 * Refused outright only where the model is nearly sure: a close-up of bare legs cut from sample 2 reads
 * Porn 0.89. Anything between the two thresholds is a person's call, not the model's.
 */
export const REFUSE_EXPLICIT_AT = 0.85;

/** Adulthood, as the hold for apparent minors counts it. */
export const ADULT_AGE = 18;
/**
 * How far face-api's age estimate falls below a real adult's age. On the six sample photos (adults out
 * for the evening, several holding drinks, so plausibly 21 or over) the 19 faces found are estimated at
 * 18.7 to 40; the youngest-looking, 18.7, is at least 2.3 years under. Three years covers that; a photo
 * is held when even its youngest face's estimate plus three years is under 18, i.e. estimated under 15.
 */
export const AGE_ESTIMATE_ERROR_YEARS = 3;

export type ReviewReason = 'explicit' | 'minor';

/** The figures an admin sees beside a held photo, and that the owner's card explains in words. */
export interface ScreeningFigures {
  /** The model's Porn, 0 to 1 (see HOLD_EXPLICIT_AT for why Hentai is left out). */
  explicit: number;
  scores: ContentScores;
  /** The face analysis' youngest age estimate among the faces found, in years; null without one. */
  ageEstimate: number | null;
}

export type ScreeningVerdict =
  | ({ verdict: 'pass' } & ScreeningFigures)
  | ({ verdict: 'hold'; reason: ReviewReason } & ScreeningFigures)
  | ({ verdict: 'refuse'; reason: 'explicit' } & ScreeningFigures);

/**
 * The face analysis' youngest estimate: of every face found where it says, else the largest face's, the
 * middle of its range (face-analysis.ts spans it 3 years each side).
 */
export function ageEstimateOf(
  face: Pick<FaceDetail, 'AgeRange' | 'YoungestAge'> | null | undefined,
): number | null {
  if (!face) return null;
  const largest = (face.AgeRange.Low + face.AgeRange.High) / 2;
  return face.YoungestAge === undefined ? largest : Math.min(largest, face.YoungestAge);
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

export function screenUpload(scores: ContentScores, ageEstimate: number | null): ScreeningVerdict {
  const explicit = round3(scores.Porn);
  const figures: ScreeningFigures = {
    explicit,
    scores: Object.fromEntries(CONTENT_CLASSES.map((name) => [name, round3(scores[name])])) as ContentScores,
    ageEstimate,
  };
  if (explicit >= REFUSE_EXPLICIT_AT) return { verdict: 'refuse', reason: 'explicit', ...figures };
  if (explicit >= HOLD_EXPLICIT_AT) return { verdict: 'hold', reason: 'explicit', ...figures };
  if (ageEstimate !== null && ageEstimate + AGE_ESTIMATE_ERROR_YEARS < ADULT_AGE) {
    return { verdict: 'hold', reason: 'minor', ...figures };
  }
  return { verdict: 'pass', ...figures };
}

/** A held photo's review: on the photo until an admin approves it (the field goes) or removes it. */
export interface PhotoReview extends ScreeningFigures {
  reason: ReviewReason;
  heldAt: Date;
}

/** What the owner reads: the refusal, the card's badge and reason, and the outcome's notice. */
export const SCREENING_MESSAGES = {
  refused: 'This photo looks explicit, so it was not saved. Photos here must be portraits fit for everyone.',
  inReview: 'In review',
  reason: {
    explicit:
      'Our screening thinks this photo may be too revealing. A moderator will look at it before anyone can rate it.',
    minor:
      'Our screening thinks the person in this photo may be under 18. A moderator will look at it before anyone can rate it.',
  } satisfies Record<ReviewReason, string>,
  cannotActivate: 'This photo is in review: it can be activated once a moderator has approved it.',
  approved: 'A moderator approved your photo: it can now be rated.',
  removed: 'A moderator removed your photo, as it goes against our terms.',
  notHeld: 'This photo is not in review.',
  photoGone: 'This photo no longer exists.',
  noneHeld: 'No photos are waiting for review.',
} as const;

/** The Review tab's decision on a held photo: approve (it enters the feeds) or remove (deleted). */
export const REVIEW_DECISIONS = ['approve', 'remove'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A held photo as the Review tab shows it; dates as ISO text, as a callable's answer carries them. */
export interface AdminHeldPhoto {
  id: string;
  userId: string;
  imageUrl: string;
  caption: string;
  /** The age the owner's profile states, beside the face's estimate. */
  profileAge: number | null;
  review: ScreeningFigures & { reason: ReviewReason; heldAt: string };
}

/** The held photos an admin sees at once, longest held first. */
export const HELD_PHOTOS_SHOWN = 50;
