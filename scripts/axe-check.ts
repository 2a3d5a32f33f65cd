/**
 * axe (WCAG 2.1 AA and best practices) on a page as it stands, shared by `npm run bench:web` and the
 * accessibility journey: waits until nothing moves, then names each violation's rule, impact and
 * elements, so a report says what to fix.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The impacts the target allows none of. */
export const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
export type Impact = (typeof IMPACTS)[number];

export type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/** How long the service worker's first install may take before axe runs anyway (a build without one). */
const SERVICE_WORKER_WAIT_MS = 5000;

/**
 * Until no finite transition runs (a dialog fading in would be measured half transparent), and the
 * service worker's first install has said its one-second 'ready offline' toast, which would otherwise
 * come and go under whatever dialog is open.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    (waitMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => new Promise((resolve) => setTimeout(resolve, 300))),
        new Promise((resolve) => setTimeout(resolve, waitMs)),
      ]),
    SERVICE_WORKER_WAIT_MS,
  );
  await page.getByText('Photorater is ready to work offline.').waitFor({ state: 'detached' });
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** axe's violations on the page once it has settled. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations;
}

/** A violation as a block of text: its rule, impact and what is wrong with up to five of its elements. */
export function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `  ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`)
    .join('\n');
  return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
}

/**
 * Puts the app in a colour mode as a member does, with the header's switch, on a page already loaded:
 * a member's record keeps the mode they chose last and their devices follow it, so a mode set on the
 * device alone would be turned back once the record arrives.
 */
export async function chooseMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /^Switch to (light|dark) mode$/ }).waitFor();
  const toggle = page.getByRole('button', { name: `Switch to ${mode} mode` });
  if (!(await toggle.isVisible())) return;
  await toggle.click();
  await page.getByRole('button', { name: `Switch to ${mode === 'light' ? 'dark' : 'light'} mode` }).waitFor();
  // The choice reaches the record before the next visit reads it.
  await page.waitForLoadState('networkidle');
}

/** The colour mode the page shows, by its background (CssBaseline paints the body: #fff or #121212). */
export async function shownMode(page: Page): Promise<'light' | 'dark'> {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  return background === 'rgb(18, 18, 18)' ? 'dark' : 'light';
}
