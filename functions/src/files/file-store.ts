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

export interface FileStore {
  read(path: string): Promise<StoredFile | undefined>;
  write(path: string, bytes: Buffer, options: { contentType: string; downloadToken?: string }): Promise<void>;
  delete(path: string): Promise<void>;
  downloadUrl(path: string, downloadToken: string): string;
}

/** images/{uid}/{fileName} and images/{uid}/resized/{fileName}: nothing else is a file path. */
export function assertFilePath(path: string): void {
  if (!/^images\/[A-Za-z0-9_-]{1,128}\/(resized\/)?[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(path)) {
    throw new Error(`Not a file path: ${path}`);
  }
}
