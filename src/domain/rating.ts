/**
 * Rating other members' photos (spec 1, sections 2, 4, 5 and 9; design.md section 4): the tags,
 * the report reasons, the input rules, the swipe and key mappings, and how the feed is targeted
 * and ordered.
 */
import { comparingKey } from './compare';
import type { Photo } from './photo';
import { fairScore, type QualityTally } from './score-quality';
import type { Gender, ShowGender } from './user';

export const DEFAULT_CAPTION = 'How attractive is the person in this photo?';
/** The rating screen's heading, which the first photo's layer drawn before the app repeats, unseen. */
export const RATE_HEADING = 'Rate';

/** The question shown over a photo: its owner's caption, or the default one. */
export const captionOf = (photo: { caption?: string | null }): string => photo.caption || DEFAULT_CAPTION;
export const EMPTY_FEED = 'Oops! no more photos to rate, try to come back later';
export const COMMENT_TIP = 'Scroll down to add a comment!';
export const COMMENT_TIP_MS = 5000;
export const COMMENT_MAX = 500;
export const NO_RATINGS_YET = 'No ratings yet';

export const RATING_MESSAGES = {
  required: 'Rating is required',
  halfSteps: 'Rating must be from 0.5 to 5 in half steps',
  submitFailed: 'Failed to submit photo rating',
  alreadyRated: 'You have already rated this photo',
  ownPhoto: 'You cannot rate your own photo',
  unavailable: 'This photo is no longer available for rating',
  abusiveComment: 'Please keep your comment respectful: it contains words we do not allow',
  reasonRequired: 'Please choose a reason',
  alreadyReported: 'You have already reported this photo',
  viewRatingPremium: 'View Rating is part of Premium',
  undoGone: 'This rating can no longer be undone',
} as const;

/** Said after a vote, with its Undo, and after the undo. */
export const UNDO_MESSAGES = {
  offered: 'Rating sent',
  undo: 'Undo',
  undone: 'Rating undone: the photo is back',
} as const;
/** How long the Undo shows after a vote. */
export const UNDO_OFFER_MS = 5000;
/**
 * How long after a vote the server still undoes it: the Undo's time on screen, plus the vote's and the
 * undo's trips to the server on a slow connection.
 */
export const UNDO_WINDOW_MS = 10_000;

/** The tag chips: 59 personality words, the kind ones first. */
export const TAGS = [
  'amiable',
  'assertive',
  'attractive',
  'confident',
  'friendly',
  'trustworthy',
  'stylish',
  'approachable',
  'charming',
  'cheerful',
  'classy',
  'competent',
  'cool',
  'creative',
  'cute',
  'elegant',
  'energetic',
  'fun',
  'genuine',
  'gorgeous',
  'happy',
  'handsome',
  'honest',
  'intelligent',
  'kind',
  'likeable',
  'mature',
  'mysterious',
  'natural',
  'outgoing',
  'playful',
  'professional',
  'relaxed',
  'sexy',
  'smart',
  'sophisticated',
  'sporty',
  'successful',
  'sweet',
  'warm',
  'wise',
  'adventurous',
  'artistic',
  'calm',
  'caring',
  'shy',
  'serious',
  'awkward',
  'boring',
  'cold',
  'fake',
  'arrogant',
  'lazy',
  'sad',
  'tired',
  'unfriendly',
  'ugly',
  'rude',
  'suspicious',
] as const;
export type Tag = (typeof TAGS)[number];

/** Chips shown before 'show more': 10 on mobile, 18 on desktop. */
export const TAGS_SHOWN = { mobile: 10, desktop: 18 } as const;

export const REPORT_REASONS = [
  'Fake profile/Spam',
  'Inappropriate photo',
  'Restricted content',
  'Sexually explicit',
  'Underage user',
  'Illegal content',
  'Off-topic',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** After this many distinct reports a photo leaves every feed until an admin looks at it. */
export const REPORTS_TO_SUSPEND = 3;

/** The fewest hearts a vote can carry. */
export const RATING_MIN = 0.5;

/** A rating is hearts from 0.5 to 5 in half steps. */
export function isHalfStep(rate: number): boolean {
  return Number.isFinite(rate) && rate >= RATING_MIN && rate <= 5 && Number.isInteger(rate * 2);
}

/** Swipe: the drag offset, clamped to ±250 and snapped to steps of 50, gives (offset + 250) / 100 hearts. */
export const SWIPE_LIMIT = 250;
export const SWIPE_STEP = 50;

/**
 * A drag becomes a swipe only once it has gone this far from where it began: a third of the photo's
 * width, and never less than 100 px. A flick of the thumb (people used to dating apps flick left to
 * pass; 40 to 60 px cast 2 hearts by accident) never gets there, and is let go with the photo springing
 * back, no vote and no skip. Past it the spec's mapping holds whole, back to the middle (a skip) and the
 * steps of 2 and 3 hearts beside it, with the hearts shown before letting go. A share of the width, as
 * a thumb moves further over a larger photo; the floor is two of the mapping's steps.
 */
export const SWIPE_ARM_SHARE = 1 / 3;
export const SWIPE_ARM_MIN_PX = 100;

/** How far a drag over a photo this wide must go to count as a swipe. */
export function swipeArmDistance(photoWidth: number): number {
  return Math.max(SWIPE_ARM_MIN_PX, photoWidth * SWIPE_ARM_SHARE);
}

/** The drag snapped to the mapping's steps, the same distance either way. */
export function swipeOffset(dragX: number): number {
  const clamped = Math.min(SWIPE_LIMIT, Math.abs(dragX));
  return Math.sign(dragX) * Math.round(clamped / SWIPE_STEP) * SWIPE_STEP || 0;
}

/**
 * The hearts a released swipe gives, or null for a release at 0 (a skip). The far left (-250) would
 * be 0 hearts by the formula; a member swiping all the way left means the lowest rating, so it is 0.5.
 */
export function swipeRating(dragX: number): number | null {
  const offset = swipeOffset(dragX);
  return offset === 0 ? null : Math.max(RATING_MIN, (offset + SWIPE_LIMIT) / 100);
}

/** Keys 1 to 5 set that many hearts (2 to 10 on the ten-point scale). */
export function keyRating(key: string): number | null {
  return /^[1-5]$/.test(key) ? Number(key) : null;
}

export const FEED_PAGE_SIZE = 20;
export const FEED_INITIAL_BATCH = 2;

/** What the feed shows of a photo: enough to rate it, nothing of its owner's identity. */
export interface FeedPhoto {
  id: string;
  userId: string;
  imageUrl: string;
  /** The original, shown when the display image fails to load; null for photos made before it was kept. */
  originalUrl: string | null;
  caption: string | null;
}

/** The viewer as the feed's targeting sees them. */
export interface FeedViewer {
  gender: Gender;
  showGender: ShowGender;
  age: number;
}

/** Whether the photo's owner wants this viewer to see it, and the viewer wants to see its owner. */
export function isTargeted(
  photo: Pick<Photo, 'showTo' | 'gender' | 'ageRange'>,
  viewer: FeedViewer,
): boolean {
  if (photo.showTo !== 'both' && photo.showTo !== viewer.gender) return false;
  if (viewer.showGender !== 'both' && photo.gender !== viewer.showGender) return false;
  const [youngest, oldest] = photo.ageRange;
  return viewer.age >= youngest && viewer.age <= oldest;
}

const NEWEST_FIRST = 9_999_999_999_999;

/**
 * The feed's order as one ascending text, so both stores page it with a single index: premium
 * owners first ("priority rating"), then fewer votes, then newest, then the id to break ties.
 * Among photos of the same premium standing, those their owner is comparing (`comparing`, see
 * `compare.ts`) come first, the widest range first: their key has '.' where the vote count begins,
 * which sorts after '-' and before every digit, so `1-.…` follows every `0-…` and precedes every
 * other `1-…`.
 */
export function feedOrder(
  photo: Pick<Photo, 'id' | 'votesCount' | 'uploadedAt'> &
    Partial<Pick<Photo, 'comparing' | 'qualityVotes' | 'qualitySum' | 'qualitySquares'>>,
  ownerSubscribed: boolean,
): string {
  const standing = ownerSubscribed ? 0 : 1;
  const age = String(NEWEST_FIRST - photo.uploadedAt.getTime()).padStart(13, '0');
  if (photo.comparing) return `${standing}-.${comparingKey(photo)}-${age}-${photo.id}`;
  const votes = String(Math.min(photo.votesCount, 9_999_999)).padStart(7, '0');
  return `${standing}-${votes}-${age}-${photo.id}`;
}

export const LEADERBOARD_SIZE = 8;

/** What the leaderboard shows of a photo. */
export interface LeaderboardPhoto extends FeedPhoto {
  rate: number;
  votesCount: number;
  /** The small variant the grid shows, and the display image's size; null on older photos. */
  smallImageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}
export const LEADERBOARD_MIN_VOTES = 5;
/** What the leaderboard is asked for, for a show-me choice: everyone's photos need no filter. */
export const leaderboardInput = (gender: ShowGender): { gender?: Exclude<ShowGender, 'both'> } =>
  gender === 'both' ? {} : { gender };
export const LEADERBOARD_TITLE = 'The top rated photos of all time';
/** The leaderboard's help text: how `smoothedScore` ranks, in a member's words. */
export const LEADERBOARD_RULE =
  "Ranked by a score that resists luck: the low end of each photo's fair score, which rises as votes agree, so a few perfect votes do not outrank many great ones. A photo needs at least 5 votes; its badge shows its average out of 10, with its verdict.";

/**
 * What the leaderboard ranks by: the lower end of the photo's fair score's 90% range (see
 * `fairScore`). Few votes, or votes that disagree, leave it low, so luck does not outrank a record:
 * 5 votes of 5 hearts land near 4.1, 200 votes averaging 4.8 near 4.7. Votes from before the fair
 * score was kept (no tally) count as they were given; a tally of none, every vote left out as hasty
 * or the same every time, ranks nothing (0).
 */
export function smoothedScore(
  photo: Pick<Photo, 'rate' | 'votesCount'> & Partial<QualityTally>,
  siteAverage: number,
): number {
  const tally: QualityTally =
    photo.qualityVotes === undefined
      ? {
          qualityVotes: photo.votesCount,
          qualitySum: photo.rate * photo.votesCount,
          qualitySquares: photo.rate * photo.rate * photo.votesCount,
        }
      : {
          qualityVotes: photo.qualityVotes,
          qualitySum: photo.qualitySum ?? 0,
          qualitySquares: photo.qualitySquares ?? 0,
        };
  return fairScore(tally, siteAverage)?.low ?? 0;
}

/**
 * The leaderboard's order as one number, highest first: the smoothed score, ties to more votes. 0 for
 * photos with fewer than 5 votes, or none the fair score counts, which are not on it. `siteAverage`
 * is the one the last vote was weighed against.
 */
export function leaderboardScore(
  photo: Pick<Photo, 'rate' | 'votesCount'> & Partial<QualityTally>,
  siteAverage: number,
): number {
  if (photo.votesCount < LEADERBOARD_MIN_VOTES) return 0;
  const smoothed = smoothedScore(photo, siteAverage);
  if (smoothed === 0) return 0;
  return Math.round(smoothed * 1000) * 10_000_000 + Math.min(photo.votesCount, 9_999_999);
}

/** The calendar day (days since 1970-01-01, UTC) the daily leaderboard job records. */
export function leaderboardDay(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}
