/**
 * What happens to an uploaded image before it becomes a photo: it must decode as an image of at most
 * 50 megapixels; it is turned upright and re-encoded, which drops every piece of metadata (EXIF, GPS,
 * XMP); a WebP display variant is made for /rate and the detail, and a small one for grids (My Photos'
 * cards, the leaderboard); and a small raw copy is handed to face analysis.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import type { Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS, PHOTO_MESSAGES } from '../../../src/domain/limits';
import { SMALL_IMAGE_HEIGHT, SMALL_IMAGE_WIDTH } from '../../../src/domain/photo';

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The original, upright, as JPEG without metadata. */
  original: Buffer;
  /** The display variant: WebP, at most 720 x 960. */
  display: Buffer;
  displayWidth: number;
  displayHeight: number;
  /** The small variant for grids: WebP, at most 360 x 480. */
  small: Buffer;
  /** The original's size. */
  width: number;
  height: number;
  /** RGB pixels, at most 1024 on the long side, for face analysis and quality measures. */
  analysis: RawImage;
}

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
/**
 * sharp with its native library, loaded at the first image: the functions that never see one (every
 * callable but the upload and the avatar) start without it.
 */
async function loadSharp() {
  return (await import('sharp')).default;
}

export const DISPLAY_WIDTH = 720;
export const DISPLAY_HEIGHT = 960;
const ANALYSIS_SIZE = 1024;

/** Refuses what is not an image of a known format, or has too many pixels, from the header alone. */
async function checkHeader(bytes: Buffer): Promise<void> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
  }
  if (!metadata.format || !IMAGE_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
  }
  // Checked from the header, before any pixel is decoded: a decompression bomb costs nothing here.
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.tooManyPixels);
  }
}

export const AVATAR_SIZE = 256;

/** A profile photo: upright, square, 256 pixels, WebP, without any of the original's metadata. */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  await checkHeader(bytes);
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
  }
}

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  await checkHeader(bytes);
  const sharp = await loadSharp();
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 }).rotate();
    const [original, display, small, analysis] = await Promise.all([
      upright.clone().jpeg({ quality: 90, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({ width: DISPLAY_WIDTH, height: DISPLAY_HEIGHT, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({
          width: SMALL_IMAGE_WIDTH,
          height: SMALL_IMAGE_HEIGHT,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 75, effort: 4 })
        .toBuffer(),
      upright
        .clone()
        .resize({ width: ANALYSIS_SIZE, height: ANALYSIS_SIZE, fit: 'inside', withoutEnlargement: true })
        .removeAlpha()
        .toColorspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }),
    ]);
    return {
      original: original.data,
      display: display.data,
      displayWidth: display.info.width,
      displayHeight: display.info.height,
      small,
      width: original.info.width,
      height: original.info.height,
      analysis: {
        data: new Uint8Array(analysis.data.buffer, analysis.data.byteOffset, analysis.data.length),
        width: analysis.info.width,
        height: analysis.info.height,
      },
    };
  } catch {
    throw new HttpsError('invalid-argument', PHOTO_MESSAGES.notAnImage);
  }
}
