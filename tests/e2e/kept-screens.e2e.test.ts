/**
 * My Photos, a photo's detail and /profile drawn as the member last saw them on this device, before the
 * app's code has run (src/lib/screen-snapshot.ts): the copy kept when the member left, drawn exactly
 * where the screen then shows itself, handed over once the screen's own photos have loaded, and gone
 * at sign-out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FIRST_READ_GLOBAL } from '../../src/data/first-read-global';
import { DETAIL_SNAPSHOT_ID, SCREEN_SNAPSHOT_ID, SNAPSHOT_LOOK } from '../../src/lib/screen-snapshot';
import { PHOTO_ID_ATTRIBUTE } from '../../src/lib/screen-marks';
import { screenSnapshotKey } from '../../src/lib/storage';
import { browserForFile } from './support/browser';
import type { Member } from './support/member';
import { eventually, memberWithPhoto, samplePhotoPath } from './support/member';

const browser = browserForFile();

interface Place {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** What a journey sees of the kept copy: when it was drawn and went, and where its marker sat. */
interface CopySeen {
  drawn?: number;
  /** When the screen's own marker came on the page. */
  screen?: number;
  last?: { copy: Place; screen: Place | null };
  /** How many photos the screen had, and whether they had all loaded, when the copy went. */
  gone?: { photos: number; photosLoaded: boolean };
  /** When the copy's first photo loaded. */
  copyPhotoLoaded?: number;
}

/** Where the test tells the page's watch which marker it looks for (not one of the app's keys). */
const MARKER_KEY = 'e2e.keptScreenMarker';
const watched = new WeakSet<Page>();

/** Records, on every load of the page, what the kept copy and the screen did (`CopySeen`). */
async function watchCopies(page: Page): Promise<void> {
  if (watched.has(page)) return;
  watched.add(page);
  await page.addInitScript(
    ({ layerId, markerKey }) => {
      const marker = localStorage.getItem(markerKey) ?? 'h1';
      const seen: CopySeen = {};
      Object.assign(window, { copySeen: seen });
      const place = (element: Element | null | undefined) =>
        element ? (element.getBoundingClientRect().toJSON() as Place) : null;
      const screenMarker = () => document.querySelector(`#root main ${marker}`);
      const record = (layer: HTMLElement) => {
        seen.last = { copy: place(layer.querySelector(marker))!, screen: place(screenMarker()) };
      };
      const watch = () => {
        const layer = document.getElementById(layerId);
        if (!layer) return;
        record(layer);
        requestAnimationFrame(watch);
      };
      new MutationObserver(() => {
        const layer = document.getElementById(layerId);
        if (layer && seen.drawn === undefined) {
          seen.drawn = performance.now();
          const photo = layer.querySelector('img');
          if (photo)
            photo.addEventListener('load', () => (seen.copyPhotoLoaded ??= performance.now()), {
              once: true,
            });
          watch();
        }
        if (layer) record(layer);
        if (screenMarker() && seen.screen === undefined) seen.screen = performance.now();
        if (!layer && seen.drawn !== undefined && !seen.gone) {
          const photos = [...document.querySelectorAll<HTMLImageElement>('#root main img')];
          seen.gone = { photos: photos.length, photosLoaded: photos.every((image) => image.complete) };
        }
      }).observe(document, { childList: true, subtree: true });
    },
    { layerId: SCREEN_SNAPSHOT_ID, markerKey: MARKER_KEY },
  );
}

/**
 * Leaves `path` and comes back to it on a phone, and checks the copy drawn before the app: drawn before
 * the screen had drawn its `marker` (a photo, a heading), exactly where the screen's own then sat, gone
 * once the screen's photos in view had loaded. Where no service worker answers the page, the app's code
 * was asked for only after what the copy drew; where one does, the code was not held.
 */
async function checkKeptScreen(
  member: Member,
  path: string,
  { marker, withPhoto, answeredBy }: { marker: string; withPhoto: boolean; answeredBy: 'server' | 'worker' },
): Promise<void> {
  const { page } = member;
  await page.setViewportSize({ width: 412, height: 823 });
  await watchCopies(page);
  await member.visit(path);
  await page.locator(`#root main ${marker}`).first().waitFor();
  if (answeredBy === 'worker') {
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.locator(`#root main ${marker}`).first().waitFor();
  } else {
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
    });
  }
  // Kept when the member leaves: a full navigation hides the page.
  await member.visit('/robots.txt');
  const kept = await page.evaluate((key) => localStorage.getItem(key), screenSnapshotKey(path));
  expect(kept).not.toBeNull();
  expect(JSON.parse(kept!)).toMatchObject({ path, width: 412 });
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [MARKER_KEY, marker]);

  await member.visit(path);
  const seen = await eventually(
    () => page.evaluate(() => (window as unknown as { copySeen: CopySeen }).copySeen),
    (found) => found.gone !== undefined,
  );
  expect(seen.screen).toBeDefined();
  expect(seen.drawn).toBeLessThan(seen.screen!);
  expect(seen.gone?.photosLoaded).toBe(true);
  if (withPhoto) {
    expect(seen.gone?.photos).toBeGreaterThan(0);
    expect(seen.copyPhotoLoaded).toBeDefined();
  }
  const { copy, screen } = seen.last!;
  expect(screen).not.toBeNull();
  for (const side of ['top', 'left', 'width', 'height'] as const)
    expect(Math.abs(copy[side] - screen![side])).toBeLessThanOrEqual(1);
  expect(await page.locator(`#${SCREEN_SNAPSHOT_ID}`).count()).toBe(0);
  const order = await page.evaluate((name) => {
    const app = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
      /\/assets\/app-[^/]*\.js$/.test(new URL(entry.name).pathname),
    );
    return {
      answered: Boolean(navigator.serviceWorker?.controller),
      held: Boolean((window as unknown as Record<string, { photoFirst?: unknown }>)[name]?.photoFirst),
      appAsked: app?.startTime,
    };
  }, FIRST_READ_GLOBAL);
  expect(order.answered).toBe(answeredBy === 'worker');
  expect(order.held).toBe(answeredBy === 'server');
  // The code waited for what the copy drew: its photo where it has one.
  if (answeredBy === 'server')
    expect(order.appAsked).toBeGreaterThanOrEqual(seen.copyPhotoLoaded ?? seen.drawn!);
}

/** What a journey sees of the photo detail the page's head draws: its photo's place, the dialog's, and when it went. */
interface DetailSeen {
  drawn?: number;
  last?: { copy: Place; dialog: Place | null };
  /** Whether the dialog's own photo had loaded when the copy went. */
  goneAfterPhoto?: boolean;
}

/** Records, on every load of the page, what the photo detail's copy and the app's dialog did. */
async function watchDetail(page: Page): Promise<void> {
  await page.addInitScript((layerId) => {
    const seen: DetailSeen = {};
    Object.assign(window, { detailSeen: seen });
    const place = (element: Element | null | undefined) =>
      element ? (element.getBoundingClientRect().toJSON() as Place) : null;
    const dialogPhoto = () => document.querySelector<HTMLImageElement>('[role="dialog"] img');
    const watch = () => {
      const layer = document.getElementById(layerId);
      if (!layer) return;
      seen.last = { copy: place(layer.querySelector('img'))!, dialog: place(dialogPhoto()) };
      requestAnimationFrame(watch);
    };
    new MutationObserver(() => {
      const layer = document.getElementById(layerId);
      if (layer && seen.drawn === undefined) {
        seen.drawn = performance.now();
        watch();
      }
      if (!layer && seen.drawn !== undefined && seen.goneAfterPhoto === undefined) {
        const photo = dialogPhoto();
        seen.goneAfterPhoto = Boolean(photo?.complete && photo.naturalWidth > 0);
      }
    }).observe(document, { childList: true, subtree: true });
  }, DETAIL_SNAPSHOT_ID);
}

describe('screens kept on the device', () => {
  it("draws My Photos, a photo's detail and /profile as the member last saw them before the app, where the screens then show, and forgets them at sign-out", async () => {
    const { member } = await memberWithPhoto(
      browser(),
      { name: 'Iris', age: 30, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(3),
      'Harbour walk',
    );
    await checkKeptScreen(member, '/photos', { marker: 'img', withPhoto: true, answeredBy: 'server' });
    await checkKeptScreen(member, '/profile', { marker: 'h1', withPhoto: false, answeredBy: 'server' });
    // A member's home is My Photos too, kept apart; the server answers `/` with the landing page, the
    // service worker with the app.
    await checkKeptScreen(member, '/', { marker: 'img', withPhoto: true, answeredBy: 'worker' });
    const { page } = member;
    // The screen the copy stood for, the member's own.
    await page.getByRole('article', { name: 'Harbour walk' }).waitFor();

    // A photo's detail, opened from a link to it (a notification's): drawn over My Photos' copy before
    // the app, its photo exactly where the dialog's then is, and gone once the dialog's photo has loaded.
    await member.visit('/photos');
    const card = page.getByRole('article', { name: 'Harbour walk' });
    const photoId = await card.getAttribute(PHOTO_ID_ATTRIBUTE);
    expect(photoId).toBeTruthy();
    await card.getByRole('button', { name: 'Open Harbour walk' }).click();
    await page.getByRole('dialog', { name: 'Harbour walk' }).waitFor();
    await eventually(
      () => page.evaluate((key) => localStorage.getItem(key), SNAPSHOT_LOOK.detail.key),
      (kept) => kept !== null,
    );
    await member.visit('/robots.txt');
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
    });
    await watchDetail(page);
    await member.visit(`/photos?photo=${photoId}`);
    await page.getByRole('dialog', { name: 'Harbour walk' }).waitFor();
    const detail = await eventually(
      () => page.evaluate(() => (window as unknown as { detailSeen: DetailSeen }).detailSeen),
      (found) => found.goneAfterPhoto !== undefined,
    );
    expect(detail.drawn).toBeDefined();
    expect(detail.goneAfterPhoto).toBe(true);
    const { copy, dialog } = detail.last!;
    expect(dialog).not.toBeNull();
    for (const side of ['top', 'left', 'width', 'height'] as const)
      expect(Math.abs(copy[side] - dialog![side])).toBeLessThanOrEqual(1);
    expect(await page.locator(`#${DETAIL_SNAPSHOT_ID}`).count()).toBe(0);
    await page.getByRole('dialog', { name: 'Harbour walk' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await member.signOut();
    const left = await page.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [...['/', '/photos', '/profile'].map(screenSnapshotKey), SNAPSHOT_LOOK.detail.key],
    );
    expect(left).toEqual([null, null, null, null]);
    await member.close();
  }, 180_000);
});
