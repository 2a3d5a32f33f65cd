/**
 * axe on every screen and dialog for `npm run bench:web`, signed out, as the demo member Maya and as
 * the demo admin, in light and dark mode, on a phone-sized page: each screen's violations counted by
 * impact, and the serious and critical ones named (target: none).
 *
 * Table-driven: a screen is loaded anew for itself and for each of its dialogs, which `open` brings
 * up and waits for. `device` sets what the device holds before the visit (null removes it): the
 * cookie choice and the first-time hints are made unless a row asks for them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN_TABS } from '../src/domain/admin';
import { DONATION_TITLE } from '../src/domain/plans';
import { LEADERBOARD_TITLE } from '../src/domain/rating';
import { storageKeys } from '../src/lib/storage';
import {
  axeViolations,
  chooseMode,
  BLOCKING_IMPACTS,
  describeViolation,
  IMPACTS,
  shownMode,
  type AxeViolation,
  type Impact,
} from './axe-check';
import {
  BENCH_ADMIN,
  BENCH_MEMBER,
  BENCH_PHOTO,
  clearDevice,
  signIn,
  type BenchMember,
} from './bench-web-members';
import { slug } from './bench-web-rows';

type Device = Record<string, string | null>;

export interface AxeDialog {
  name: string;
  device?: Device;
  /** Opens with the screen, covering what the screen's `ready` waits for. */
  withTheScreen?: boolean;
  open(page: Page): Promise<void>;
}

export interface AxeScreen {
  name: string;
  path: string;
  /** Who is signed in: nobody on the public screens. */
  member?: BenchMember;
  /** Resolves once the screen shows what a member would look at. */
  ready(page: Page): Promise<void>;
  dialogs?: AxeDialog[];
}

const MODES = ['light', 'dark'] as const;

const heading = (page: Page) => page.locator('h1').first().waitFor();
const NO_CONSENT: Device = { [storageKeys.cookieConsent]: null };

const menu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
};
const fromMenu = (item: string, dialog: string) => async (page: Page) => {
  await menu(page);
  await page.getByRole('button', { name: item }).click();
  await page.getByRole('dialog', { name: dialog }).waitFor();
};

export const AXE_SCREENS: AxeScreen[] = [
  {
    name: 'landing page',
    path: '/',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Find your best photo' }).waitFor(),
    dialogs: [
      {
        name: 'sign-up dialog',
        async open(page) {
          await page.getByRole('button', { name: 'Get started' }).first().click();
          await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).waitFor();
        },
      },
      {
        name: 'sign-in dialog',
        async open(page) {
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
        },
      },
      { name: 'drawer', open: menu },
      {
        name: 'cookie banner',
        device: NO_CONSENT,
        open: (page) => page.getByRole('region', { name: 'Cookie consent' }).waitFor(),
      },
      {
        name: 'cookie preferences',
        device: NO_CONSENT,
        async open(page) {
          await page
            .getByRole('region', { name: 'Cookie consent' })
            .getByRole('button', { name: 'Preferences' })
            .click();
          await page.getByRole('dialog', { name: 'Cookie preferences' }).waitFor();
        },
      },
    ],
  },
  { name: 'blog', path: '/blog', ready: heading },
  { name: 'article', path: '/article/light-makes-the-photo', ready: heading },
  {
    name: 'shared photo page',
    path: `/photo/${BENCH_PHOTO.id}?referrer=${BENCH_MEMBER.uid}`,
    ready: (page) => page.getByRole('article', { name: 'Shared photo' }).getByRole('img').waitFor(),
  },
  { name: 'login page', path: '/login', ready: (page) => page.getByLabel('Email').waitFor() },
  { name: 'register page', path: '/register', ready: (page) => page.getByLabel('Email').waitFor() },
  { name: 'forgot password', path: '/forgotPassword', ready: (page) => page.getByLabel('Email').waitFor() },
  { name: 'about', path: '/about', ready: heading },
  { name: 'terms', path: '/terms', ready: heading },
  { name: 'privacy', path: '/privacy', ready: heading },
  { name: 'contact', path: '/contact', ready: heading },
  { name: 'page not found', path: '/404', ready: heading },
  {
    name: 'My Photos',
    path: '/photos',
    member: BENCH_MEMBER,
    ready: (page) => page.getByRole('button', { name: `Open ${BENCH_PHOTO.caption}` }).waitFor(),
    dialogs: [
      {
        name: 'photo detail',
        async open(page) {
          await page.getByRole('button', { name: `Open ${BENCH_PHOTO.caption}` }).click();
          await page.getByRole('dialog', { name: BENCH_PHOTO.caption }).waitFor();
          await page.waitForLoadState('networkidle');
        },
      },
      {
        name: 'new photo',
        async open(page) {
          await page.getByRole('button', { name: /Add New Photo/ }).click();
          await page.getByRole('dialog', { name: 'New Photo' }).waitFor();
        },
      },
      { name: 'drawer', open: menu },
      { name: 'feedback', open: fromMenu('Feedback', 'Feedback') },
      { name: 'donation', open: fromMenu(DONATION_TITLE, DONATION_TITLE) },
    ],
  },
  {
    name: '/profile',
    path: '/profile',
    member: BENCH_MEMBER,
    ready: (page) => page.getByRole('region', { name: 'Tokens' }).waitFor(),
    dialogs: [
      {
        name: 'checkout',
        async open(page) {
          await page
            .getByRole('region', { name: 'Tokens' })
            .getByRole('button', { name: 'Buy More' })
            .click();
          await page.getByRole('dialog', { name: 'Buy tokens' }).waitFor();
        },
      },
    ],
  },
  {
    name: '/leaderboard',
    path: '/leaderboard',
    member: BENCH_MEMBER,
    async ready(page) {
      await page.getByRole('heading', { level: 1, name: LEADERBOARD_TITLE }).waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: '/rate',
    path: '/rate',
    member: BENCH_ADMIN,
    ready: (page) => page.getByRole('heading', { name: 'How does this person come across?' }).waitFor(),
    dialogs: [
      {
        name: 'rating tutorial',
        device: { [storageKeys.rateTutorialSeen]: null },
        withTheScreen: true,
        open: (page) => page.getByRole('dialog', { name: 'How rating works' }).waitFor(),
      },
      {
        name: 'report',
        async open(page) {
          await page.getByRole('button', { name: 'Report', exact: true }).click();
          await page.getByRole('dialog', { name: 'Report this photo' }).waitFor();
        },
      },
    ],
  },
  {
    name: 'admin area',
    path: '/admin',
    member: BENCH_ADMIN,
    ready: (page) => page.getByRole('tablist', { name: 'Admin area' }).waitFor(),
    dialogs: ADMIN_TABS.map((tab) => ({
      name: `${tab} tab`,
      async open(page: Page) {
        await page.getByRole('tab', { name: tab, exact: true }).click();
        await page.getByRole('tabpanel').waitFor();
        await page.waitForLoadState('networkidle');
      },
    })),
  },
];

export interface AxeFigure {
  /** The screen, or the screen and its dialog. */
  name: string;
  mode: (typeof MODES)[number];
  /** Rules violated, by impact. */
  counts: Record<Impact, number>;
  /** The serious and critical ones, described. */
  blocking: AxeViolation[];
  /** Why the screen could not be checked, when it could not. */
  error?: string;
}

/** The device's storage for a visit: the colour mode, the cookie choice and hints seen, then `device`. */
async function prepareDevice(page: Page, appUrl: string, mode: string, device: Device = {}): Promise<void> {
  await page.goto(`${appUrl}/robots.txt`);
  const preferences = { necessary: true, analytics: false, marketing: false, functional: false };
  const entries: Device = {
    [storageKeys.colorMode]: mode,
    [storageKeys.cookieConsent]: JSON.stringify({ hasConsented: true, preferences, timestamp: new Date() }),
    [storageKeys.rateTutorialSeen]: '1',
    [storageKeys.commentTipSeen]: '1',
    ...device,
  };
  await page.evaluate((values) => {
    for (const [key, value] of Object.entries(values))
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
  }, entries);
}

/** What the page showed when a row could not be checked: its address, headings and last messages. */
async function keepEvidence(page: Page, name: string, mode: string, messages: string[]): Promise<string> {
  const dir = process.env.BENCH_REPORT_DIR;
  if (!dir) return '';
  const file = path.join(dir, `axe-not-checked-${slug(name)}-${mode}`);
  mkdirSync(dir, { recursive: true });
  try {
    await page.screenshot({ path: `${file}.png` });
    const shown = await page.evaluate(() => ({
      url: location.href,
      readyState: document.readyState,
      headings: [...document.querySelectorAll('h1, h2')].map((heading) => heading.textContent),
      root: document.getElementById('root')?.outerHTML.slice(0, 4000) ?? 'no #root',
      bodyChildren: [...document.body.children].map(
        (child) => `${child.tagName}#${child.id}.${child.className}`,
      ),
      controller: navigator.serviceWorker?.controller?.scriptURL ?? null,
    }));
    writeFileSync(`${file}.json`, JSON.stringify({ ...shown, messages }, null, 2));
    return ` (kept in ${file}.png and .json)`;
  } catch (error) {
    return ` (nothing kept: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
}

async function check(
  page: Page,
  name: string,
  mode: AxeFigure['mode'],
  show: () => Promise<void>,
  messages: string[] = [],
): Promise<AxeFigure> {
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
  messages.length = 0;
  try {
    await show();
    const violations = await axeViolations(page);
    const shown = await shownMode(page);
    if (shown !== mode) throw new Error(`The page showed ${shown} mode.`);
    for (const violation of violations) counts[(violation.impact ?? 'minor') as Impact] += 1;
    return {
      name,
      mode,
      counts,
      blocking: violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '')),
    };
  } catch (error) {
    // Playwright's first lines say what it waited for.
    const reason =
      (error instanceof Error
        ? error.message.split('\n').slice(0, 3).join(' ').replace(/\s+/g, ' ')
        : String(error)) + (await keepEvidence(page, name, mode, messages));
    return { name, mode, counts, blocking: [], error: reason };
  }
}

/** Every screen and dialog of `screens` in both modes, signed in as each row needs. */
export async function checkScreens(page: Page, appUrl: string, screens: AxeScreen[]): Promise<AxeFigure[]> {
  const figures: AxeFigure[] = [];
  // The page's last messages, for a row that could not be checked.
  const messages: string[] = [];
  const note = (text: string) => {
    messages.push(text);
    if (messages.length > 40) messages.shift();
  };
  page.on('console', (message) => note(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    note(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
  });
  // Grouped by member, so each is signed in once.
  for (const member of new Set(screens.map((screen) => screen.member))) {
    if (member) await signIn(page, appUrl, member);
    else await clearDevice(page.context(), appUrl, 'nothing');
    for (const mode of MODES) {
      const rows = screens.filter((row) => row.member === member);
      if (member) {
        await prepareDevice(page, appUrl, mode);
        await page.goto(appUrl);
        await chooseMode(page, mode);
      }
      for (const screen of rows) {
        const visit = async (device?: Device, ready = true) => {
          await prepareDevice(page, appUrl, mode, device);
          await page.goto(`${appUrl}${screen.path}`);
          if (!ready) return;
          await screen.ready(page);
          // A pre-rendered page answers clicks once the app has taken it over, its code loaded.
          await page.waitForLoadState('networkidle');
        };
        figures.push(await check(page, screen.name, mode, () => visit(), messages));
        for (const dialog of screen.dialogs ?? [])
          figures.push(
            await check(
              page,
              `${screen.name}: ${dialog.name}`,
              mode,
              async () => {
                await visit(dialog.device, !dialog.withTheScreen);
                await dialog.open(page);
              },
              messages,
            ),
          );
      }
    }
  }
  return figures;
}

/** Prints a line a screen and mode, the blocking violations under it; says how many lines missed the target. */
export function reportAxe(figures: AxeFigure[]): number {
  console.log(
    `${'screen or dialog'.padEnd(40)} ${'mode'.padEnd(5)} ${IMPACTS.map((impact) => impact.padStart(9)).join('')}`,
  );
  let failures = 0;
  for (const figure of figures) {
    const missed = figure.error !== undefined || figure.blocking.length > 0;
    if (missed) failures += 1;
    const counts = IMPACTS.map((impact) => String(figure.counts[impact]).padStart(9)).join('');
    console.log(
      `${figure.name.padEnd(40)} ${figure.mode.padEnd(5)} ${figure.error ? `  NOT CHECKED: ${figure.error}` : counts}${missed && !figure.error ? '   SERIOUS OR CRITICAL' : ''}`,
    );
    for (const violation of figure.blocking)
      console.log(`    ${describeViolation(violation).replace(/\n/g, '\n    ')}`);
  }
  console.log(
    `axe (WCAG 2.1 AA and best practices), rules violated by impact; target: no serious or critical one (${failures === 0 ? 'met' : `missed on ${failures} of ${figures.length}`}).`,
  );
  return failures;
}
