/**
 * The installable app on the production build `npm start` serves: Chromium finds nothing in the way
 * of installing it; a member's photos and the last feed open offline; a vote by another member
 * becomes a notification shown by the service worker while the app is in the background; a new
 * build is offered, and accepting reloads into it with the toast.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MEMBER_HINT_CACHE, MEMBER_HINT_URL } from '../../src/config/app-pages';
import { OFFLINE_MESSAGES } from '../../src/domain/errors';
import { PUSH_MESSAGES } from '../../src/domain/push';
import type { User } from '../../src/domain/user';
import { buildApp } from '../../scripts/app-build';
import { browserForFile, launchProfile } from './support/browser';
import {
  appUrl,
  eventually,
  joinedMember,
  memberWithPhoto,
  readUserByEmail,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Waits until the service worker is active and controls the page (from its second load on). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const appVersion = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="app-version"]')?.getAttribute('content'));

describe('the installable app', () => {
  it('is installable: Chromium reports no installability errors and reads the whole manifest', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'photorater-e2e-profile-'));
    folders.push(profile);
    const context = await launchProfile(profile);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(appUrl());
    await controlledByServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      display: string;
      icons: Array<{ sizes: string; purpose: string }>;
      screenshots: unknown[];
    };
    expect(data.display).toBe('standalone');
    expect(data.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(data.screenshots).toHaveLength(2);
    for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png', '/screenshot-wide.png']) {
      const response = await fetch(`${appUrl()}${icon}`);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
    await context.close();
  });
});

describe('a member of the installed app', () => {
  let owner: Awaited<ReturnType<typeof memberWithPhoto>>;

  it('opens offline to their photos and the last feed', async () => {
    owner = await memberWithPhoto(
      browser(),
      { name: 'Olga', age: 31, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(3),
      'Offline smile',
    );
    const { page, context } = owner.member;
    await controlledByServiceWorker(page);
    const card = page.getByRole('article', { name: 'Offline smile' });
    await card.waitFor();

    // The feed as loaded: the demo members' photos, the first one shown.
    await owner.member.visit('/rate');
    await page
      .getByRole('dialog', { name: 'How rating works' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const feedPhoto = page.locator('main img[alt]').first();
    await feedPhoto.waitFor();
    const feedCaption = await feedPhoto.getAttribute('alt');
    expect(feedCaption).toBeTruthy();
    await page.waitForFunction(
      (caption) => [...document.images].some((image) => image.alt === caption && image.naturalWidth > 0),
      feedCaption,
    );

    // The page notes the member for the service worker when the browser is idle.
    await page.waitForFunction(
      async ({ cache, url }) => Boolean(await (await caches.open(cache)).match(url)),
      { cache: MEMBER_HINT_CACHE, url: MEMBER_HINT_URL },
    );
    await context.setOffline(true);
    // A member's `/` is My Photos: the service worker answers it with the app shell, not the landing page.
    const landingImages: string[] = [];
    const noteLandingImage = (request: { url(): string }) => {
      if (request.url().includes('/images/portrait-')) landingImages.push(request.url());
    };
    page.on('request', noteLandingImage);
    const home = await page.goto(`${appUrl()}/`);
    expect(await home?.text()).toContain('id="app-skeleton"');
    await page.getByText(OFFLINE_MESSAGES.banner).waitFor();
    page.off('request', noteLandingImage);
    expect(landingImages).toEqual([]);
    await card.waitFor();
    // The display image comes from the service worker's cache.
    await page.waitForFunction(() =>
      [...document.images].some((image) => image.alt.includes('Offline smile') && image.naturalWidth > 0),
    );

    // The member never voted: offline, the feed needs no server to know which photos were rated.
    await owner.member.visit('/rate');
    await page.getByText(OFFLINE_MESSAGES.banner).waitFor();
    await page.locator(`main img[alt="${feedCaption}"]`).first().waitFor();
    await context.setOffline(false);
  });

  it('gets a notification from the service worker for a vote by another member while the app is in the background', async () => {
    const { page, context } = owner.member;
    await context.grantPermissions(['notifications'], { origin: appUrl() });
    await owner.member.visit('/');
    await controlledByServiceWorker(page);
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('menuitem', { name: 'Enable notifications' }).click();
    await page.getByText(PUSH_MESSAGES.enabled).waitFor();
    const stored = await eventually(
      () => readUserByEmail<User>(owner.member.email),
      (user) => typeof user?.messagingToken === 'string',
    );
    expect(stored?.messagingToken).toMatch(/^local-device-/);

    // In the background: headless Chromium keeps every page visible, so the page is told it is hidden.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });

    const voter = await joinedMember(browser(), { name: 'Vic', age: 33, gender: 'Male', showMe: 'Both' });
    await voter.member.openInFeed(owner.photo);
    await voter.member.page.getByRole('img', { name: 'Offline smile' }).waitFor();
    await voter.member.page.keyboard.press('4');
    await voter.member.page.getByRole('button', { name: 'Rate', exact: true }).click();

    const shown = await eventually(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map(({ title, body, tag, data }) => ({
            title,
            body,
            tag,
            data: data as unknown,
          }));
        }),
      (notifications) => notifications.length > 0,
      // The vote's trigger, the push and the worker's notification, on a stack the whole suite shares
      // with the Firebase emulators' journeys running beside it.
      45_000,
    );
    expect(shown).toEqual([
      {
        title: 'Photorater',
        body: 'You have 1 new vote',
        tag: 'new-votes',
        data: { url: `/photos?photo=${owner.photo.id}` },
      },
    ]);
    // The voter's own pages show nothing.
    expect(
      await voter.member.page.evaluate(
        async () => (await (await navigator.serviceWorker.ready).getNotifications()).length,
      ),
    ).toBe(0);
    await voter.member.close();
  });

  it('is offered a new build, and accepting reloads into it and says so', async () => {
    const { page } = owner.member;
    await owner.member.visit('/');
    await controlledByServiceWorker(page);
    const before = await appVersion(page);

    const next = mkdtempSync(path.join(tmpdir(), 'photorater-e2e-next-'));
    folders.push(next);
    await buildApp(next, { env: inject('clientEnv'), version: 'e2e-next' }, true);
    cpSync(next, inject('buildDir'), { recursive: true, force: true });

    // As the 15-minute check would: the browser fetches /sw.js again and finds the new worker.
    await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.update()));
    const prompt = page.getByRole('dialog', { name: 'Update available' });
    await prompt.waitFor({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Update' }).click();
    await page.waitForFunction(
      () => document.querySelector('meta[name="app-version"]')?.getAttribute('content') === 'e2e-next',
      undefined,
      { timeout: 30_000 },
    );
    expect(before).not.toBe('e2e-next');
    await page.getByText('App successfully updated to the latest version!').waitFor();
    await owner.member.close();
  });
});
