/**
 * Uploads no handler used: `createPhoto` and `updateAvatar` remove theirs whether they succeed or
 * fail, so an upload still there an hour later was abandoned (a closed tab, a lost connection, or
 * junk sent on purpose). The hourly job removes them, on both backends.
 */
import { UPLOAD_MAX_AGE_MS } from '../../../src/domain/limits';
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
