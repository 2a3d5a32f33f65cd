/**
 * The site's security headers on the local preview server, as firebase.json gives them on Hosting
 * (src/config/security-headers.ts), and the build's page policy: the sha256 of each inline script a
 * page can carry, put in a `<meta http-equiv>` ahead of every script.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { SECURITY_HEADERS } from '../src/config/security-headers';

/** Inline scripts the browser runs: no `src`, and not a data block (`type="application/json"`). */
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;

const runs = (attributes: string) =>
  !/\ssrc\s*=/.test(attributes) && !/\stype\s*=\s*"(?!module"|text\/javascript")[^"]*"/.test(attributes);

/** The CSP hash source (without quotes) of each inline script in the HTML, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT))
    if (runs(attributes)) hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  return [...hashes];
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The page with its policy first in `<head>`, after the charset: before any script it governs. */
export function withPagePolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}" />`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) throw new Error('The built index.html has no <meta charset> to put the page policy after.');
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

/**
 * The preview server's answers carry the site's security headers, and the build's source maps are
 * not served, as on Hosting (they stay on disk for the profiling tools, scripts/bench-web-profile.ts:
 * the stack can be reached from other computers, HOST, and the maps are the app's source).
 */
export function securityHeadersPlugin(): Plugin {
  return {
    name: 'photorater-security-headers',
    // The development server too: the header's policy allows Vite's own inline scripts.
    configureServer(server) {
      server.middlewares.use((_request, response, next) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
        const pathname = (request.url ?? '/').split(/[?#]/, 1)[0]!;
        if (pathname.endsWith('.map')) {
          response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
          response.end('Not found');
          return;
        }
        next();
      });
    },
  };
}
