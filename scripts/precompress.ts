/**
 * The local build's scripts and styles in Brotli, as Firebase Hosting serves the deployed ones ("served
 * as gzip or Brotli", whichever is smaller for the browser): Vite's preview server alone compresses with
 * gzip only, some 14% more bytes on the phone's connection than production sends, which `npm run
 * bench:web` would count against every page. The build `npm start` serves writes each asset's Brotli
 * copy beside it (`app-1a2b.js.br`), once, at the highest quality; the preview server sends that copy to
 * a browser that accepts it and the file as before to any other. `npm run build` (what is deployed)
 * writes none: Hosting compresses on its own.
 */
import { createReadStream, type Stats } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import type { Plugin } from 'vite';

const compress = promisify(brotliCompress);

/** Where the copies are: the hashed assets, named by their content. */
export const ASSETS_FOLDER = 'assets';
export const BROTLI_SUFFIX = '.br';
/** Below this, compressing saves less than the headers it adds (the limit Vite's gzip uses too). */
export const MIN_BYTES = 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const isCompressible = (name: string) => Object.hasOwn(CONTENT_TYPES, path.extname(name));

/** Writes the Brotli copy of each script and style of the build's assets; the number written. */
export async function precompressAssets(outDir: string): Promise<number> {
  const folder = path.join(outDir, ASSETS_FOLDER);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return 0;
  }
  const written = await Promise.all(
    names.filter(isCompressible).map(async (name) => {
      const source = await readFile(path.join(folder, name));
      if (source.length < MIN_BYTES) return 0;
      const copy = await compress(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      });
      await writeFile(path.join(folder, name + BROTLI_SUFFIX), copy);
      return 1;
    }),
  );
  return written.reduce<number>((sum, one) => sum + one, 0);
}

/** Whether an Accept-Encoding header takes Brotli: `br` named without `q=0`. */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [coding, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (coding !== 'br') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** The asset a request names, inside the build's assets folder, or undefined for anything else. */
export function assetPath(outDir: string, url: string | undefined): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url ?? '', 'http://build.invalid').pathname);
  } catch {
    return undefined;
  }
  const segments = pathname.split('/');
  if (segments[1] !== ASSETS_FOLDER || segments.length !== 3) return undefined;
  const name = segments[2]!;
  if (!name || name.startsWith('.') || /[\\\0]/.test(name) || !isCompressible(name)) return undefined;
  return path.join(outDir, ASSETS_FOLDER, name);
}

async function statOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    const found = await stat(file);
    return found.isFile() ? found : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Answers a request for an asset with its Brotli copy when the browser takes Brotli and the copy is
 * there and not older than the asset (a build replaced in place is served at once); false to leave the
 * request to the preview server.
 */
export async function answerWithBrotli(
  outDir: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string> = {},
): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!acceptsBrotli(request.headers['accept-encoding'])) return false;
  const file = assetPath(outDir, request.url);
  if (!file) return false;
  const [asset, copy] = await Promise.all([statOrUndefined(file), statOrUndefined(file + BROTLI_SUFFIX)]);
  if (!asset || !copy || copy.mtimeMs < asset.mtimeMs) return false;
  const etag = `W/"br-${copy.size}-${Math.trunc(copy.mtimeMs)}"`;
  const common = { ...headers, Vary: 'Accept-Encoding', ETag: etag };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, common);
    response.end();
    return true;
  }
  response.writeHead(200, {
    ...common,
    'Content-Type': CONTENT_TYPES[path.extname(file)]!,
    'Content-Encoding': 'br',
    'Content-Length': String(copy.size),
    'Last-Modified': asset.mtime.toUTCString(),
  });
  if (request.method === 'HEAD') {
    response.end();
    return true;
  }
  await new Promise<void>((resolve, reject) => {
    const stream = createReadStream(file + BROTLI_SUFFIX);
    stream.once('error', reject);
    response.once('close', () => resolve());
    stream.pipe(response);
  });
  return true;
}

/** The preview server's side: the Brotli copies, ahead of its own gzip. */
export function brotliAssetsPlugin(): Plugin {
  return {
    name: 'brotli-assets',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const headers = Object.fromEntries(
        Object.entries(server.config.preview.headers ?? {}).map(([name, value]) => [name, String(value)]),
      );
      server.middlewares.use((request, response, next) => {
        answerWithBrotli(outDir, request, response, headers).then(
          (answered) => {
            if (!answered) next();
          },
          (error: unknown) => {
            // A copy that cannot be read: the asset itself, as before.
            if (!response.headersSent) next();
            else response.destroy(error instanceof Error ? error : undefined);
          },
        );
      });
    },
  };
}
