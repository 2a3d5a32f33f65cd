/**
 * axe (WCAG 2.1 AA and best practices) on every screen and dialog, signed out and signed in, in light
 * and dark mode: no serious or critical violation, and headings in order under one h1. A failure names
 * each rule, its impact, the elements and what axe says is wrong with them, so it says what to fix.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import { LEADERBOARD_TITLE } from '../../src/domain/rating';
import { storageKeys } from '../../src/lib/storage';
import { browserForFile } from './support/browser';
import { changeDocument, Member, memberWithPhoto, samplePhotoPath } from './support/member';

const browser = browserForFile();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);
/** Moderate in axe's scale, held too: the issue found them, and a screen reader's outline rests on them. */
const HEADING_RULES = new Set(['heading-order', 'page-has-heading-one']);

/**
 * Until no finite transition runs (a dialog fading in would be measured half transparent), and the
 * service worker's first install has said its one-second 'ready offline' toast, which would otherwise
 * come and go under whatever dialog the journey opened.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    navigator.serviceWorker.ready.then(() => new Promise((resolve) => setTimeout(resolve, 300))),
  );
  await page.getByText('Photorater is ready to work offline.').waitFor({ state: 'detached' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** axe's serious and critical violations, and the heading rules', on the page as it is: a block each. */
async function violations(page: Page): Promise<string[]> {
  await settled(page);
  const { violations: found } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return found
    .filter((violation) => BLOCKING.has(violation.impact ?? '') || HEADING_RULES.has(violation.id))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) => `  ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
        )
        .join('\n');
      return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    });
}

async function expectNoViolation(page: Page, screen: string): Promise<void> {
  const found = await violations(page);
  expect.soft(found.length, `axe's violations to fix on ${screen}:\n\n${found.join('\n\n')}`).toBe(0);
}

/** Visits a path in a colour mode: the choice the header's switch remembers on the device. */
async function visitIn(member: Member, mode: string, pathname: string): Promise<void> {
  await member.page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [storageKeys.colorMode, mode],
  );
  await member.visit(pathname);
}

let member: Member;
let visitor: Member;
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
  return async () => {
    await visitor.close();
    await member.close();
  };
});

describe.each(['light', 'dark'])('axe in %s mode: no serious or critical violation', (mode) => {
  it('signed out: the landing page, the sign-up and sign-in dialogs, the drawer', async () => {
    const { page } = visitor;
    await visitIn(visitor, mode, '/');
    await page.getByRole('heading', { level: 1, name: 'Find your best photo' }).waitFor();
    await expectNoViolation(page, 'the landing page');

    await page.getByRole('button', { name: 'Get started' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).waitFor();
    await expectNoViolation(page, 'the sign-up dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expectNoViolation(page, 'the sign-in dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectNoViolation(page, 'the drawer, signed out');
  });

  it('signed out: the shared photo page', async () => {
    const { page } = visitor;
    await visitIn(visitor, mode, `/photo/${photo.id}?referrer=${uid}`);
    await page.getByRole('article', { name: 'Shared photo' }).getByRole('img').waitFor();
    await expectNoViolation(page, 'the shared photo page');
  });

  it('My Photos and the photo detail dialog', async () => {
    const { page } = member;
    await visitIn(member, mode, '/');
    await page.getByRole('button', { name: 'Open Seaside' }).waitFor();
    await expectNoViolation(page, 'My Photos');

    await page.getByRole('button', { name: 'Open Seaside' }).click();
    await page.getByRole('dialog', { name: 'Seaside' }).waitFor();
    await expectNoViolation(page, 'the photo detail dialog');
  });

  it('/rate, with its tutorial the first time', async () => {
    const { page } = member;
    await visitIn(member, mode, '/rate');
    const tutorial = page.getByRole('dialog', { name: 'How rating works' });
    if (mode === 'light') {
      await tutorial.waitFor();
      await expectNoViolation(page, 'the rating tutorial');
      await tutorial.getByRole('button', { name: 'Got it' }).click();
      await tutorial.waitFor({ state: 'detached' });
    }
    // A demo member's photo, with the rating panel under it.
    await page.getByRole('heading', { name: 'How does this person come across?' }).waitFor();
    await expectNoViolation(page, '/rate');
  });

  it('/profile and the Checkout dialog', async () => {
    const { page } = member;
    await visitIn(member, mode, '/profile');
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.waitFor();
    await expectNoViolation(page, '/profile');

    await tokens.getByRole('button', { name: 'Buy More' }).click();
    await page.getByRole('dialog', { name: 'Buy tokens' }).waitFor();
    await expectNoViolation(page, 'the Checkout dialog');
  });

  it('/leaderboard and the drawer', async () => {
    const { page } = member;
    await visitIn(member, mode, '/leaderboard');
    await page.getByRole('heading', { level: 1, name: LEADERBOARD_TITLE }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoViolation(page, '/leaderboard');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await expectNoViolation(page, 'the drawer, signed in');
  });
});
