/** Files under the local data folder, each with a small JSON sidecar for its type and token. */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  assertFilePath,
  assertFolder,
  isFilePath,
  type FileEntry,
  type FileStore,
  type StoredFile,
} from './file-store';

interface Sidecar {
  contentType: string;
  downloadToken?: string;
}

export class LocalFileStore implements FileStore {
  /** `publicUrl` is where the local server answers GET /files/... for this folder. */
  constructor(
    private readonly root: string,
    private publicUrl = '',
  ) {}

  setPublicUrl(url: string): void {
    this.publicUrl = url;
  }

  private location(filePath: string): string {
    assertFilePath(filePath);
    return path.join(this.root, filePath);
  }

  async read(filePath: string): Promise<StoredFile | undefined> {
    const location = this.location(filePath);
    try {
      const [bytes, sidecar] = await Promise.all([
        readFile(location),
        readFile(`${location}.meta.json`, 'utf8'),
      ]);
      return { bytes, ...(JSON.parse(sidecar) as Sidecar) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async write(filePath: string, bytes: Buffer, options: Sidecar): Promise<void> {
    const location = this.location(filePath);
    await mkdir(path.dirname(location), { recursive: true });
    await writeFile(location, bytes);
    await writeFile(`${location}.meta.json`, JSON.stringify(options));
  }

  async delete(filePath: string): Promise<void> {
    const location = this.location(filePath);
    await Promise.all([rm(location, { force: true }), rm(`${location}.meta.json`, { force: true })]);
  }

  async list(folder: string): Promise<FileEntry[]> {
    assertFolder(folder);
    let names: string[];
    try {
      names = await readdir(path.join(this.root, folder), { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: FileEntry[] = [];
    for (const name of names) {
      const filePath = `${folder}${name.split(path.sep).join('/')}`;
      if (!isFilePath(filePath)) continue;
      try {
        const facts = await stat(path.join(this.root, filePath));
        if (facts.isFile()) entries.push({ path: filePath, size: facts.size, updatedAt: facts.mtime });
      } catch (error) {
        // Removed while listing: not there any more.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return entries;
  }

  async deleteFolder(folder: string): Promise<void> {
    assertFolder(folder);
    await rm(path.join(this.root, folder), { recursive: true, force: true });
  }

  downloadUrl(filePath: string, downloadToken: string): string {
    assertFilePath(filePath);
    return `${this.publicUrl}/files/${filePath}?token=${encodeURIComponent(downloadToken)}`;
  }
}
