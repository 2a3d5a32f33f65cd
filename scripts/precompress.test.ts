/**
 * The Brotli copies of the local build's assets: written once at build time, sent by the preview server
 * to a browser that takes Brotli, never for a copy older than its asset, a path outside the assets, or a
 * browser that does not take it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuild } from './app-build';
import { findFreePorts } from './local-stack';
import { acceptsBrotli, assetPath, precompressAssets } from './precompress';

let outDir: string;
let server: PreviewServer;
let port: number;

const script = `export const greeting = ${JSON.stringify('hello, '.repeat(400))};\n`;
const style = `body { color: #222; }\n`.repeat(100);

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'photorater-precompress-'));
  mkdirSync(path.join(outDir, 'assets'));
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(outDir, 'assets', 'app-1a2b.js'), script);
  writeFileSync(
    path.join(outDir, 'assets', 'app-1a2b.js.map'),
    JSON.stringify({ mappings: 'A'.repeat(4000) }),
  );
  writeFileSync(path.join(outDir, 'assets', 'look-3c4d.css'), style);
  writeFileSync(path.join(outDir, 'assets', 'tiny-5e6f.js'), 'export {};\n');
  writeFileSync(path.join(outDir, 'assets', 'photo.webp'), randomBytes(4096));
  writeFileSync(path.join(outDir, 'secret.js'), script);
  port = (await findFreePorts(41950)).app;
  server = await serveBuild({ outDir, host: '127.0.0.1', port, allowedHosts: [], quiet: true });
}, 30_000);

afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with the path sent as written (no URL normalisation of the client's own). */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: pathname, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    sent.on('error', reject);
    sent.end();
  });
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

describe('precompressAssets', () => {
  it('writes a Brotli copy of each script and style of the assets, not of maps, images or what is too small to gain', async () => {
    expect(await precompressAssets(outDir)).toBe(2);
    const copy = (name: string) => path.join(outDir, 'assets', `${name}.br`);
    expect(brotliDecompressSync(readFileSync(copy('app-1a2b.js'))).toString()).toBe(script);
    expect(brotliDecompressSync(readFileSync(copy('look-3c4d.css'))).toString()).toBe(style);
    for (const name of ['app-1a2b.js.map', 'tiny-5e6f.js', 'photo.webp'])
      expect(existsSync(copy(name))).toBe(false);
    expect(existsSync(path.join(outDir, 'secret.js.br'))).toBe(false);
  });

  it('writes nothing for a build without assets', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'photorater-precompress-empty-'));
    try {
      expect(await precompressAssets(empty)).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br', true],
    ['BR;q=0.5', true],
    ['gzip, br;q=0', false],
    ['br;q=0.0', false],
    ['gzip, deflate', false],
    ['brotli', false],
    ['', false],
  ])('%j: %s', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });

  it('reads a header given more than once, and its absence', () => {
    expect(acceptsBrotli(['gzip', 'br'])).toBe(true);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe('assetPath', () => {
  it('names only a script or style directly in the assets folder', () => {
    expect(assetPath('/build', '/assets/app-1a2b.js?v=1')).toBe(path.join('/build', 'assets', 'app-1a2b.js'));
    for (const url of [
      '/app-1a2b.js',
      '/assets/../secret.js',
      '/assets/%2e%2e%2fsecret.js',
      '/assets/sub/app.js',
      '/assets/..%5csecret.js',
      '/assets/%00.js',
      '/assets/%E0%A4%A.js',
      '/assets/photo.webp',
      '/assets/.hidden.js',
      undefined,
    ])
      expect(assetPath('/build', url)).toBeUndefined();
  });
});

describe("the preview server's answer for an asset", () => {
  it('is the Brotli copy to a browser that takes Brotli, with the type and caching of the file itself', async () => {
    const answer = await get('/assets/app-1a2b.js', BROWSER);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('is not modified when the browser has the same copy', async () => {
    const first = await get('/assets/look-3c4d.css', BROWSER);
    const again = await get('/assets/look-3c4d.css', {
      ...BROWSER,
      'If-None-Match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('has headers and no body for HEAD', async () => {
    const answer = await get('/assets/app-1a2b.js', BROWSER, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.body.length).toBe(0);
  });

  it('is gzip, as before, to a browser that does not take Brotli', async () => {
    const answer = await get('/assets/app-1a2b.js', { 'Accept-Encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('is the file itself when its copy is older (a build replaced in place)', async () => {
    const file = path.join(outDir, 'assets', 'app-1a2b.js');
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    try {
      const answer = await get('/assets/app-1a2b.js', BROWSER);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).not.toBe('br');
    } finally {
      const now = new Date();
      utimesSync(file, now, now);
      await precompressAssets(outDir);
    }
  });

  it('never reaches outside the assets folder', async () => {
    for (const url of ['/assets/../secret.js', '/assets/%2e%2e%2fsecret.js', '/assets/..%2Fsecret.js']) {
      const answer = await get(url, BROWSER);
      expect(answer.headers['content-encoding']).not.toBe('br');
      expect(answer.body.toString()).not.toContain('hello, hello');
    }
  });
});
