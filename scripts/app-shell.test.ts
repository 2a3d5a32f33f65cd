// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_FILE } from '../src/config/app-pages';
import { SECURITY_HEADERS } from '../src/config/security-headers';
import { storageKeys } from '../src/lib/storage';
import { appShellHtml, SKELETON_ID, SKELETON_TABS } from './app-shell';

const TEMPLATE =
  '<!doctype html><html><head><title>Photorater</title><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>';

/** The shell's body at `pathname`, its storage set before its line of script runs. */
function open(pathname: string, storage: Record<string, string>): void {
  window.history.replaceState(null, '', pathname);
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  const html = appShellHtml(TEMPLATE);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  // Scripts put in by innerHTML do not run: run the shell's as the parser would.
  for (const script of document.body.querySelectorAll('script')) new Function(script.textContent)();
}

const skeleton = () => document.getElementById(SKELETON_ID);
const member = { [storageKeys.memberHint]: '1' };

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the app shell', () => {
  it('is the template with an empty #root, the drawing beside it, and the template’s scripts', () => {
    const html = appShellHtml(TEMPLATE);
    expect(html).toContain('<div id="root"></div><div id="app-skeleton" aria-hidden="true">');
    expect(html).toContain('<script type="module" src="/assets/index-a.js"></script>');
    expect(html).not.toContain('<img');
  });

  it('refuses a template whose #root is not empty', () => {
    expect(() =>
      appShellHtml(TEMPLATE.replace('<div id="root"></div>', '<div id="root"><h1>x</h1></div>')),
    ).toThrow(/no empty #root/);
  });

  it('draws the app bar and the tab bar for a member, in the device’s colour mode', () => {
    open('/photos', member);
    const light = skeleton();
    expect(light?.querySelector('header')).not.toBeNull();
    expect([...(light?.querySelectorAll('nav > span') ?? [])].map((tab) => tab.textContent)).toEqual(
      SKELETON_TABS,
    );
    expect(light?.className).toBe('');
    open('/photos', { ...member, [storageKeys.colorMode]: 'dark' });
    expect(skeleton()?.className).toBe('dark');
  });

  it('has no app bar on /rate, which shows none', () => {
    for (const [pathname, header] of [
      ['/rate', false],
      ['/rate/p1', false],
      ['/rates', true],
    ] as const) {
      open(pathname, member);
      expect(skeleton()?.querySelector('header') !== null, pathname).toBe(header);
    }
  });

  it('draws nothing for a visitor, whom the app may send elsewhere', () => {
    open('/rate', {});
    expect(skeleton()).toBeNull();
  });

  it('goes as soon as the app renders into #root', async () => {
    open('/leaderboard', member);
    expect(skeleton()).not.toBeNull();
    document.getElementById('root')?.append(document.createElement('div'));
    await new Promise((resolve) => setTimeout(resolve));
    expect(skeleton()).toBeNull();
  });
});

describe("firebase.json's hosting", () => {
  it("answers the app's routes with the app shell, not the landing page, and nothing else", () => {
    const { hosting } = JSON.parse(readFileSync(path.resolve('firebase.json'), 'utf8')) as {
      hosting: { rewrites: Array<{ source: string; destination?: string }> };
    };
    const toShell = hosting.rewrites.filter((rewrite) => rewrite.destination === `/${APP_SHELL_FILE}`);
    expect(toShell.length).toBeGreaterThan(0);
    // No catch-all: an address no route matches is Hosting's 404.html, with status 404.
    expect(hosting.rewrites.map((rewrite) => rewrite.source)).not.toContain('**');
  });

  it('sends the security headers the local preview server sends, with every answer', () => {
    const { hosting } = JSON.parse(readFileSync(path.resolve('firebase.json'), 'utf8')) as {
      hosting: { headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }> };
    };
    const everywhere = hosting.headers.find((rule) => rule.source === '**');
    expect(Object.fromEntries(everywhere!.headers.map(({ key, value }) => [key, value]))).toEqual(
      SECURITY_HEADERS,
    );
  });

  it('deploys no source map', () => {
    const { hosting } = JSON.parse(readFileSync(path.resolve('firebase.json'), 'utf8')) as {
      hosting: { ignore: string[] };
    };
    expect(hosting.ignore).toContain('**/*.map');
  });
});
