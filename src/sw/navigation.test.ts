import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  APP_SHELL_FILE,
  APP_SHELL_ROUTES,
  hostingSources,
  navigationAnswer,
  servesAppShell,
} from '@/config/app-pages';
import { NOT_APP_PAGES } from './sw-rules';

describe('the page the service worker answers a navigation with', () => {
  it('gives a member’s screens the app shell, signed in on this device or not', () => {
    for (const path of ['/rate', '/rate/p1', '/photos', '/profile', '/leaderboard', '/admin', '/photo/p1']) {
      expect(navigationAnswer(path, true), path).toEqual({ kind: 'page', file: APP_SHELL_FILE });
      expect(navigationAnswer(path, false), path).toEqual({ kind: 'page', file: APP_SHELL_FILE });
    }
    for (const path of ['/login', '/register', '/contact', '/404', '/no-such-page'])
      expect(navigationAnswer(path, false), path).toEqual({ kind: 'page', file: APP_SHELL_FILE });
  });

  it('gives `/` the landing page to a visitor and the app shell to a member (My Photos)', () => {
    expect(navigationAnswer('/', false)).toEqual({ kind: 'page', file: 'index.html' });
    expect(navigationAnswer('/', true)).toEqual({ kind: 'page', file: APP_SHELL_FILE });
  });

  it('keeps the pre-rendered public pages’ own HTML for everyone', () => {
    for (const member of [false, true]) {
      expect(navigationAnswer('/about', member)).toEqual({ kind: 'page', file: 'about.html' });
      expect(navigationAnswer('/terms', member)).toEqual({ kind: 'page', file: 'terms.html' });
      expect(navigationAnswer('/privacy', member)).toEqual({ kind: 'page', file: 'privacy.html' });
    }
  });

  it('asks the server for the blog and the articles, made with the articles of the moment', () => {
    for (const path of ['/blog', '/blog/', '/article/light-makes-the-photo', '/article'])
      expect(navigationAnswer(path, true), path).toEqual({ kind: 'network' });
  });

  it('leaves Firebase’s auth handler, the server’s files and the test checkout to the network', () => {
    const handled = (path: string) => !NOT_APP_PAGES.some((pattern) => pattern.test(path));
    expect(handled('/__/auth/handler')).toBe(false);
    expect(handled('/files/images/a.webp')).toBe(false);
    expect(handled('/checkout/cs_1')).toBe(false);
    expect(handled('/rate')).toBe(true);
  });
});

describe('the pages the preview server answers with the app shell', () => {
  it('is every page of the app that is neither pre-rendered nor made on request', () => {
    for (const path of ['/rate', '/rate/p1', '/photos', '/profile', '/leaderboard', '/photo/p1', '/login'])
      expect(servesAppShell(path), path).toBe(true);
    for (const path of [
      '/',
      '/about',
      '/terms',
      '/privacy',
      '/blog',
      '/article/a',
      '/sitemap.xml',
      '/robots.txt',
    ])
      expect(servesAppShell(path), path).toBe(false);
  });

  it("is only an address one of the app's routes matches: any other is a 404", () => {
    for (const path of [
      '/nowhere',
      '/wp-admin',
      '/rate/p1/more',
      '/photo',
      '/photos/p1',
      '/admin/users',
      '/Rate',
      '/loginx',
      '/member-hint',
    ])
      expect(servesAppShell(path), path).toBe(false);
    for (const path of ['/register', '/forgotPassword', '/resetPassword', '/contact', '/admin', '/rate/'])
      expect(servesAppShell(path), path).toBe(true);
  });

  it("is what firebase.json's rewrites give the app shell", () => {
    const hosting = (
      JSON.parse(readFileSync(resolve(import.meta.dirname, '../../firebase.json'), 'utf8')) as {
        hosting: { rewrites: { source: string; destination?: string }[] };
      }
    ).hosting;
    const shellSources = hosting.rewrites
      .filter((rewrite) => rewrite.destination === `/${APP_SHELL_FILE}`)
      .map((rewrite) => rewrite.source);
    expect(shellSources).toEqual(APP_SHELL_ROUTES.flatMap(hostingSources));
  });

  it('is never a file', () => {
    for (const path of [
      '/sw.js',
      '/manifest.webmanifest',
      '/assets/index-abc.js',
      '/images/portrait-leo.webp',
    ])
      expect(servesAppShell(path), path).toBe(false);
  });
});
