/**
 * The site under its security headers in Chromium, on the stack `npm start` runs: no page logs a
 * Content-Security-Policy violation (the landing page, sign-in, an article, a member's Rate and My
 * Photos), another origin cannot frame a page, an address no route matches is a 404, and the build's
 * source maps are not served. Hosting's half: tests/e2e/functions-emulator.e2e.test.ts.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/config/security-headers';
import { browserForFile } from './support/browser';
import { appUrl, Member, memberWithPhoto, samplePhotoPath } from './support/member';

const browser = browserForFile();

/** Every CSP violation and every console line that names the policy, in any page of the context. */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const reports: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, line: string) => {
    reports.push(line);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(line: string): void })
        .reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  context.on('console', (message) => {
    if (/content security policy/i.test(message.text())) reports.push(message.text());
  });
  return reports;
}

/** Waits for the page to settle, so late scripts (the service worker, on-demand screens) ran too. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

const opened: Member[] = [];
afterAll(async () => {
  for (const member of opened) await member.close();
});

describe('the pages under their Content-Security-Policy', () => {
  it('carry the policy in the page and the headers in the answer', async () => {
    for (const pathname of ['/', '/login', '/rate', '/about', '/article/what-the-fair-score-means']) {
      const response = await fetch(`${appUrl()}${pathname}`);
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(response.headers.get(name), `${pathname} ${name}`).toBe(value);
      const html = await response.text();
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
      const scriptSrc = policy.split('; ').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc, pathname).toMatch(/^script-src 'self' 'sha256-/);
      expect(scriptSrc, pathname).not.toContain('unsafe-inline');
    }
  });

  it('log no violation for a visitor: the landing page, sign-in and an article', async () => {
    const visitor = await Member.open(browser());
    opened.push(visitor);
    const reports = await watchPolicy(visitor.context);
    await visitor.visit('/');
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(visitor.page);
    await visitor.visit('/login');
    await visitor.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await settle(visitor.page);
    await visitor.visit('/article/what-the-fair-score-means');
    await visitor.page.getByRole('heading', { level: 1, name: /What the fair score means/ }).waitFor();
    await settle(visitor.page);
    expect(reports).toEqual([]);
  });

  it('log no violation for a member: Rate with its photos, and My Photos with theirs', async () => {
    const { member } = await memberWithPhoto(browser(), {}, samplePhotoPath(1), 'Under the policy');
    opened.push(member);
    const reports = await watchPolicy(member.context);
    const { page } = member;
    await member.visit('/rate');
    await page
      .getByRole('dialog', { name: 'How rating works' })
      .getByRole('button', { name: 'Got it' })
      .click();
    await page.locator('main img[alt]').first().waitFor();
    await settle(page);
    await member.visit('/photos');
    await page.locator('main img[alt]').first().waitFor();
    await page.waitForFunction(() => [...document.images].some((image) => image.naturalWidth > 0));
    await settle(page);
    expect(reports).toEqual([]);
  });
});

describe('framing, unknown addresses and source maps', () => {
  it('lets no other origin frame /login', async () => {
    const visitor = await Member.open(browser());
    opened.push(visitor);
    const blocked: string[] = [];
    visitor.page.on('console', (message) => blocked.push(message.text()));
    // Another origin: a page the browser holds itself, with the app's sign-in in a frame.
    await visitor.page.setContent(`<iframe src="${appUrl()}/login" title="framed"></iframe>`);
    await expect
      .poll(() => blocked.some((line) => /frame-ancestors|Refused to (display|frame)/i.test(line)), {
        timeout: 10_000,
      })
      .toBe(true);
    const frame = visitor.page.frames().find((candidate) => candidate !== visitor.page.mainFrame());
    expect(await frame?.locator('button').count()).toBeFalsy();
  });

  it('answers an address no route matches with the 404 page and status 404', async () => {
    for (const pathname of ['/nowhere', '/wp-login.php', '/rate/p1/more', '/photos/abc']) {
      const response = await fetch(`${appUrl()}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toContain('Oops, the page you are looking for does not exist.');
    }
    for (const pathname of ['/rate', '/rate/p1', '/photos', '/login', '/admin']) {
      const response = await fetch(`${appUrl()}${pathname}`);
      expect(response.status, pathname).toBe(200);
      await response.body?.cancel();
    }
  });

  it("does not serve the build's source maps", async () => {
    const html = await (await fetch(`${appUrl()}/login`)).text();
    const script = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${appUrl()}${script}`)).status).toBe(200);
    const map = await fetch(`${appUrl()}${script}.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('"mappings"');
  });
});
