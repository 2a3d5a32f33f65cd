/**
 * The interactions `npm run bench:web` times on a member's screens, with the CPU slowed 4x (CDP's
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset slows it): each figure is the
 * interaction's Event Timing duration (from the input to the next paint after its handlers, as INP
 * counts it), the median of RUNS.
 *
 * Table-driven: a row signs nothing in itself; `prepare` brings a signed-in page to the moment before
 * the act, and `act` performs it and resolves once its result is on the screen.
 */
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN } from '../functions/src/local/demo-content';
import { storageKeys } from '../src/lib/storage';

export interface BenchInteraction {
  name: string;
  /** The figure must stay under this, with the CPU slowed 4x. */
  targetMs: number;
  prepare(page: Page, appUrl: string): Promise<void>;
  act(page: Page): Promise<void>;
}

/** The photo /rate shows, by its id in the address. */
const ratedPhotoId = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

export const INTERACTIONS: BenchInteraction[] = [
  {
    name: 'Rate -> next photo',
    targetMs: 100,
    async prepare(page, appUrl) {
      if (!page.url().includes('/rate/')) {
        await page.goto(`${appUrl}/rate`);
        await page.waitForURL(/\/rate\/.+/);
      }
      await page.getByRole('button', { name: 'Rate', exact: true }).waitFor();
      // A member looks at a photo for a while before rating it: the next one's image is fetched meanwhile.
      await page.waitForTimeout(1500);
      await page.keyboard.press('4');
    },
    async act(page) {
      const before = ratedPhotoId(page);
      await page.getByRole('button', { name: 'Rate', exact: true }).click();
      await page.waitForFunction((id) => !location.pathname.endsWith(`/${id}`), before);
      await page.waitForFunction(() =>
        Array.from(document.images).some((image) => image.draggable === false && image.complete),
      );
    },
  },
];

const RUNS = 3;
const CPU_SLOWDOWN = 4;
/** Event Timing reports nothing shorter than this. */
const EVENT_TIMING_FLOOR_MS = 16;

export interface InteractionFigure {
  name: string;
  targetMs: number;
  /** The median of the runs; null when every run was under Event Timing's floor. */
  medianMs: number | null;
  runsMs: Array<number | null>;
}

/** Signs the demo admin (a member with the demo members' photos to rate) in, in a context of its own. */
async function signedInPage(browser: Browser, appUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, isMobile: true });
  await context.addInitScript(
    (keys) => {
      const preferences = { necessary: true, analytics: false, marketing: false, functional: false };
      localStorage.setItem(
        keys.consent,
        JSON.stringify({ hasConsented: true, preferences, timestamp: new Date() }),
      );
      localStorage.setItem(keys.tutorial, '1');
      localStorage.setItem(keys.tip, '1');
    },
    {
      consent: storageKeys.cookieConsent,
      tutorial: storageKeys.rateTutorialSeen,
      tip: storageKeys.commentTipSeen,
    },
  );
  const page = await context.newPage();
  await page.goto(`${appUrl}/login`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
}

/** The longest Event Timing entry of the interaction the act makes, null if under the floor. */
async function timed(page: Page, act: () => Promise<void>): Promise<number | null> {
  await page.evaluate((floor) => {
    const durations: number[] = [];
    (window as unknown as { benchDurations: number[] }).benchDurations = durations;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[])
        if (entry.interactionId > 0) durations.push(entry.duration);
    }).observe({ type: 'event', durationThreshold: floor } as PerformanceObserverInit);
  }, EVENT_TIMING_FLOOR_MS);
  await act();
  // Entries arrive after the paint they end at.
  await page.waitForTimeout(500);
  const durations = await page.evaluate(
    () => (window as unknown as { benchDurations: number[] }).benchDurations,
  );
  return durations.length > 0 ? Math.max(...durations) : null;
}

export async function measureInteractions(browser: Browser, appUrl: string): Promise<InteractionFigure[]> {
  const page = await signedInPage(browser, appUrl);
  const cdp = await page.context().newCDPSession(page);
  const figures: InteractionFigure[] = [];
  try {
    for (const interaction of INTERACTIONS) {
      const runsMs: Array<number | null> = [];
      for (let run = 0; run < RUNS; run++) {
        await interaction.prepare(page, appUrl);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        runsMs.push(await timed(page, () => interaction.act(page)));
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
      const sorted = runsMs.map((ms) => ms ?? 0).sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      figures.push({
        name: interaction.name,
        targetMs: interaction.targetMs,
        medianMs: median || null,
        runsMs,
      });
    }
  } finally {
    await page.context().close();
  }
  return figures;
}

export function describeFigure(figure: InteractionFigure): string {
  const shown = (ms: number | null) =>
    ms === null ? `<${EVENT_TIMING_FLOOR_MS} ms` : `${Math.round(ms)} ms`;
  const within = (figure.medianMs ?? 0) < figure.targetMs;
  return `${figure.name.padEnd(22)} ${shown(figure.medianMs).padStart(8)} (runs ${figure.runsMs.map(shown).join(', ')})   target ${figure.targetMs} ms at ${CPU_SLOWDOWN}x CPU slowdown: ${within ? 'within target' : 'ABOVE TARGET'}`;
}
