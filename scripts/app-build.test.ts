/**
 * The preview server `npm start` serves the build with writes the address a page is asked at into the
 * pages it makes (robots.txt's sitemap, the static pages' links): a request naming another host, as a
 * site whose name is made to point at this machine sends, is refused before any page is made.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuild } from './app-build';
import { findFreePorts } from './local-stack';

let server: PreviewServer;
let port: number;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'photorater-preview-hosts-'));
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  port = (await findFreePorts(41900)).app;
  server = await serveBuild({ outDir, host: '127.0.0.1', port, allowedHosts: [], quiet: true });
}, 30_000);

afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

/** GET with the Host header given, as a browser sends it for the name in its address bar. */
function get(pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: pathname, headers: { Host: host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe("the preview server's pages made on request", () => {
  it('name the address they were asked at, on this machine', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await get('/robots.txt', host);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`Sitemap: http://${host}/sitemap.xml`);
    }
  });

  it('are refused to a request naming another host (DNS rebinding), which they would otherwise name', async () => {
    const answer = await get('/robots.txt', 'evil.example');
    expect(answer.status).toBe(403);
    expect(answer.body).not.toContain('Sitemap: http://evil.example');
  });
});
