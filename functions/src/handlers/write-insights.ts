/**
 * The trigger that follows a new photo: writes its AI insights. Runs after the upload has answered,
 * so a slow or failing text service never holds up or breaks an upload.
 */
import { photoPath, type Photo } from '../../../src/domain/photo';
import type { InsightsWriter } from '../photos/insights';
import type { Store } from '../store/store';

export async function writeInsights(
  store: Store,
  writer: InsightsWriter,
  uid: string,
  photoId: string,
): Promise<boolean> {
  const photo = await store.get<Photo>(photoPath(uid, photoId));
  if (!photo?.faceDetail || photo.aiInsights || !photo.allowAI) return false;
  const aiInsights = await writer.write(photo.faceDetail, photo.caption);
  return store.runTransaction(async (tx) => {
    const current = await tx.get<Photo>(photoPath(uid, photoId));
    // Deleted meanwhile, or written by an earlier run: nothing to do.
    if (!current || current.aiInsights) return false;
    tx.update(photoPath(uid, photoId), { aiInsights: aiInsights as unknown as Record<string, unknown> });
    return true;
  });
}

/** `users/{uid}/photos/{photoId}` → its ids, for hosts that see raw paths. */
export function photoIdsOf(path: string): { uid: string; photoId: string } | null {
  const match = /^users\/([^/]+)\/photos\/([^/]+)$/.exec(path);
  return match ? { uid: match[1]!, photoId: match[2]! } : null;
}
