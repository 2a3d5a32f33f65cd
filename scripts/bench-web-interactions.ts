/**
 * The interactions `npm run bench:web` times on a member's screens, with the CPU slowed 4x (CDP's
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset slows it), the median of the runs
 * (BENCH_RUNS, default 3). A figure is the interaction's Event Timing duration (from the input to the
 * next paint after its handlers, as INP counts it); or, for a row with `shownBy`, from the input to
 * the frame after the element it names is on the screen, since what it opens may wait for code or
 * data that no event handler waits for.
 *
 * Table-driven: `prepare` brings the row's member's page to the moment before the act, and `act`
 * performs it and resolves once its result is on the screen.
 */
import type { BrowserContext, Page } from 'playwright-core';
import {
  BENCH_ADMIN,
  BENCH_MEMBER,
  BENCH_PHOTO,
  phonePage,
  signIn,
  type BenchMember,
} from './bench-web-members';

export interface BenchInteraction {
  name: string;
  /** Who acts: signed in on a phone-sized page before the first run. */
  member: BenchMember;
  /** The figure must stay under this, with the CPU slowed 4x. */
  targetMs: number;
  /** A CSS selector: the act is done when an element it matches shows. */
  shownBy?: string;
  prepare(page: Page, appUrl: string): Promise<void>;
  act(page: Page): Promise<void>;
}

/** The photo /rate shows, by its id in the address. */
const ratedPhotoId = (page: Page) => new URL(page.url()).pathname.split('/')[2] ?? '';

export const INTERACTIONS: BenchInteraction[] = [
  {
    name: 'Rate -> next photo',
    member: BENCH_ADMIN,
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
  {
    name: 'Photo detail, first open',
    member: BENCH_MEMBER,
    targetMs: 300,
    shownBy: '[role="dialog"]',
    async prepare(page, appUrl) {
      // The first time in the page's life: My Photos loaded anew, then left alone a moment, as a member
      // looks at it before opening a photo (the detail's code may be fetched while the browser is idle).
      await page.goto(`${appUrl}/photos`);
      await page.getByRole('button', { name: `Open ${BENCH_PHOTO.caption}` }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
    },
    async act(page) {
      await page.getByRole('button', { name: `Open ${BENCH_PHOTO.caption}` }).click();
      await page.getByRole('dialog', { name: BENCH_PHOTO.caption }).waitFor();
    },
  },
];

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

interface BenchWindow {
  benchDurations: number[];
  benchShownMs: number | null;
}

/**
 * The act's figure: with `shownBy`, the time from its first input to the frame after the element
 * shows; else the longest Event Timing entry of its interaction (null if under the floor).
 */
async function timed(page: Page, interaction: BenchInteraction): Promise<number | null> {
  await page.evaluate(
    ({ floor, selector }) => {
      const bench = window as unknown as BenchWindow;
      bench.benchDurations = [];
      bench.benchShownMs = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          if (entry.interactionId > 0) bench.benchDurations.push(entry.duration);
      }).observe({ type: 'event', durationThreshold: floor } as PerformanceObserverInit);
      if (!selector) return;
      let input: number | undefined;
      addEventListener('pointerdown', (event) => (input ??= event.timeStamp), { capture: true });
      const observer = new MutationObserver(() => {
        const element = document.querySelector(selector);
        if (input === undefined || !element?.checkVisibility()) return;
        observer.disconnect();
        const since = input;
        // A frame's callbacks run before it is painted; a task queued from one runs after the paint.
        requestAnimationFrame(() => setTimeout(() => (bench.benchShownMs = performance.now() - since)));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    },
    { floor: EVENT_TIMING_FLOOR_MS, selector: interaction.shownBy ?? '' },
  );
  await interaction.act(page);
  // Entries arrive after the paint they end at.
  await page.waitForTimeout(500);
  const { durations, shownMs } = await page.evaluate(() => {
    const bench = window as unknown as BenchWindow;
    return { durations: bench.benchDurations, shownMs: bench.benchShownMs };
  });
  if (interaction.shownBy) {
    if (shownMs === null) throw new Error(`${interaction.name}: ${interaction.shownBy} never showed.`);
    return shownMs;
  }
  return durations.length > 0 ? Math.max(...durations) : null;
}

export async function measureInteractions(
  context: BrowserContext,
  appUrl: string,
  interactions: BenchInteraction[],
  runs: number,
): Promise<InteractionFigure[]> {
  const { page, cdp } = await phonePage(context);
  const figures: InteractionFigure[] = [];
  let signedIn: BenchMember | undefined;
  try {
    for (const interaction of interactions) {
      if (signedIn !== interaction.member) await signIn(page, appUrl, interaction.member);
      signedIn = interaction.member;
      const runsMs: Array<number | null> = [];
      for (let run = 0; run < runs; run++) {
        await interaction.prepare(page, appUrl);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        try {
          runsMs.push(await timed(page, interaction));
        } finally {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        }
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
    await page.close();
  }
  return figures;
}

export function describeFigure(figure: InteractionFigure): string {
  const shown = (ms: number | null) =>
    ms === null ? `<${EVENT_TIMING_FLOOR_MS} ms` : `${Math.round(ms)} ms`;
  const within = (figure.medianMs ?? 0) < figure.targetMs;
  return `${figure.name.padEnd(26)} ${shown(figure.medianMs).padStart(8)} (runs ${figure.runsMs.map(shown).join(', ')})   target ${figure.targetMs} ms at ${CPU_SLOWDOWN}x CPU slowdown: ${within ? 'within target' : 'ABOVE TARGET'}`;
}
