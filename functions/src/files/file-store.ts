/**
 * The file port: where uploaded images and their display variants live. Local files under the data
 * folder, or Cloud Storage. A file may carry a download token: its URL then works for whoever has it,
 * as Firebase Storage download URLs do.
 */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  downloadToken?: string;
}

/** A file found by `list`: where it is, its size and when it was last written. */
export interface FileEntry {
  path: string;
  size: number;
  updatedAt: Date;
}

export interface FileStore {
  read(path: string): Promise<StoredFile | undefined>;
  write(path: string, bytes: Buffer, options: { contentType: string; downloadToken?: string }): Promise<void>;
  delete(path: string): Promise<void>;
  /** Every file under a folder (`images/`, `images/{uid}/` or `images/{uid}/uploads/`), at any depth. */
  list(folder: string): Promise<FileEntry[]>;
  /** Removes every file under a folder, as `list` names them. */
  deleteFolder(folder: string): Promise<void>;
  downloadUrl(path: string, downloadToken: string): string;
}

const FILE_PATH = /^images\/[A-Za-z0-9_-]{1,128}\/(resized\/|uploads\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * images/{uid}/{fileName}, images/{uid}/resized/{fileName} and images/{uid}/uploads/{fileName}:
 * nothing else is a file path. No name ends in .meta.json: the local store keeps its records there.
 */
export function assertFilePath(path: string): void {
  if (!FILE_PATH.test(path) || path.endsWith('.meta.json')) throw new Error(`Not a file path: ${path}`);
}

export function isFilePath(path: string): boolean {
  return FILE_PATH.test(path) && !path.endsWith('.meta.json');
}

/** images/, images/{uid}/ or images/{uid}/uploads/: the folders the handlers list or clear. */
export function assertFolder(folder: string): void {
  if (!/^images\/([A-Za-z0-9_-]{1,128}\/(uploads\/)?)?$/.test(folder))
    throw new Error(`Not a folder: ${folder}`);
}
