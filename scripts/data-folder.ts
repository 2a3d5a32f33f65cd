/**
 * The local backend's data folder: the SQLite store, the originals and the Auth emulator's accounts
 * (passwords included). Its default, `.data`, sits in the project folder, which is Vite's root, so
 * the development server is told to refuse it, and a folder handed out as it is (`public/`, and the
 * builds: `dist/` for `vite preview`, `dist-local/` for `npm start`) is refused as a data folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SERVED_AS_IS = ['public', 'dist', 'dist-local'];

function isWithin(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Throws when the app's own server would hand the folder out. */
export function assertDataDirNotServed(dataDir: string, root = projectRoot, alsoServed: string[] = []): void {
  const folder = path.resolve(dataDir);
  if (isWithin(folder, root))
    throw new Error(`DATA_DIR (${folder}) holds the app itself; give the data a folder of its own.`);
  const served = [...SERVED_AS_IS.map((name) => path.join(root, name)), ...alsoServed];
  for (const each of served) {
    if (isWithin(path.resolve(each), folder))
      throw new Error(
        `DATA_DIR (${folder}) is inside ${path.relative(root, each) || each}/, whose files are served as they are; choose a folder outside it.`,
      );
  }
}

export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(projectRoot, '.data');
  assertDataDirNotServed(dataDir);
  return dataDir;
}

const escapeGlob = (text: string) => text.replace(/[\\*?[\]{}()!+@|]/g, '\\$&');

/**
 * Vite `server.fs.deny` globs for the data folder: any `.data` folder, and `dataDir` wherever it is
 * (Vite matches them against absolute paths).
 */
export function dataFolderDenyPatterns(dataDir?: string): string[] {
  const patterns = ['.data', '**/.data/**'];
  if (dataDir) {
    const glob = escapeGlob(path.resolve(dataDir).split(path.sep).join('/'));
    patterns.push(glob, `${glob}/**`);
  }
  return patterns;
}
