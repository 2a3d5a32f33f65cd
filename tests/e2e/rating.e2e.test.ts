/**
 * Rating journeys with two members in two browsers: B rates A's photo with a comment and tags, A
 * sees it arrive live and answers; tokens move by the rules; a flick votes nothing and a vote can be
 * undone; the leaderboard and the streak.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import { leaderboardScore } from '../../src/domain/rating';
import { DEFAULT_SITE_AVERAGE } from '../../src/domain/score-quality';
import { FIRST_READ_GLOBAL } from '../../src/data/first-read-global';
import { FIRST_BOARD_ID } from '../../src/lib/first-board';
import { FIRST_PHOTO_ID } from '../../src/lib/first-photo';
import type { User } from '../../src/domain/user';
import type { Vote } from '../../src/domain/vote';
import { browserForFile } from './support/browser';
import {
  changeDocument,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocument,
  readDocuments,
  readUserByEmail,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

interface Place {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** What a journey sees of /rate's first photo drawn before the app (src/lib/first-photo.ts). */
interface FirstPhotoSeen {
  /** When the layer was drawn, and when the screen's own photo came on the page and loaded. */
  drawn?: number;
  appPhoto?: number;
  appPhotoLoaded?: number;
  /** The layer's frame and the screen's, from the last frame the layer was on the page. */
  last?: { layer: Place; screen: Place | null };
  gone?: { screenLoaded: boolean };
}

async function box(element: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await element.boundingBox();
  if (!found) throw new Error('The element is not shown.');
  return found;
}

/**
 * Visits `path` on a phone, then on a laptop, and checks what the page's head drew there before the app
 * (src/lib/first-photo.ts, src/lib/first-board.ts): drawn before the screen had its photo, gone only once
 * the screen's own had loaded, having sat exactly over the screen's frame; and, on the visits before the
 * service worker answers, the app's code asked for only once the photo had loaded.
 */
async function checkDrawnBeforeTheApp(
  member: Awaited<ReturnType<typeof joinedMember>>['member'],
  {
    path,
    layerId,
    screenPhotoSelector,
    read,
  }: { path: string; layerId: string; screenPhotoSelector: string; read: 'feed' | 'board' },
): Promise<void> {
  const { page } = member;
  // Each frame, while the layer is on the page: its frame and the screen's photo frame, side by side;
  // when it goes, whether the screen's own photo had loaded by then.
  await page.addInitScript(
    ({ layerId, screenPhotoSelector }) => {
      const seen: FirstPhotoSeen = {};
      Object.assign(window, { firstPhotoSeen: seen });
      const screenPhoto = () => document.querySelector<HTMLImageElement>(screenPhotoSelector);
      const record = (layer: HTMLElement) => {
        seen.last = {
          layer: layer.querySelector('figure')!.getBoundingClientRect().toJSON() as Place,
          screen: (screenPhoto()?.parentElement?.getBoundingClientRect().toJSON() as Place) ?? null,
        };
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
          watch();
        }
        // Also between frames: a photo cached already can appear, load and take over within one.
        if (layer) record(layer);
        if (screenPhoto() && seen.appPhoto === undefined) seen.appPhoto = performance.now();
        if (!layer && seen.drawn !== undefined && !seen.gone)
          seen.gone = { screenLoaded: seen.appPhotoLoaded !== undefined };
      }).observe(document, { childList: true, subtree: true });
      // The screen's own copy fires its load event even when the layer's copy is cached.
      document.addEventListener(
        'load',
        (event) => {
          if (event.target !== screenPhoto()) return;
          seen.appPhotoLoaded ??= performance.now();
          const layer = document.getElementById(layerId);
          if (layer) record(layer);
        },
        true,
      );
    },
    { layerId, screenPhotoSelector },
  );
  // A device whose service worker does not answer yet: one that does serves the code from the device,
  // and nothing is held for the photo.
  await page.evaluate(async () => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister();
  });
  let heldForThePhoto = 0;
  // On a phone, then on a laptop (where /rate's photo is its grid's first column, the board has four).
  for (const size of [
    { width: 412, height: 823 },
    { width: 1366, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await member.visit(path);
    const seen = await eventually(
      () => page.evaluate(() => (window as unknown as { firstPhotoSeen: FirstPhotoSeen }).firstPhotoSeen),
      (found) => found.gone !== undefined,
    );
    // The page's head asked for what it shows (the app's code draws no layer then)...
    expect(
      await page.evaluate(
        ({ name, read }) =>
          Boolean((window as unknown as Record<string, Record<string, unknown>>)[name]?.[read]),
        { name: FIRST_READ_GLOBAL, read },
      ),
    ).toBe(true);
    // ...drew the photo before the app had one on the page, and it went only once the app's own had loaded,
    expect(seen.drawn).toBeLessThan(seen.appPhoto ?? Infinity);
    expect(seen.gone).toEqual({ screenLoaded: true });
    // having sat exactly over the screen's frame.
    const { layer, screen } = seen.last!;
    expect(screen).not.toBeNull();
    for (const side of ['top', 'left', 'width', 'height'] as const)
      expect(Math.abs(layer[side] - screen![side])).toBeLessThanOrEqual(1);
    expect(await page.locator(`#${layerId}`).count()).toBe(0);
    // On a device whose service worker does not answer yet, the app's code was asked for only once the
    // photo had loaded: the two did not share the network.
    const order = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const photo = entries.find((entry) => entry.initiatorType === 'img' && entry.name.includes('/files/'));
      const app = entries.find((entry) => /\/assets\/app-[^/]*\.js$/.test(new URL(entry.name).pathname));
      return {
        answered: Boolean(navigator.serviceWorker?.controller),
        photoLoaded: photo?.responseEnd,
        appAsked: app?.startTime,
      };
    });
    if (!order.answered) {
      expect(order.photoLoaded).toBeGreaterThan(0);
      expect(order.appAsked).toBeGreaterThanOrEqual(order.photoLoaded!);
      heldForThePhoto += 1;
    }
  }
  // The first visit at least, before the worker takes over.
  expect(heldForThePhoto).toBeGreaterThan(0);
}

describe('rating', () => {
  it('B rates A’s photo with a comment and tags; A sees it live, reacts and replies; tokens move', async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Ava', age: 28, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(2),
      'Rate me kindly',
    );
    const { photo } = a;
    const card = a.member.page.getByRole('article', { name: 'Rate me kindly' });
    await card.getByText('0 votes').waitFor();

    const b = await joinedMember(browser(), { name: 'Ben', age: 30, gender: 'Male', showMe: 'Both' });
    const { page } = b.member;
    await page.setViewportSize({ width: 1366, height: 900 });
    await b.member.openInFeed(photo);
    await page.getByText('Rate me kindly').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/rate/${photo.id}`);
    const rate = page.getByRole('button', { name: 'Rate', exact: true });
    expect(await rate.isDisabled()).toBe(true);

    // The photo and the whole rating control fit a laptop's and a phone's screen: no scroll to rate.
    const hearts = page.getByRole('radiogroup', { name: 'Hearts' });
    const photoToRate = page.getByRole('img', { name: 'Rate me kindly' });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    for (const screen of [
      { width: 375, height: 667 },
      { width: 412, height: 915 },
      { width: 1366, height: 768 },
      { width: 1366, height: 900 },
    ]) {
      await page.setViewportSize(screen);
      const visibleBottom = (await box(tabs)).y;
      expect(visibleBottom).toBeLessThanOrEqual(screen.height);
      for (const control of [photoToRate, hearts, page.getByRole('button', { name: 'Skip' }), rate]) {
        const { y, height, x, width } = await box(control);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y + height).toBeLessThanOrEqual(visibleBottom);
        expect(x + width).toBeLessThanOrEqual(screen.width);
      }
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }

    // Keyboard focus shows as a ring, not only MUI's faint ripple.
    await page.getByText('Rate me kindly').click();
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const style = getComputedStyle(focused);
        return { tag: focused.tagName, outline: style.outlineStyle, width: style.outlineWidth };
      }),
    ).toEqual({ tag: 'BUTTON', outline: 'solid', width: '2px' });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // The first hearts bring the comment hint, over the photo: nothing under the pointer moves.
    const heartsBefore = await box(hearts);
    const rateBefore = await box(rate);
    await page.keyboard.press('4');
    await page.getByText('Scroll down to add a comment!').waitFor();
    expect(await box(hearts)).toEqual(heartsBefore);
    expect(await box(rate)).toEqual(rateBefore);
    await page.getByRole('button', { name: 'friendly' }).click();
    await page.getByRole('button', { name: 'confident' }).click();
    await page.getByLabel('Comment (optional)').fill('Lovely smile');
    await rate.click();
    await page.getByText('Rate me kindly').waitFor({ state: 'detached' });

    // The one vote on the photo, under an id that does not name B, with B's age by decade.
    const votesOnPhoto = `users/${a.uid}/photos/${photo.id}/votes`;
    const vote = await eventually(
      () => readDocuments<Vote>(votesOnPhoto)[0],
      (found) => found !== undefined,
    );
    expect(vote).toMatchObject({
      rate: 4,
      comment: 'Lovely smile',
      chips: ['friendly', 'confident'],
      ageDecade: 30,
    });
    expect(JSON.stringify(vote)).not.toContain(b.uid);
    expect(vote!.viewingTimeSeconds).toBeGreaterThan(0);
    // Folded into the photo right after the vote's own transaction (functions/src/handlers/vote-fold.ts).
    await eventually(
      () => readDocument<Photo>(`users/${a.uid}/photos/${photo.id}`),
      (found) => found?.rate === 4 && found.votesCount === 1,
    );

    // A sees the vote arrive live, with its comment and tags, and answers it.
    await card.getByText('1 vote').waitFor();
    await card.getByLabel('Score 8.0/10 · Very Attractive').waitFor();
    await card.getByRole('button', { name: 'Open Rate me kindly' }).click();
    const detail = a.member.page.getByRole('dialog', { name: 'Rate me kindly' });
    const comment = detail.getByRole('listitem', { name: 'Comment: Lovely smile' });
    await comment.waitFor();
    await detail.getByText('friendly').first().waitFor();
    await comment.getByRole('button', { name: 'React ❤️' }).click();
    await comment.getByLabel('Reply').fill('Thank you!');
    await comment.getByRole('button', { name: 'Send', exact: true }).click();
    await comment.getByText('Thank you!').waitFor();
    const answered = await eventually(
      () => readDocuments<Vote>(votesOnPhoto)[0],
      (found) => found?.replies.length === 1 && found.reactions.length === 1,
    );
    expect(answered?.reactions[0]?.emoji).toBe('❤️');

    // B hears about it at the bell: the last message is A's reply.
    await b.member.visit('/');
    await page.getByRole('button', { name: 'Notifications' }).click();
    // It names the photo, never its owner: voters never see the owner's name.
    await page
      .getByRole('menuitem', { name: 'The owner of “Rate me kindly” replied to your comment' })
      .waitFor();
    expect(await page.getByRole('menuitem', { name: /Ava/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Tokens: A started with 2, +5 for today's visit, +10 for the first photo, -1 for the vote received.
    // The new vote counts as seen: A was looking at My Photos when it arrived.
    expect(readUserByEmail<User>(a.member.email)).toMatchObject({ points: 16, newVotes: 0 });
    // B: 2 and +5 for today's visit; a token comes with every 5th vote.
    expect(readUserByEmail<User>(b.member.email)).toMatchObject({ points: 7, votesGiven: 1 });
    await a.member.close();
    await b.member.close();
  }, 180_000);

  it('a short flick votes nothing; a swipe shows its hearts and votes, and Undo puts tokens and counts back', async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Gia', age: 27, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(2),
      'Second thoughts',
    );
    const { photo } = a;
    const b = await joinedMember(browser(), { name: 'Hal', age: 32, gender: 'Male', showMe: 'Both' });
    const { page } = b.member;
    await page.setViewportSize({ width: 390, height: 844 });
    await b.member.openInFeed(photo);
    const photoPath = `users/${a.uid}/photos/${photo.id}`;
    const votesOnPhoto = `${photoPath}/votes`;
    const owner = () => readUserByEmail<User>(a.member.email)!;
    const voter = () => readUserByEmail<User>(b.member.email)!;
    const before = {
      owner: owner().points,
      voter: { points: voter().points, votesGiven: voter().votesGiven ?? 0 },
      photo: readDocument<Photo>(photoPath)!.votesCount,
    };
    expect(before.photo).toBe(0);

    const shown = page.getByRole('img', { name: 'Second thoughts' });
    const drag = async (by: number, release = true) => {
      const { x, y, width, height } = await box(shown);
      const from = { x: x + width / 2, y: y + height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + by, from.y, { steps: 8 });
      if (release) await page.mouse.up();
    };
    // The flicks that used to vote 2 hearts or move on: nothing happens, the photo stays.
    for (const flick of [-60, -40, 60]) {
      await drag(flick);
      await page.waitForTimeout(300);
      await shown.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/rate/${photo.id}`);
    }
    expect(readDocuments<Vote>(votesOnPhoto)).toHaveLength(0);
    expect(voter().votesGiven ?? 0).toBe(before.voter.votesGiven);

    // A swipe well to the left says what it will give before it is let go, and gives it.
    await drag(-160, false);
    await page.getByRole('status', { name: 'Swipe' }).getByText('1 heart', { exact: true }).waitFor();
    await page.mouse.up();
    await shown.waitFor({ state: 'detached' });
    await eventually(
      () => readDocument<Photo>(photoPath),
      (found) => found?.votesCount === 1 && found.rate === 1,
    );
    expect(readDocuments<Vote>(votesOnPhoto)).toMatchObject([{ rate: 1 }]);

    // Undo: the vote goes, and with it the tokens and counts it moved; the photo is back to rate.
    await page.getByText('Rating sent').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Rating undone: the photo is back').waitFor();
    await shown.waitFor();
    await eventually(
      () => readDocuments<Vote>(votesOnPhoto),
      (votes) => votes.length === 0,
    );
    expect(readDocument<Photo>(photoPath)).toMatchObject({ votesCount: before.photo, rate: 0 });
    expect(owner().points).toBe(before.owner);
    expect({ points: voter().points, votesGiven: voter().votesGiven }).toEqual(before.voter);
    await a.member.close();
    await b.member.close();
  }, 180_000);

  it('draws the first photo before the app, where the screen then shows it, and hands it over', async () => {
    await memberWithPhoto(
      browser(),
      { name: 'Dora', age: 26, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(4),
      'Early light',
    );
    const { member } = await joinedMember(browser(), {
      name: 'Eli',
      age: 29,
      gender: 'Male',
      showMe: 'Both',
    });
    await checkDrawnBeforeTheApp(member, {
      path: '/rate',
      layerId: FIRST_PHOTO_ID,
      screenPhotoSelector: '#root img[fetchpriority="high"]',
      read: 'feed',
    });
    await member.close();
  }, 120_000);

  it("draws the leaderboard's first row before the app, where the page then shows it, and hands it over", async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Fay', age: 31, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(5),
      'Rooftop',
    );
    changeDocument(`users/${a.uid}/photos/${a.photo.id}`, {
      rate: 4.5,
      votesCount: 20,
      leaderboardScore: leaderboardScore({ rate: 4.5, votesCount: 20 }, DEFAULT_SITE_AVERAGE),
    });
    // The board is asked for the show-me choice the member's record on the device holds: seen once.
    await a.member.visit('/leaderboard');
    await a.member.page.getByRole('listitem', { name: 'Place 1' }).waitFor();
    await checkDrawnBeforeTheApp(a.member, {
      path: '/leaderboard',
      layerId: FIRST_BOARD_ID,
      screenPhotoSelector: '#root [aria-label="Place 1"] img',
      read: 'board',
    });
    await a.member.close();
  }, 120_000);

  it('shows the leaderboard and grows the streak across two days', async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Cleo', age: 33, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(3),
      'Top of the class',
    );
    const { photo } = a;
    // As if many members had voted: 50 votes averaging 4.9 hearts, above anything else in this stack.
    changeDocument(`users/${a.uid}/photos/${photo.id}`, {
      rate: 4.9,
      votesCount: 50,
      leaderboardScore: leaderboardScore({ rate: 4.9, votesCount: 50 }, DEFAULT_SITE_AVERAGE),
    });
    const { page } = a.member;
    // The top three float gently; without motion the lightbox opens on a still target.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await a.member.visit('/leaderboard');
    await page.getByRole('heading', { name: 'The top rated photos of all time' }).waitFor();
    const first = page.getByRole('listitem', { name: 'Place 1' });
    await first.getByLabel('Score 9.8/10 · Absolutely Stunning!').waitFor();
    await first.getByRole('img', { name: 'Crown' }).waitFor();
    await first.getByRole('button', { name: 'View photo in place 1' }).click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor();
    await page.keyboard.press('Escape');

    // Yesterday's visit, then today's: the streak grows to 2 and earns 5 more tokens.
    const before = readUserByEmail<User>(a.member.email)!;
    changeDocument(`users/${a.uid}`, { lastLogin: new Date(Date.now() - 24 * 60 * 60 * 1000) });
    await page.reload();
    await page.getByText('Day 2 of your streak: +5 tokens').waitFor();
    const after = await eventually(
      () => readUserByEmail<User>(a.member.email)!,
      (found) => found.loginStreak === 2,
    );
    expect(after.points).toBe(before.points + 5);
    // How the board looks with the styles emotion made on this start...
    const looks = () =>
      page.evaluate(() =>
        [
          document.querySelector('h1'),
          document.querySelector('[aria-label="Place 1"]'),
          document.querySelector('nav, [role="navigation"]'),
        ].map((element) => {
          if (!element) return null;
          const { fontSize, fontWeight, color, backgroundColor, display, padding } =
            getComputedStyle(element);
          return { fontSize, fontWeight, color, backgroundColor, display, padding };
        }),
      );
    await page
      .getByRole('listitem', { name: 'Place 1' })
      .getByLabel('Score 9.8/10 · Absolutely Stunning!')
      .waitFor();
    const made = await looks();
    await page.reload();
    await page.getByRole('heading', { name: 'The top rated photos of all time' }).waitFor();
    await page
      .getByRole('listitem', { name: 'Place 1' })
      .getByLabel('Score 9.8/10 · Absolutely Stunning!')
      .waitFor();
    // ...and with those it saved as the page was left, taken up on this start (src/lib/saved-styles.ts).
    expect(
      await page.evaluate(() => document.querySelectorAll('style[data-emotion^="css "][data-s]').length),
    ).toBeGreaterThan(0);
    expect(await looks()).toEqual(made);
    expect(made.filter(Boolean)).toHaveLength(3);
    expect(readUserByEmail<User>(a.member.email)?.loginStreak).toBe(2);
    await a.member.close();
  }, 120_000);
});
