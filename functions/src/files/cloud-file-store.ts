/** Cloud Storage through the Admin SDK, with Firebase download tokens in the object metadata. */
import type { Bucket } from '@google-cloud/storage';
import {
  assertFilePath,
  assertFolder,
  isFilePath,
  type FileEntry,
  type FileStore,
  type StoredFile,
} from './file-store';

/**
 * Display images (photos' and avatars') get a new name whenever they change, so phones may keep them for
 * a year; private, so no shared cache holds a member's photo after it is deleted.
 */
export const DISPLAY_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';
const isDisplayImage = (path: string) => /^images\/[^/]+\/resized\//.test(path);

export class CloudFileStore implements FileStore {
  private resolved: Bucket | undefined;

  /**
   * `findBucket` is asked at the first file operation, not before: loading the functions, as a deploy's
   * discovery does, must not need the default bucket, which a project without Storage set up lacks.
   */
  constructor(private readonly findBucket: () => Bucket) {}

  private get bucket(): Bucket {
    return (this.resolved ??= this.findBucket());
  }

  async read(path: string): Promise<StoredFile | undefined> {
    assertFilePath(path);
    const file = this.bucket.file(path);
    const [exists] = await file.exists();
    if (!exists) return undefined;
    const [[bytes], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
    const token = metadata.metadata?.firebaseStorageDownloadTokens;
    return {
      bytes,
      contentType: metadata.contentType ?? 'application/octet-stream',
      ...(typeof token === 'string' ? { downloadToken: token } : {}),
    };
  }

  async write(
    path: string,
    bytes: Buffer,
    options: { contentType: string; downloadToken?: string },
  ): Promise<void> {
    assertFilePath(path);
    await this.bucket.file(path).save(bytes, {
      resumable: false,
      contentType: options.contentType,
      metadata: {
        ...(isDisplayImage(path) ? { cacheControl: DISPLAY_IMAGE_CACHE_CONTROL } : {}),
        ...(options.downloadToken
          ? { metadata: { firebaseStorageDownloadTokens: options.downloadToken } }
          : {}),
      },
    });
  }

  async delete(path: string): Promise<void> {
    assertFilePath(path);
    await this.bucket.file(path).delete({ ignoreNotFound: true });
  }

  async list(folder: string): Promise<FileEntry[]> {
    assertFolder(folder);
    const [found] = await this.bucket.getFiles({ prefix: folder });
    return found
      .filter((file) => isFilePath(file.name))
      .map((file) => ({
        path: file.name,
        size: Number(file.metadata.size ?? 0),
        updatedAt: new Date(file.metadata.updated ?? file.metadata.timeCreated ?? 0),
      }));
  }

  async deleteFolder(folder: string): Promise<void> {
    assertFolder(folder);
    await this.bucket.deleteFiles({ prefix: folder, force: true });
  }

  downloadUrl(path: string, downloadToken: string): string {
    return `https://firebasestorage.googleapis.com/v0/b/${this.bucket.name}/o/${encodeURIComponent(path)}?alt=media&token=${downloadToken}`;
  }
}
