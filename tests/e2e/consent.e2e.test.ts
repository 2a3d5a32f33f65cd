/**
 * Cookie consent, analytics and error reporting as a visitor and a member meet them, against a stack
 * of this file's own in debug mode (the debug panel is part of the journey, and its data folder holds
 * the analytics and error logs the journeys check).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePorts, startLocalStack, type LocalStack } from '../../scripts/local-stack';
import type { LoggedAnalyticsEvent } from '../../src/domain/analytics';
import type { ErrorReport } from '../../src/domain/error-report';
import { browserForFile } from './support/browser';
import { eventually, Member } from './support/member';

const browser = browserForFile();
const DAY_MS = 24 * 60 * 60 * 1000;
const UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie consent' });

let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-consent-e2e-'));
  // Ports of its own, beside the suite's stack.
  const ports = await findFreePorts(Number(process.env.E2E_PORT_BASE ?? 18000) + 50);
  stack = await startLocalStack({
    dataDir,
    ports,
    quiet: true,
    demoContent: false,
    debugPanel: true,
    app: 'dev',
    buildDir: path.join(dataDir, 'build'),
  });
  // The development server prepares its modules on the first visit; the journeys should not wait for that.
  const page = await browser().newPage();
  await page.goto(stack.appUrl);
  await banner(page).waitFor({ timeout: 120_000 });
  await page.close();
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function logLines<Entry>(file: string): Entry[] {
  const at = path.join(dataDir, file);
  if (!existsSync(at)) return [];
  return readFileSync(at, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Entry);
}
const analyticsEvents = () => logLines<LoggedAnalyticsEvent>('analytics-events.jsonl');
const errorReports = () => logLines<ErrorReport>('errors.jsonl');

/** axe's serious and critical violations (WCAG 2.1 AA and best practices) on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

async function visitor(): Promise<Member> {
  return Member.open(browser(), undefined, { askConsent: true, baseUrl: stack.appUrl });
}

describe('cookie consent', () => {
  it("asks first; 'Necessary only' sends no analytics event, and a failed handler shows the spec's message and reaches the error log", async () => {
    const member = await visitor();
    const { page } = member;
    await member.visit('/');
    await banner(page).waitFor();
    await banner(page).getByRole('button', { name: 'Necessary only' }).click();
    await banner(page).waitFor({ state: 'detached' });

    await member.register();
    // The handler fails as a server fault would.
    await page.route('**/completeProfile', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': (await request.headerValue('origin')) ?? '*' },
        body: JSON.stringify({ error: { status: 'INTERNAL', message: 'INTERNAL' } }),
      });
    });
    await member.completeProfile();
    await page.getByText(UNAVAILABLE).waitFor();

    const [report] = await eventually(
      () => errorReports().filter((entry) => entry.context.action === 'completeProfile'),
      (entries) => entries.length > 0,
    );
    expect(report).toMatchObject({
      type: 'firebase',
      message: UNAVAILABLE,
      code: 'internal',
      context: { component: 'profile-completion-form', feature: 'accounts', action: 'completeProfile' },
    });
    expect(report!.context.userId).toMatch(/\w+/);
    // Sign-in, the app opening and the error all happened, and none of them was sent.
    expect(analyticsEvents()).toEqual([]);
    await member.close();
  });

  it("'Accept all' sends 'app opened' and 'login' for the member who signs in, and 'logout' at sign-out", async () => {
    const member = await visitor();
    await member.visit('/');
    await banner(member.page).getByRole('button', { name: 'Accept all' }).click();
    await banner(member.page).waitFor({ state: 'detached' });
    await member.register();
    const events = await eventually(analyticsEvents, (logged) =>
      ['app opened', 'login'].every((name) => logged.some((event) => event.name === name)),
    );
    const uid = events.find((event) => event.name === 'login')!.userId;
    expect(uid).toMatch(/\w+/);
    expect(events.filter((event) => event.name === 'app opened').map((event) => event.userId)).toContain(uid);
    expect(events.filter((event) => event.name === 'login')).toHaveLength(1);

    await member.signOut();
    await eventually(analyticsEvents, (logged) =>
      logged.some((event) => event.name === 'logout' && event.userId === uid),
    );
    await member.close();
  });

  it('discards the choice after 30 days: 31 days later the banner is back', async () => {
    const member = await visitor();
    const { page } = member;
    await member.visit('/');
    await banner(page).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    const preferences = page.getByRole('dialog', { name: 'Cookie preferences' });
    await preferences.getByRole('switch', { name: 'Analytics' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await preferences.getByRole('button', { name: 'Cancel' }).click();
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    const chosenAt = Date.now();

    await page.clock.setFixedTime(chosenAt + 29 * DAY_MS);
    await page.reload();
    await page
      .getByRole('link', { name: 'Cookie settings' })
      .or(page.getByRole('button', { name: 'Cookie settings' }))
      .waitFor();
    expect(await banner(page).count()).toBe(0);

    await page.clock.setFixedTime(chosenAt + 31 * DAY_MS);
    await page.reload();
    await banner(page).waitFor();
    await member.close();
  });
});

describe('the debug panel', () => {
  it('lists the reads of /rate', async () => {
    const member = await visitor();
    const { page } = member;
    await member.visit('/');
    await banner(page).getByRole('button', { name: 'Necessary only' }).click();
    await member.register();
    await member.completeProfile();
    await member.finishOnboarding();
    await member.visit('/rate');
    // The first-time raters' tutorial first: a later dialog would hide the panel from the page's readers.
    await page.getByRole('button', { name: 'Got it' }).click();
    await page.getByRole('button', { name: 'Open the debug panel' }).waitFor();
    await page.keyboard.press('Control+Shift+F');
    const panel = page.getByRole('dialog', { name: 'Debug panel' });
    const operations = panel.getByRole('table', { name: 'Operations' });
    // The member's record updates often; all of this visit's operations, not the latest 20.
    await panel.getByLabel('Limit').fill('500');
    await operations.getByRole('cell', { name: 'getPhotos', exact: true }).first().waitFor();
    await operations
      .getByRole('cell', { name: /^users\/\w+\/votes$/ })
      .first()
      .waitFor();
    await operations
      .getByRole('cell', { name: /^users\/\w+$/ })
      .first()
      .waitFor();
    await expect(panel.getByLabel('Summary').textContent()).resolves.toMatch(/Total reads[1-9]/);
    await member.close();
  });
});
