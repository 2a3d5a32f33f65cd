/** Photo limits and tokens (spec 1, sections 6 and 9; design.md section 4). */
export const FREE_MAX_PHOTOS = 8;
export const FREE_MAX_ACTIVE_PHOTOS = 8;
export const PREMIUM_MAX_PHOTOS = 99;
export const PREMIUM_MAX_ACTIVE_PHOTOS = 99;
export const FIRST_PHOTO_BONUS_TOKENS = 10;

export const CAPTION_MAX = 50;
export const CAPTION_MIN_SENTIMENT = -3;
export const AGE_RANGE_MIN = 18;
export const AGE_RANGE_MAX = 90;
export const AGE_RANGE_GAP = 10;
export const DEFAULT_AGE_RANGE: [number, number] = [18, 37];
export const CROP_ASPECT = 13 / 14;
export const CROP_MAX_ZOOM = 2;

/** Upload and processing limits of the pipeline. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * The image types a member may upload: what the pipeline decodes. SVG is not among them (it is a
 * document that can carry script), nor anything else that merely calls itself image/.
 */
export const UPLOAD_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/tiff',
] as const;

export function isUploadImageType(contentType: string): boolean {
  return (UPLOAD_IMAGE_TYPES as readonly string[]).includes(contentType.split(';')[0]!.trim().toLowerCase());
}

/** Uploads a member may have waiting for a handler at once; the rest wait until those are used. */
export const MAX_PENDING_UPLOADS = 5;
/** An upload no handler has used by then was abandoned; the clean-up removes it. */
export const UPLOAD_MAX_AGE_MS = 60 * 60 * 1000;

export function maxPhotos(subscribed: boolean): number {
  return subscribed ? PREMIUM_MAX_PHOTOS : FREE_MAX_PHOTOS;
}

export function maxActivePhotos(subscribed: boolean): number {
  return subscribed ? PREMIUM_MAX_ACTIVE_PHOTOS : FREE_MAX_ACTIVE_PHOTOS;
}

/** Why a photo cannot be active: the owner's tokens ran out, or the active maximum is reached. */
export type PhotoRefusal = 'noTokens' | 'maxActive';

export const PHOTO_MESSAGES = {
  noTokens:
    "You can't activate your photos because you ran out of tokens, please rate other photos, or buy more",
  maxActive:
    'You have reached the maximum number of active photos, please upgrade your account or deactivate some',
  analysisFailed: (error: string) => `${error}, please consider trying with another photo`,
  saveFailed: 'Error while uploading photo',
  photoRequired: 'Photo is required',
  negativeCaption: 'Please consider writing a more positive caption',
  notAnImage: 'This file is not an image',
  tooLarge: 'This photo is larger than 10 MB',
  tooManyUploads: 'Too many uploads are waiting. Please wait for them to finish and try again.',
  uploadExists: 'This upload already exists. Please choose the photo again.',
  tooManyPixels: 'This photo has more than 50 megapixels',
  noFace: 'No face detected',
  maxPhotos: (limit: number) =>
    `You have reached the maximum of ${limit} photos, please upgrade your account or delete some`,
  notActive: 'This photo is not active',
  /** How first votes come, said from how the feed works rather than a waiting time nobody measured. */
  firstVotes:
    'An active photo joins the rating feed at once, and its votes arrive as members rate it: photos with fewer votes are shown first.',
  savedInactive: (why: string) => `Your photo is saved but not active yet. ${why}`,
} as const;
