/**
 * axe (WCAG 2.1 AA and best practices) on every screen and dialog, signed out and signed in, in light
 * and dark mode: no serious or critical violation, and headings in order under one h1. A failure names
 * each rule, its impact, the elements and what axe says is wrong with them, so it says what to fix.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TABS } from '../../src/domain/admin';
import { CONSENT_TEXT } from '../../src/domain/consent-text';
import type { Photo } from '../../src/domain/photo';
import { DONATION_TITLE } from '../../src/domain/plans';
import { LEADERBOARD_TITLE } from '../../src/domain/rating';
import { storageKeys } from '../../src/lib/storage';
import {
  axeViolations,
  BLOCKING_IMPACTS,
  chooseMode,
  describeViolation,
  shownMode,
} from '../../scripts/axe-check';
import { browserForFile } from './support/browser';
import { changeDocument, Member, memberWithPhoto, samplePhotoPath } from './support/member';

const browser = browserForFile();
/** Moderate in axe's scale, held too: the issue found them, and a screen reader's outline rests on them. */
const HEADING_RULES = new Set(['heading-order', 'page-has-heading-one']);
/** The demo admin a new local data folder has (README, "Admins"). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'photorater-admin' };

/** axe's serious and critical violations, and the heading rules', on the page as it is: a block each. */
async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '') || HEADING_RULES.has(violation.id))
    .map(describeViolation);
}

/** The page in the mode asked for (a member's record could turn it back) and without a violation to fix. */
async function expectNoViolation(page: Page, mode: 'light' | 'dark', screen: string): Promise<void> {
  const found = await violations(page);
  expect.soft(await shownMode(page), `the colour mode of ${screen}`).toBe(mode);
  expect.soft(found.length, `axe's violations to fix on ${screen}:\n\n${found.join('\n\n')}`).toBe(0);
}

/**
 * Visits a path in a colour mode as the device remembers it (a member's record, which the device
 * follows, is set once a mode by `chooseMode`), with the device's keys named in `removed` gone first
 * (a first-time hint not yet seen, say).
 */
async function visitIn(
  member: Member,
  mode: string,
  pathname: string,
  removed: string[] = [],
): Promise<void> {
  await member.page.evaluate(
    ([key, value, gone]) => {
      localStorage.setItem(key, value);
      for (const name of gone) localStorage.removeItem(name);
    },
    [storageKeys.colorMode, mode, removed] as const,
  );
  await member.visit(pathname);
}

/** Opens the drawer from the header's menu button. */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
}

/** Closes the dialog on top with Escape, as a keyboard user does, and waits until it has gone. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

let member: Member;
let visitor: Member;
/** A visitor who has not answered the cookie banner. */
let newcomer: Member;
let admin: Member;
let uid: string;
let photo: Photo;

beforeAll(async () => {
  ({ member, uid, photo } = await memberWithPhoto(
    browser(),
    { name: 'Ada', age: 33, gender: 'Female', showMe: 'Both' },
    samplePhotoPath(1),
    'Seaside',
  ));
  // Rated once and shared by its owner, so its public preview shows it.
  changeDocument(`users/${uid}/photos/${photo.id}`, { votesCount: 1, rate: 4, sharedAt: new Date() });
  visitor = await Member.open(browser());
  await visitor.visit('/');
  newcomer = await Member.open(browser(), undefined, { askConsent: true });
  await newcomer.visit('/');
  admin = await Member.open(browser(), DEMO_ADMIN.email);
  await admin.signIn(DEMO_ADMIN.password);
  // Signed in once the login page has sent the admin on; /admin loaded earlier would find nobody signed in.
  await admin.page.waitForURL((url) => url.pathname !== '/login');
  return async () => {
    await admin.close();
    await newcomer.close();
    await visitor.close();
    await member.close();
  };
});

/** The public screens beyond the landing page, each with its h1. */
const PUBLIC_SCREENS = [
  '/blog',
  '/article/light-makes-the-photo',
  '/login',
  '/register',
  '/forgotPassword',
  '/about',
  '/terms',
  '/privacy',
  '/contact',
  '/404',
];

describe.each(['light', 'dark'] as const)('axe in %s mode: no serious or critical violation', (mode) => {
  beforeAll(async () => {
    for (const signedIn of [member, admin]) {
      await visitIn(signedIn, mode, '/');
      await chooseMode(signedIn.page, mode);
    }
  });

  it('signed out: the landing page, the sign-up and sign-in dialogs, the drawer', async () => {
    const { page } = visitor;
    await visitIn(visitor, mode, '/');
    await page.getByRole('heading', { level: 1, name: 'Find your best photo' }).waitFor();
    await expectNoViolation(page, mode, 'the landing page');

    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).waitFor();
    await expectNoViolation(page, mode, 'the sign-up dialog');
    await closeDialog(page);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectNoViolation(page, mode, 'the sign-in dialog');
    await closeDialog(page);

    await openMenu(page);
    await expectNoViolation(page, mode, 'the drawer, signed out');
  });

  it('signed out: the cookie banner and the cookie preferences dialog', async () => {
    const { page } = newcomer;
    await visitIn(newcomer, mode, '/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    await expectNoViolation(page, mode, 'the cookie banner');

    await banner.getByRole('button', { name: CONSENT_TEXT.preferences }).click();
    await page.getByRole('dialog', { name: CONSENT_TEXT.dialogTitle }).waitFor();
    await expectNoViolation(page, mode, 'the cookie preferences dialog');
  });

  it('signed out: the shared photo page', async () => {
    const { page } = visitor;
    await visitIn(visitor, mode, `/photo/${photo.id}?referrer=${uid}`);
    await page.getByRole('article', { name: 'Shared photo' }).getByRole('img').waitFor();
    await expectNoViolation(page, mode, 'the shared photo page');
  });

  it('signed out: the blog, an article, the account pages, About, Terms, Privacy, Contact and 404', async () => {
    const { page } = visitor;
    for (const pathname of PUBLIC_SCREENS) {
      await visitIn(visitor, mode, pathname);
      await page.locator('h1').first().waitFor();
      await expectNoViolation(page, mode, pathname);
    }
  });

  it('My Photos, the photo detail and New Photo dialogs', async () => {
    const { page } = member;
    await visitIn(member, mode, '/');
    await page.getByRole('button', { name: 'Open Seaside' }).waitFor();
    await expectNoViolation(page, mode, 'My Photos');

    await page.getByRole('button', { name: 'Open Seaside' }).click();
    await page.getByRole('dialog', { name: 'Seaside' }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolation(page, mode, 'the photo detail dialog');
    await closeDialog(page);

    await page.getByRole('button', { name: /Add New Photo/ }).click();
    await page.getByRole('dialog', { name: 'New Photo' }).waitFor();
    await expectNoViolation(page, mode, 'the New Photo dialog');
  });

  it('/rate, with its tutorial the first time, and the report dialog', async () => {
    const { page } = member;
    await visitIn(member, mode, '/rate', [storageKeys.rateTutorialSeen]);
    const tutorial = page.getByRole('dialog', { name: 'How rating works' });
    await tutorial.waitFor();
    await expectNoViolation(page, mode, 'the rating tutorial');
    await tutorial.getByRole('button', { name: 'Got it' }).click();
    await tutorial.waitFor({ state: 'detached' });
    // A demo member's photo, with the rating panel under it.
    await page.getByRole('heading', { name: 'How does this person come across?' }).waitFor();
    await expectNoViolation(page, mode, '/rate');

    await page.getByRole('button', { name: 'Report', exact: true }).click();
    await page.getByRole('dialog', { name: 'Report this photo' }).waitFor();
    await expectNoViolation(page, mode, 'the report dialog');
  });

  it('/profile and the Checkout dialog', async () => {
    const { page } = member;
    await visitIn(member, mode, '/profile');
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.waitFor();
    await expectNoViolation(page, mode, '/profile');

    await tokens.getByRole('button', { name: 'Buy More' }).click();
    await page.getByRole('dialog', { name: 'Buy tokens' }).waitFor();
    await expectNoViolation(page, mode, 'the Checkout dialog');
  });

  it('/leaderboard, the drawer, and the feedback and donation dialogs from it', async () => {
    const { page } = member;
    await visitIn(member, mode, '/leaderboard');
    await page.getByRole('heading', { level: 1, name: LEADERBOARD_TITLE }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolation(page, mode, '/leaderboard');

    await openMenu(page);
    await expectNoViolation(page, mode, 'the drawer, signed in');
    await page.getByRole('button', { name: 'Feedback' }).click();
    await page.getByRole('dialog', { name: 'Feedback' }).waitFor();
    await expectNoViolation(page, mode, 'the feedback dialog');
    await closeDialog(page);

    await openMenu(page);
    await page.getByRole('button', { name: DONATION_TITLE }).click();
    await page.getByRole('dialog', { name: DONATION_TITLE }).waitFor();
    await expectNoViolation(page, mode, 'the donation dialog');
  });

  it('the admin area, each of its tabs', async () => {
    const { page } = admin;
    await visitIn(admin, mode, '/admin');
    await page.getByRole('tablist', { name: 'Admin area' }).waitFor();
    for (const tab of ADMIN_TABS) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoViolation(page, mode, `the admin area's ${tab} tab`);
    }
  });
});
