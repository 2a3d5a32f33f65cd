import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../src/config/read-env';
import { pagePolicy } from '../src/config/security-headers';
import { DARK_STARTS_EMPTY, pageHtml } from '../src/domain/public-pages';
import { appShellHtml } from './app-shell';
import { assertPagesAllowed, LANDING_ONLY, withBuildPolicy } from './prerender';
import { inlineScriptHashes, withPagePolicy } from './security-headers';

const sha = (script: string) => `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" />',
  '<script id="first-read">try{start()}catch(e){}</script>',
  '<script>(function(){preload()})()</script>',
  '<script type="module" crossorigin src="/assets/index-a1.js"></script>',
  '<title>Photorater</title></head><body><div id="root"></div></body></html>',
].join('\n');

const LOCAL = { VITE_BACKEND: 'local', VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:5001' };

/** A page's meta policy, and its directives by name. */
function policyOf(html: string): Record<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    content
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .split('; ')
      .map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
  );
}

describe("a page's inline scripts", () => {
  it('are hashed as the browser hashes them: the text between the tags, scripts with a src or data blocks left out', () => {
    const html = `${TEMPLATE}<script id="prerendered-data" type="application/json">{"a":1}</script>`;
    expect(inlineScriptHashes(html)).toEqual([
      sha('try{start()}catch(e){}'),
      sha('(function(){preload()})()'),
    ]);
  });
});

describe("the build's page policy", () => {
  it('comes first in the head, ahead of every script it governs', () => {
    const html = withPagePolicy(TEMPLATE, "script-src 'self'");
    expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('<meta charset')).toBeLessThan(html.indexOf('http-equiv'));
  });

  it('allows every inline script a page made from the template can carry, by hash, and no other inline script', () => {
    const template = withBuildPolicy(TEMPLATE, LOCAL);
    const pages = [
      template,
      appShellHtml(template),
      pageHtml(template, { head: '', body: 'landing', data: null }, { afterRoot: LANDING_ONLY }),
      pageHtml(template, { head: '', body: 'article', data: { key: 'a', data: 1 } }),
    ];
    for (const page of pages) {
      const scriptSrc = policyOf(page)['script-src']!;
      expect(scriptSrc[0]).toBe("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      for (const hash of inlineScriptHashes(page)) expect(scriptSrc).toContain(`'${hash}'`);
    }
    expect(policyOf(template)['script-src']).toContain(`'${inlineScriptHashes(DARK_STARTS_EMPTY)[0]}'`);
  });

  it('stops the build when a page carries an inline script its policy does not name', () => {
    const template = withBuildPolicy(TEMPLATE, LOCAL);
    expect(() => assertPagesAllowed([{ file: 'index.html', html: template }])).not.toThrow();
    const outlined = template.replace('</body>', '<script>$RC("B:1","S:1")</script></body>');
    expect(() => assertPagesAllowed([{ file: 'index.html', html: outlined }])).toThrow(
      /index\.html carries inline scripts its Content-Security-Policy refuses/,
    );
  });

  it('does not say frame-ancestors, which only the header can say', () => {
    expect(policyOf(withBuildPolicy(TEMPLATE, LOCAL))['frame-ancestors']).toBeUndefined();
  });

  it('lets a local build reach the local server (calls, images and its live channel) and the Auth emulator only', () => {
    const policy = policyOf(
      withBuildPolicy(TEMPLATE, { ...LOCAL, VITE_LOCAL_AUTH_URL: 'http://127.0.0.1:9099' }),
    );
    expect(policy['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:5001',
      'ws://127.0.0.1:5001',
      'http://127.0.0.1:9099',
    ]);
    expect(policy['img-src']).toContain('http://127.0.0.1:5001');
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
  });

  it("lets a Firebase build reach Firebase's endpoints, sign-in's frame and, once allowed, Google Analytics", () => {
    const policy = policyOf(
      pagePolicy(
        readEnv({
          VITE_BACKEND: 'firebase',
          VITE_FIREBASE_API_KEY: 'key',
          VITE_FIREBASE_AUTH_DOMAIN: 'photorater.firebaseapp.com',
          VITE_FIREBASE_PROJECT_ID: 'photorater',
          VITE_FIREBASE_APP_ID: 'app',
          VITE_RECAPTCHA_ENTERPRISE_KEY: 'site-key',
        }),
        [],
      ).replace(/^/, '<meta http-equiv="Content-Security-Policy" content="') + '"',
    );
    for (const endpoint of [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      'https://firebasestorage.googleapis.com',
      'https://*.cloudfunctions.net',
      'wss://*.firebaseio.com',
      'https://*.google-analytics.com',
    ])
      expect(policy['connect-src'], endpoint).toContain(endpoint);
    expect(policy['script-src']).toContain('https://www.googletagmanager.com');
    expect(policy['frame-src']).toContain('https://photorater.firebaseapp.com');
    expect(policy['connect-src']).not.toContain('http://127.0.0.1:5001');
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });

  it('lets a Firebase build against the emulators reach them, images from the Storage emulator included', () => {
    const policy = policyOf(
      withBuildPolicy(TEMPLATE, {
        VITE_BACKEND: 'firebase',
        VITE_USE_EMULATORS: 'true',
        VITE_LOCAL_AUTH_URL: 'http://127.0.0.1:9099',
        VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:5001',
        VITE_FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
        VITE_FIREBASE_DATABASE_EMULATOR_HOST: '127.0.0.1:9000',
      }),
    );
    for (const emulator of ['http://127.0.0.1:5001', 'http://127.0.0.1:9099', 'ws://127.0.0.1:9000'])
      expect(policy['connect-src'], emulator).toContain(emulator);
    expect(policy['img-src']).toContain('http://127.0.0.1:9199');
    expect(policy['frame-src']).toContain('http://127.0.0.1:9099');
  });
});
