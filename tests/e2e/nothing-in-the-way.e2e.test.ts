/**
 * Nothing in the way, measured in a real browser on a phone (390×844) and a laptop (1366×768): the
 * cookie banner, unanswered, never covers a control (a dialog's buttons, the profile's Continue, the
 * footer, the rating controls offline, the tab bar) and links the Privacy Policy; toasts never cover
 * the banner's or the tab bar's controls; a caption of one long word, and the admin's AB Tests tab,
 * never widen the page on a phone; the admin's Photos table shows its dates and actions whole on a
 * laptop and filters by a member picked by name; the laptop photo detail keeps its photo in view while
 * the rest scrolls; the leaderboard's viewer shows a photo whole.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import { browserForFile } from './support/browser';
import { eventually, Member, readDocuments, readUserByEmail, samplePhotoPath } from './support/member';

const browser = browserForFile();

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };
/** The demo admin a new local data folder has (README, "Admins"). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'photorater-admin' };
/** A caption as long as captions go, of one word. */
const LONG_CAPTION = 'Supercalifragilisticexpialidocious'.padEnd(50, 'x');

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });
const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not on the screen.`);
  return box;
}

/**
 * What a tap at the control's centre reaches: 'the control' itself (or what it holds), else the start
 * of what lies over it, so a failure says what covers it.
 */
function hitAtCentre(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (hit !== null && (hit === element || element.contains(hit))) return 'the control';
    return hit ? hit.outerHTML.slice(0, 200) : 'nothing';
  });
}

/** Scrolls the page to its very end, as a member does to reach what a page ends with. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
}

/** How much wider than the screen the page has become (0 when nothing sticks out sideways). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/**
 * A toast's box once it has finished appearing: caught while it shows, however short its time (the
 * offline note shows for a second).
 */
async function toastBox(page: Page, message: string): Promise<Box> {
  const handle = await page.waitForFunction(
    (text) => {
      const toast = [...document.querySelectorAll('.MuiSnackbar-root')].find((element) =>
        element.textContent?.includes(text),
      );
      const content = toast?.firstElementChild;
      if (!toast || !content || content.getAnimations().length > 0) return null;
      const { x, y, width, height } = content.getBoundingClientRect();
      return { x, y, width, height };
    },
    message,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as Box;
}

async function visitor(viewport: { width: number; height: number }): Promise<Member> {
  const member = await Member.open(browser(), undefined, { askConsent: true });
  await member.page.setViewportSize(viewport);
  return member;
}

async function signedInAdmin(viewport: { width: number; height: number }): Promise<Member> {
  const admin = await Member.open(browser(), DEMO_ADMIN.email);
  await admin.page.setViewportSize(viewport);
  await admin.signIn(DEMO_ADMIN.password);
  await admin.page.waitForURL((url) => url.pathname !== '/login');
  await admin.visit('/admin');
  await admin.page.getByRole('tablist', { name: 'Admin area' }).waitFor();
  return admin;
}

/** The member's one photo, once stored. */
async function onlyPhotoOf(email: string): Promise<Photo> {
  const uid = readUserByEmail<{ uid: string }>(email)!.uid;
  const [photo] = await eventually(
    () => readDocuments<Photo>(`users/${uid}/photos`),
    (photos) => photos.length === 1,
  );
  return photo!;
}

/** A member joined on a phone with the cookie banner still unanswered, its Continue checked on the way. */
async function joinedOnPhone(name: string): Promise<Member> {
  const member = await visitor(PHONE);
  await member.register();
  const { page } = member;
  await banner(page).waitFor();
  const form = page.getByRole('form', { name: 'Complete your profile' });
  await scrollToEnd(page);
  expect(await hitAtCentre(form.getByRole('button', { name: 'Continue' }))).toBe('the control');
  await member.completeProfile({ name });
  await member.finishOnboarding();
  await tabBar(page).waitFor();
  return member;
}

let owner: Member;
let photo: Photo;

describe('the cookie banner, unanswered, on a phone', () => {
  it('links the Privacy Policy, keeps the footer reachable, and the offline note stays off its buttons', async () => {
    const member = await visitor(PHONE);
    const { page } = member;
    await member.visit('/');
    await banner(page).waitFor();
    expect(await banner(page).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );

    // The production build's service worker installs on the first visit and says so.
    const note = await toastBox(page, 'Photorater is ready to work offline.');
    for (const button of await banner(page).getByRole('button').all())
      expect(intersects(note, await boxOf(button))).toBe(false);

    await scrollToEnd(page);
    const footer = page.locator('footer');
    expect(await hitAtCentre(footer.getByRole('link', { name: 'Privacy Policy' }))).toBe('the control');
    expect(await hitAtCentre(footer.getByRole('button', { name: 'Cookie settings' }))).toBe('the control');
    await member.close();
  });

  it("leaves the profile's Continue and New Photo's Post and Cancel free, and its toast off the tab bar", async () => {
    owner = await joinedOnPhone('Long Caption Owner');
    const { page } = owner;
    await page.getByRole('button', { name: /Add New Photo/ }).click();
    const form = page.getByRole('dialog', { name: 'New Photo' });
    await form.getByLabel('Photo file').setInputFiles(samplePhotoPath(2));
    await form.locator('.reactEasyCrop_Container').waitFor();
    await form.getByLabel('Caption (optional)').fill(LONG_CAPTION);
    // With a photo chosen, Post can be pressed: a disabled button takes no taps at all.
    for (const name of ['Post', 'Cancel']) {
      const button = form.getByRole('button', { name, exact: true });
      await button.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      expect(await hitAtCentre(button)).toBe('the control');
    }
    await form.getByRole('button', { name: 'Post' }).click();
    await owner.closeHooray();

    // A toast on a page with the banner and the tab bar: the profile's answer to a new username.
    await owner.visit('/profile');
    await page.getByRole('button', { name: 'Edit username' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill('Long Caption Owner');
    await page.getByRole('button', { name: 'Save username' }).click();
    const toast = await toastBox(page, 'Username has been updated!');
    expect(intersects(toast, await boxOf(tabBar(page)))).toBe(false);
    for (const button of await banner(page).getByRole('button').all())
      expect(intersects(toast, await boxOf(button))).toBe(false);
    photo = await onlyPhotoOf(owner.email);
  });

  it('keeps /rate as wide as the phone with a one-word caption, and its controls free offline', async () => {
    const voter = await joinedOnPhone('Phone Voter');
    const { page } = voter;
    await voter.openInFeed(photo);
    const caption = page.getByRole('heading', { name: LONG_CAPTION });
    await caption.waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The caption breaks within its line rather than running past it (cut off, or widening the page).
    expect(
      await caption.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(0);

    await voter.context.setOffline(true);
    await page.getByText('You are offline. You see what this device saved').waitFor();
    // Four hearts from the keyboard, so Rate can be pressed: a disabled button takes no taps at all.
    await page.keyboard.press('4');
    await scrollToEnd(page);
    for (const control of [
      page.getByRole('radiogroup', { name: 'Hearts' }),
      page.getByRole('button', { name: 'Skip', exact: true }),
      page.getByRole('button', { name: 'Rate', exact: true }),
    ])
      expect(await hitAtCentre(control)).toBe('the control');
    for (const tab of await tabBar(page).getByRole('link').all())
      expect(await hitAtCentre(tab)).toBe('the control');
    await voter.context.setOffline(false);
    await voter.close();
  });
});

describe('on a laptop', () => {
  it("keeps the photo detail's photo in view while the rest scrolls", async () => {
    const { page } = owner;
    await page.setViewportSize(LAPTOP);
    await owner.visit('/');
    await page.getByRole('button', { name: `Open ${LONG_CAPTION}` }).click();
    const detail = page.getByRole('dialog', { name: LONG_CAPTION });
    await detail.getByRole('region', { name: 'AI Insights' }).waitFor();
    const content = detail.locator('.MuiDialogContent-root');
    const scrolls = await content.evaluate((element) => element.scrollHeight - element.clientHeight);
    expect(scrolls).toBeGreaterThan(100);
    await content.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    const view = await boxOf(content);
    const image = await boxOf(detail.getByRole('button', { name: 'View full screen' }));
    expect(image.y).toBeGreaterThanOrEqual(view.y - 1);
    expect(image.y + image.height).toBeLessThanOrEqual(view.y + view.height + 1);
  });

  it("shows the leaderboard's photo whole in the viewer", async () => {
    const { page } = owner;
    await owner.visit('/leaderboard');
    // It floats up and down, which a tap does not mind.
    await page.getByRole('button', { name: 'View photo in place 1' }).click({ force: true });
    const viewer = page.getByRole('dialog', { name: 'Photo viewer' });
    const image = viewer.getByRole('img');
    await image.evaluate((element: HTMLImageElement) => element.decode());
    // The picture as drawn: the whole image scaled into its box, or its box's middle when cropped.
    const drawn = await image.evaluate((element: HTMLImageElement) => {
      const box = element.getBoundingClientRect();
      const fit = getComputedStyle(element).objectFit;
      const scale =
        fit === 'contain'
          ? Math.min(box.width / element.naturalWidth, box.height / element.naturalHeight)
          : fit === 'cover'
            ? Math.max(box.width / element.naturalWidth, box.height / element.naturalHeight)
            : NaN;
      const width = fit === 'fill' ? box.width : element.naturalWidth * scale;
      const height = fit === 'fill' ? box.height : element.naturalHeight * scale;
      return {
        x: box.x + (box.width - width) / 2,
        y: box.y + (box.height - height) / 2,
        width,
        height,
        ratio: element.naturalWidth / element.naturalHeight,
        innerWidth: window.innerWidth,
        innerHeight: window.innerHeight,
      };
    });
    // Not stretched, and every edge of it on the screen.
    expect(drawn.width / drawn.height).toBeCloseTo(drawn.ratio, 2);
    expect(drawn.x).toBeGreaterThanOrEqual(-1);
    expect(drawn.y).toBeGreaterThanOrEqual(-1);
    expect(drawn.x + drawn.width).toBeLessThanOrEqual(drawn.innerWidth + 1);
    expect(drawn.y + drawn.height).toBeLessThanOrEqual(drawn.innerHeight + 1);
  });

  it("shows the admin's Photos table whole, filtered by a member picked by name", async () => {
    const admin = await signedInAdmin(LAPTOP);
    const { page } = admin;
    const table = page.getByRole('table', { name: 'Photos' });
    await table
      .getByRole('button', { name: /^Edit photo / })
      .first()
      .waitFor();
    const region = page.getByRole('region', { name: 'Photos' });
    expect(await region.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(
      0,
    );
    const view = await boxOf(region);
    for (const row of (await table.getByRole('row').all()).slice(1, 4)) {
      const last = await boxOf(row.getByRole('cell').last());
      const uploaded = await boxOf(row.getByRole('cell').nth(-2));
      for (const cell of [last, uploaded])
        expect(cell.x + cell.width).toBeLessThanOrEqual(view.x + view.width + 1);
    }

    await page.getByLabel('Uploader (name or e-mail)').fill('Long Caption');
    await page.getByRole('option', { name: `Long Caption Owner (${owner.email})` }).click();
    await eventually(
      () => table.getByRole('row').count(),
      (rows) => rows === 2,
    );
    expect(await table.getByText('Long Caption Owner').count()).toBe(1);
    await admin.close();
    await owner.close();
  });
});

describe('the admin on a phone', () => {
  it('keeps the AB Tests tab as wide as the phone', async () => {
    const admin = await signedInAdmin(PHONE);
    const { page } = admin;
    await page.getByRole('tab', { name: 'AB Tests' }).click();
    await page.getByRole('button', { name: 'New A/B test' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await admin.close();
  });
});
