/**
 * The preview server `npm start` serves the build with writes the address a page is asked at into the
 * pages it makes (robots.txt's sitemap, the static pages' links): a request naming another host, as a
 * site whose name is made to point at this machine sends, is refused before any page is made.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SHELL_FILE, NOT_FOUND_FILE } from '../src/config/app-pages';
import { SECURITY_HEADERS } from '../src/config/security-headers';
import { serveBuild } from './app-build';
import { findFreePorts } from './local-stack';

let server: PreviewServer;
let port: number;
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'photorater-preview-hosts-'));
  writeFileSync(path.join(outDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  writeFileSync(path.join(outDir, APP_SHELL_FILE), '<!doctype html><title>shell</title>');
  writeFileSync(path.join(outDir, NOT_FOUND_FILE), NOT_FOUND_PAGE);
  mkdirSync(path.join(outDir, 'assets'));
  writeFileSync(path.join(outDir, 'assets', 'index-a1.js'), 'console.log("app");');
  writeFileSync(path.join(outDir, 'assets', 'index-a1.js.map'), '{"version":3,"mappings":""}');
  port = (await findFreePorts(41900)).app;
  server = await serveBuild({ outDir, host: '127.0.0.1', port, allowedHosts: [], quiet: true });
}, 30_000);

afterAll(async () => {
  await server?.close();
  rmSync(outDir, { recursive: true, force: true });
});

const NOT_FOUND_PAGE = '<!doctype html><title>Page not found</title>';

interface Answer {
  status: number;
  body: string;
  headers: IncomingHttpHeaders;
}

/** GET with the Host header given, as a browser sends it for the name in its address bar. */
function get(pathname: string, host = `127.0.0.1:${port}`): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request({ host: '127.0.0.1', port, path: pathname, headers: { Host: host } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
      );
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

describe("the preview server's answers, as Hosting's", () => {
  it('carry the security headers: pages, files, refusals and the 404 page', async () => {
    for (const pathname of ['/', '/login', '/rate/p1', '/robots.txt', '/assets/index-a1.js', '/nowhere']) {
      const answer = await get(pathname);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(answer.headers[name.toLowerCase()], `${pathname} ${name}`).toBe(value);
    }
  });

  it("answer the app shell for the app's routes and the 404 page with status 404 for any other address", async () => {
    for (const pathname of ['/rate', '/rate/p1', '/photos', '/photo/p1', '/login', '/admin']) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(200);
      expect(answer.body, pathname).toBe('<!doctype html><title>shell</title>');
    }
    for (const pathname of ['/nowhere', '/wp-login.php', '/rate/p1/more', '/photos/abc', '/assets/none.js']) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBe(404);
      expect(answer.body, pathname).toBe(NOT_FOUND_PAGE);
    }
  });

  it("serve the build's files but not its source maps", async () => {
    expect((await get('/assets/index-a1.js')).status).toBe(200);
    const map = await get('/assets/index-a1.js.map');
    expect(map.status).toBe(404);
    expect(map.body).not.toContain('mappings');
  });
});
