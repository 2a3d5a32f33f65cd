/**
 * Sharing a photo: the native share sheet with a 600x600 PNG card when the device has one, else the
 * link copied to the clipboard. The link opens the public preview and credits the owner as referrer.
 */
import { shareLink, type Photo } from '@/domain/photo';
import { formatScore } from '@/domain/scores';

export const SHARE_CARD_SIZE = 600;
export const SHARE_MESSAGES = {
  copied: 'Link Copied to clipboard!',
  copyFailed: 'Failed to copy link.',
} as const;

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The photo could not be loaded.'));
    image.src = source;
  });
}

/** What the card's band says: the score as every screen says it, then where it is from. */
export function shareCardLines(photo: Pick<Photo, 'rate' | 'votesCount'>): [string, string] {
  const votes = `${photo.votesCount} ${photo.votesCount === 1 ? 'vote' : 'votes'}`;
  return [`❤ ${formatScore(photo.rate)}`, `${votes} on Photorater`];
}

/** The photo, cropped square, with its score on a band along the bottom. */
export async function makeShareCard(photo: Pick<Photo, 'imageUrl' | 'rate' | 'votesCount'>): Promise<Blob> {
  const image = await loadImage(photo.imageUrl);
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_CARD_SIZE;
  canvas.height = SHARE_CARD_SIZE;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas.');
  const side = Math.min(image.naturalWidth, image.naturalHeight);
  context.drawImage(
    image,
    (image.naturalWidth - side) / 2,
    (image.naturalHeight - side) / 2,
    side,
    side,
    0,
    0,
    SHARE_CARD_SIZE,
    SHARE_CARD_SIZE,
  );
  context.fillStyle = 'rgba(0, 0, 0, 0.55)';
  context.fillRect(0, SHARE_CARD_SIZE - 110, SHARE_CARD_SIZE, 110);
  context.fillStyle = '#ffffff';
  context.textBaseline = 'middle';
  const [score, from] = shareCardLines(photo);
  // The longest verdict fits at this size; maxWidth narrows the text rather than cutting it.
  context.font = 'bold 36px sans-serif';
  context.fillText(score, 24, SHARE_CARD_SIZE - 72, SHARE_CARD_SIZE - 48);
  context.font = '24px sans-serif';
  context.fillText(from, 24, SHARE_CARD_SIZE - 30, SHARE_CARD_SIZE - 48);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No card.'))), 'image/png'),
  );
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

export async function sharePhoto(
  photo: Photo,
  ownerId: string,
  origin = window.location.origin,
): Promise<ShareOutcome> {
  const url = shareLink(origin, photo.id, ownerId);
  if (typeof navigator.share === 'function') {
    try {
      const card = await makeShareCard(photo).catch(() => null);
      const files = card ? [new File([card], 'photorater.png', { type: 'image/png' })] : [];
      const withFiles = files.length > 0 && navigator.canShare?.({ files }) === true;
      await navigator.share({ title: 'Rate my photo', url, ...(withFiles ? { files } : {}) });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
