/**
 * Uploads no handler used: `createPhoto` and `updateAvatar` remove theirs whether they succeed or
 * fail, so an upload still there an hour later was abandoned (a closed tab, a lost connection, or
 * junk sent on purpose). The hourly job removes them, on both backends.
 */
import { MAX_PENDING_UPLOADS, UPLOAD_MAX_AGE_MS } from '../../../src/domain/limits';
import type { FileStore } from '../files/file-store';
import type { Clock } from './handler';

const UPLOADS = /^images\/[^/]+\/uploads\//;

export async function cleanUpUploads(files: FileStore, clock: Clock): Promise<{ removed: number }> {
  const cutoff = clock.now().getTime() - UPLOAD_MAX_AGE_MS;
  const abandoned = (await files.list('images/')).filter(
    (file) => UPLOADS.test(file.path) && file.updatedAt.getTime() < cutoff,
  );
  for (const file of abandoned) await files.delete(file.path);
  return { removed: abandoned.length };
}

/**
 * Cloud Storage's rules cannot count a member's files, so on Firebase each new upload is checked
 * once stored: past the quota of waiting uploads, the newest ones go (the local route refuses them
 * before they are written). Returns the paths removed.
 */
export async function enforceUploadQuota(files: FileStore, uploadedPath: string): Promise<string[]> {
  const folder = /^(images\/[^/]+\/uploads\/)[^/]+$/.exec(uploadedPath)?.[1];
  if (!folder) return [];
  const waiting = (await files.list(folder)).sort(
    (a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.path.localeCompare(b.path),
  );
  const over = waiting.slice(MAX_PENDING_UPLOADS).map((file) => file.path);
  for (const path of over) await files.delete(path);
  return over;
}
