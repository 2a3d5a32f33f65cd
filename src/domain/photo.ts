/** A member's photo, `users/{uid}/photos/{photoId}`, and the rules of the spec about how it shows. */
import type { PhotoReview } from './screening';
import { feedOrder, leaderboardScore } from './rating';
import type { PeerGroup } from './peer-stats';
import { DEFAULT_SITE_AVERAGE, type QualityTally } from './score-quality';
import type { Gender, ShowGender } from './user';
import type { VoteTotals } from './vote-totals';

export interface FaceDetail {
  AgeRange: { Low: number; High: number };
  Gender: { Value: 'Female' | 'Male'; Confidence: number };
  Smile: { Value: boolean; Confidence: number };
  Emotions: Array<{ Type: string; Confidence: number }>;
  Pose: { Roll: number };
  Quality: { Brightness: number; Sharpness: number };
  Beard: { Value: boolean; Confidence: number };
  /**
   * The youngest age estimated among all the faces found, not only the largest: the screening holds a
   * photo where any face looks under 18 (`screening.ts`). None on photos analysed before it was kept.
   */
  YoungestAge?: number;
}

export interface AiInsights {
  photoVibe: string;
  personalityTraits: string[];
  celebrityLookAlikes: string[];
  funFacts: string[];
  zodiacVibes: { primarySign: string; reason: string; compatibility: string };
  datingAppOptimization: { swipeability: string; strengths: string[]; suggestions: string[] };
  mysticalReadings: { aura: string; element: string; spirit_animal: string };
  styleAnalysis: { vibe: string; standoutFeature: string; colors: string[] };
  emotions: { primary: string; energy: string };
}

export interface Photo extends QualityTally {
  id: string;
  userId: string;
  imageName: string;
  resizedImageName: string;
  imageUrl: string;
  /** The stripped original's URL: where the display image falls back when the resized one fails. */
  originalUrl?: string;
  /** The small variant for grids, beside the display one; none on photos made before it was. */
  smallImageName?: string;
  smallImageUrl?: string;
  /** The display image's size in pixels, so a page reserves its space before it loads. */
  imageWidth?: number;
  imageHeight?: number;
  showTo: ShowGender;
  gender: Gender;
  ageRange: [number, number];
  caption?: string;
  active: boolean;
  eligible: boolean;
  evaluated: boolean;
  allowAI: boolean;
  rate: number;
  votesCount: number;
  uploadedAt: Date;
  updatedAt: Date;
  leaderboardDays: number[];
  reportsCount: number;
  /** When the owner first shared it: only then does its public preview show anything. */
  sharedAt?: Date;
  error?: string;
  /** Switched off when its owner's tokens ran out: offered back together once they have tokens again. */
  pausedForTokens?: boolean;
  /** The owner's thumb on the AI insights; null once taken back. */
  aiReaction?: AiReaction | null;
  averageViewingTimeSeconds: number;
  totalViewingTimeSeconds: number;
  genComments?: string[];
  faceDetail?: FaceDetail;
  aiInsights?: AiInsights;
  /** Where the photo stands in the rating feed (see `feedOrder`); kept by the handlers. */
  feedOrder: string;
  /** Its owner is comparing it and it needs votes: first in the feed among its owner's standing. */
  comparing?: boolean;
  /** When `comparing` ends (the hourly job clears it). */
  comparingUntil?: Date;
  /** Where it stands on the leaderboard (see `leaderboardScore`); 0 when it is not a candidate. */
  leaderboardScore: number;
  /** Its votes' overview and tags, kept by the fold; none before its first vote. */
  voteTotals?: VoteTotals;
  /** The peer group its rate is counted in (see `peer-stats.ts`); none before its first vote. */
  peerGroup?: PeerGroup;
  /** Held by the upload's screening until an admin decides (`screening.ts`); none once approved. */
  review?: PhotoReview;
}

export const photoPath = (uid: string, photoId: string) => `users/${uid}/photos/${photoId}`;
export const photosPath = (uid: string) => `users/${uid}/photos`;
/** Where the server keeps a member's stripped originals; only the server writes under images/{uid}/. */
export const imagePath = (uid: string, fileName: string) => `images/${uid}/${fileName}`;
export const resizedImagePath = (uid: string, fileName: string) => `images/${uid}/resized/${fileName}`;
/** The one place a member's client writes: new files only, which the handlers read and remove. */
export const uploadsFolder = (uid: string) => `images/${uid}/uploads/`;
export const uploadPath = (uid: string, fileName: string) => `${uploadsFolder(uid)}${fileName}`;

/**
 * The small variant's bounds (the image pipeline makes it): a grid cell on a phone, such as the
 * leaderboard's two columns on a 412-pixel screen, about 320 device pixels wide at the usual density.
 */
export const SMALL_IMAGE_WIDTH = 360;
export const SMALL_IMAGE_HEIGHT = 480;

/** What display images were made at before their size was kept: the widest a display image is. */
export const DISPLAY_IMAGE_WIDTH = 720;

/** What `photoSrcSet` sizes with: the small variant's bounds, and a display image's width when not kept. */
export interface SrcSetBounds {
  width: number;
  height: number;
  displayWidth: number;
}

export const SRCSET_BOUNDS: SrcSetBounds = {
  width: SMALL_IMAGE_WIDTH,
  height: SMALL_IMAGE_HEIGHT,
  displayWidth: DISPLAY_IMAGE_WIDTH,
};

/**
 * The image candidates a photo offers where it shows small (`srcset`): its small variant, at the display
 * image's size scaled to fit the small bounds, beside the display image; none for photos made before
 * the variant was. It uses only its parameters: the page's head carries its text (src/lib/first-board.ts).
 */
export function photoSrcSet(
  photo: {
    imageUrl: string;
    smallImageUrl: string | null;
    imageWidth: number | null;
    imageHeight: number | null;
  },
  bounds: SrcSetBounds,
): string | undefined {
  if (!photo.smallImageUrl) return undefined;
  const { imageWidth: width, imageHeight: height } = photo;
  const smallWidth =
    width && height
      ? Math.round(width * Math.min(1, bounds.width / width, bounds.height / height))
      : bounds.width;
  return `${photo.smallImageUrl} ${smallWidth}w, ${photo.imageUrl} ${width ?? bounds.displayWidth}w`;
}

/** Every file a photo keeps: the original, the display image and (on newer photos) the small one. */
export function photoFilePaths(
  uid: string,
  photo: Pick<Photo, 'imageName' | 'resizedImageName' | 'smallImageName'>,
): string[] {
  return [
    imagePath(uid, photo.imageName),
    resizedImagePath(uid, photo.resizedImageName),
    ...(photo.smallImageName ? [resizedImagePath(uid, photo.smallImageName)] : []),
  ];
}

export const PHOTO_SORTS = ['uploadedAt', 'rate', 'votesCount'] as const;
export type PhotoSort = (typeof PHOTO_SORTS)[number];

const NEW_FOR_MS = 2 * 24 * 60 * 60 * 1000;

/** The 'New' badge shows for less than 2 days after upload. */
export function isNewPhoto(photo: Pick<Photo, 'uploadedAt'>, now: Date): boolean {
  return now.getTime() - photo.uploadedAt.getTime() < NEW_FOR_MS;
}

/** 'New on Leaderboard!' with one day on it, 'Leaderboard' with more, nothing with none. */
export function leaderboardBadge(photo: Pick<Photo, 'leaderboardDays'>): string | null {
  if (photo.leaderboardDays.length === 0) return null;
  return photo.leaderboardDays.length === 1 ? 'New on Leaderboard!' : 'Leaderboard';
}

/** What a photo is given when it is made; the rest starts as every new photo does. */
export type NewPhotoFields = Pick<
  Photo,
  | 'id'
  | 'userId'
  | 'imageName'
  | 'resizedImageName'
  | 'imageUrl'
  | 'showTo'
  | 'gender'
  | 'ageRange'
  | 'active'
  | 'uploadedAt'
> &
  Partial<Photo>;

/** A new photo: evaluated and eligible, unrated, unreported, never on the leaderboard. */
export function newPhoto(fields: NewPhotoFields, ownerSubscribed = false): Photo {
  const photo: Photo = {
    eligible: true,
    evaluated: true,
    allowAI: true,
    rate: 0,
    votesCount: 0,
    updatedAt: fields.uploadedAt,
    leaderboardDays: [],
    reportsCount: 0,
    averageViewingTimeSeconds: 0,
    totalViewingTimeSeconds: 0,
    qualityVotes: 0,
    qualitySum: 0,
    qualitySquares: 0,
    feedOrder: '',
    leaderboardScore: 0,
    ...fields,
  };
  return {
    ...photo,
    feedOrder: fields.feedOrder ?? feedOrder(photo, ownerSubscribed),
    leaderboardScore: leaderboardScore(photo, DEFAULT_SITE_AVERAGE),
  };
}

/** Sharing: only an active photo with at least one vote. */
export const SHARE_REFUSED = 'Only an active photo with at least one vote can be shared.';

export function canShare(photo: Pick<Photo, 'active' | 'votesCount'>): boolean {
  return photo.active && photo.votesCount >= 1;
}

export function shareLink(origin: string, photoId: string, ownerId: string): string {
  return `${origin}/photo/${photoId}?referrer=${ownerId}`;
}

/** What a visitor of a share link sees of the photo. */
export interface SharedPhoto {
  imageUrl: string;
  /** The original, shown when the display image fails to load. */
  originalUrl: string | null;
  /** The display image's size; null on photos made before it was kept. */
  imageWidth: number | null;
  imageHeight: number | null;
  caption: string | null;
  rate: number;
  votesCount: number;
}

/** The owner's judgement of the AI insights (spec: the photo's aiReaction), counted for admins. */
export const AI_REACTIONS = ['like', 'dislike'] as const;
export type AiReaction = (typeof AI_REACTIONS)[number];

/** The site's count of owners' reactions to insights, kept by `reactToInsights`, read by admins. */
export const INSIGHTS_REACTIONS_PATH = 'siteStats/insightsReactions';
export interface InsightsReactions {
  like: number;
  dislike: number;
}

export const INSIGHTS_MESSAGES = {
  noInsights: 'This photo has no insights yet.',
  reaction: 'Choose like or dislike',
} as const;
