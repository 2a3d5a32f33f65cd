/**
 * The interactions `npm run bench:web` times on a member's screens, with the CPU slowed 4x (CDP's
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset slows it), the median of the runs
 * (BENCH_RUNS, default 3). A figure is the act's Event Timing duration (from the input to the next
 * paint after its handlers, as INP counts it: the longest entry of the interactions that start once
 * the act does, so an interaction of the preparation reported late is not counted), printed with
 * its interaction's split (input delay, processing, presentation); or, for a row with `shownBy`, from the
 * input to the frame after the element it names is on the screen, since what it opens may wait for
 * code or data that no event handler waits for.
 *
 * BENCH_TRACE=<folder> also writes a Chromium trace of each act there (`<row>-<run>.json`; Perfetto
 * or DevTools' Performance panel open it): the main thread and its script's samples, frames, image
 * decoding and raster; `bench-web.ts` keeps the build's scripts and source maps beside them.
 *
 * Table-driven: `prepare` brings the row's member's page to the moment before the act, and `act`
 * performs it and resolves once its result is on the screen.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import {
  BENCH_ADMIN,
  BENCH_MEMBER,
  BENCH_PHOTO,
  phonePage,
  signIn,
  type BenchMember,
} from './bench-web-members';
import { slug } from './bench-web-rows';

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
      // The hearts' own paint is over before the act: its Event Timing entry is not the vote's.
      await page.getByRole('button', { name: 'Rate', exact: true }).and(page.locator(':enabled')).waitFor();
      await page.waitForTimeout(500);
    },
    async act(page) {
      const before = ratedPhotoId(page);
      // The frame right after the press must show the next photo, loaded: else Event Timing would time
      // a frame with an empty box.
      const nextShown = page.evaluate(
        (selector) =>
          new Promise<boolean>((resolve) => {
            const src = document.querySelector<HTMLImageElement>(selector)?.currentSrc;
            addEventListener(
              'click',
              () =>
                requestAnimationFrame(() => {
                  const photo = document.querySelector<HTMLImageElement>(selector);
                  resolve(Boolean(photo?.complete && photo.naturalWidth > 0 && photo.currentSrc !== src));
                }),
              { capture: true, once: true },
            );
          }),
        // The photo shown: the one under it has no text.
        'img[draggable="false"]:not([alt=""])',
      );
      await page.getByRole('button', { name: 'Rate', exact: true }).click();
      if (!(await nextShown)) throw new Error('The frame after Rate did not show the next photo, loaded.');
      await page.waitForFunction((id) => !location.pathname.endsWith(`/${id}`), before);
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
  /** The median run's longest interaction, split; null when it had none over the floor. */
  medianSplit: EventSplit | null;
}

/**
 * The act's longest interaction, split as INP is: waiting for its first handler, its events' handlers,
 * and from the last handler's end to the paint (a tap's events run apart, so the parts need not add up).
 */
interface EventSplit {
  durationMs: number;
  inputDelayMs: number;
  processingMs: number;
  presentationMs: number;
}

/** What the page keeps of an Event Timing entry. */
interface EventEntry {
  interactionId: number;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

interface BenchWindow {
  benchEvents: EventEntry[];
  benchShownMs: number | null;
  /** Stops the last act's observers: the page lives on to the next run, and so would they. */
  benchDisarm?: () => void;
}

/**
 * The act's figure: with `shownBy`, the time from its first input to the frame after the element
 * shows; else the longest Event Timing entry of its interactions (null if under the floor). Beside it,
 * that interaction's split.
 */
async function timed(
  page: Page,
  interaction: BenchInteraction,
): Promise<{ ms: number | null; split: EventSplit | null }> {
  await page.evaluate(
    ({ floor, selector }) => {
      const bench = window as unknown as BenchWindow;
      bench.benchDisarm?.();
      const events: EventEntry[] = (bench.benchEvents = []);
      bench.benchShownMs = null;
      // An interaction of the preparation may be reported only now, after its paint: it is not the act's.
      const armedAt = performance.now();
      const timing = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEventTiming[])
          if (entry.interactionId > 0 && entry.startTime >= armedAt)
            events.push({
              interactionId: entry.interactionId,
              startTime: entry.startTime,
              processingStart: entry.processingStart,
              processingEnd: entry.processingEnd,
              duration: entry.duration,
            });
      });
      timing.observe({ type: 'event', durationThreshold: floor } as PerformanceObserverInit);
      bench.benchDisarm = () => timing.disconnect();
      if (!selector) return;
      let input: number | undefined;
      const stop = new AbortController();
      addEventListener('pointerdown', (event) => (input ??= event.timeStamp), {
        capture: true,
        signal: stop.signal,
      });
      const observer = new MutationObserver(() => {
        const element = document.querySelector(selector);
        if (input === undefined || !element?.checkVisibility()) return;
        observer.disconnect();
        const since = input;
        // A frame's callbacks run before it is painted; a task queued from one runs after the paint.
        requestAnimationFrame(() => setTimeout(() => (bench.benchShownMs = performance.now() - since)));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      bench.benchDisarm = () => {
        timing.disconnect();
        observer.disconnect();
        stop.abort();
      };
    },
    { floor: EVENT_TIMING_FLOOR_MS, selector: interaction.shownBy ?? '' },
  );
  await interaction.act(page);
  // Entries arrive after the paint they end at.
  await page.waitForTimeout(500);
  const { events, shownMs } = await page.evaluate(() => {
    const bench = window as unknown as BenchWindow;
    return { events: bench.benchEvents, shownMs: bench.benchShownMs };
  });
  const split = longestInteraction(events);
  if (interaction.shownBy) {
    if (shownMs === null) throw new Error(`${interaction.name}: ${interaction.shownBy} never showed.`);
    return { ms: shownMs, split };
  }
  return { ms: split?.durationMs ?? null, split };
}

/** The interaction whose entries last longest, split; null if there is none. */
function longestInteraction(events: EventEntry[]): EventSplit | null {
  const byInteraction = new Map<number, EventEntry[]>();
  for (const event of events)
    byInteraction.set(event.interactionId, [...(byInteraction.get(event.interactionId) ?? []), event]);
  let longest: EventSplit | null = null;
  for (const entries of byInteraction.values()) {
    const durationMs = Math.max(...entries.map((entry) => entry.duration));
    if (longest && longest.durationMs >= durationMs) continue;
    const first = entries.reduce((a, b) => (a.startTime <= b.startTime ? a : b));
    const paintedAt = Math.max(...entries.map((entry) => entry.startTime + entry.duration));
    longest = {
      durationMs,
      inputDelayMs: first.processingStart - first.startTime,
      processingMs: entries.reduce((sum, entry) => sum + entry.processingEnd - entry.processingStart, 0),
      presentationMs: paintedAt - Math.max(...entries.map((entry) => entry.processingEnd)),
    };
  }
  return longest;
}

/** What Chromium's trace records of an act (BENCH_TRACE): the main thread and its script's samples, frames, decoding, raster. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'latencyInfo',
  'cc',
  'gpu',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
].join(',');

/** Runs the act inside a Chromium trace written to `file` (Perfetto and DevTools open it). */
async function traced<Result>(cdp: CDPSession, file: string, act: () => Promise<Result>): Promise<Result> {
  const events: unknown[] = [];
  const collect = (data: { value: unknown[] }) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  try {
    return await act();
  } finally {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    writeFileSync(file, JSON.stringify({ traceEvents: events }));
  }
}

export async function measureInteractions(
  context: BrowserContext,
  appUrl: string,
  interactions: BenchInteraction[],
  runs: number,
  traceDir = process.env.BENCH_TRACE,
): Promise<InteractionFigure[]> {
  const { page, cdp } = await phonePage(context);
  const figures: InteractionFigure[] = [];
  let signedIn: BenchMember | undefined;
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  try {
    for (const interaction of interactions) {
      if (signedIn !== interaction.member) await signIn(page, appUrl, interaction.member);
      signedIn = interaction.member;
      const measured: Array<{ ms: number | null; split: EventSplit | null }> = [];
      for (let run = 0; run < runs; run++) {
        await interaction.prepare(page, appUrl);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        try {
          const act = () => timed(page, interaction);
          measured.push(
            await (traceDir
              ? traced(cdp, path.join(traceDir, `${slug(interaction.name)}-${run + 1}.json`), act)
              : act()),
          );
        } finally {
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        }
      }
      const median = [...measured].sort((a, b) => (a.ms ?? 0) - (b.ms ?? 0))[Math.floor(runs / 2)]!;
      figures.push({
        name: interaction.name,
        targetMs: interaction.targetMs,
        medianMs: median.ms || null,
        runsMs: measured.map((run) => run.ms),
        medianSplit: median.split,
      });
    }
  } finally {
    await page.close();
  }
  return figures;
}

export function describeFigure(figure: InteractionFigure): string {
  const ms = (value: number) => `${Math.round(value)} ms`;
  const shown = (value: number | null) => (value === null ? `<${EVENT_TIMING_FLOOR_MS} ms` : ms(value));
  const within = (figure.medianMs ?? 0) < figure.targetMs;
  const split = figure.medianSplit;
  const parts = split
    ? `\n${''.padEnd(26)} its longest interaction ${ms(split.durationMs)}: input delay ${ms(split.inputDelayMs)}, processing ${ms(split.processingMs)}, presentation ${ms(split.presentationMs)}`
    : '';
  return `${figure.name.padEnd(26)} ${shown(figure.medianMs).padStart(8)} (runs ${figure.runsMs.map(shown).join(', ')})   target ${figure.targetMs} ms at ${CPU_SLOWDOWN}x CPU slowdown: ${within ? 'within target' : 'ABOVE TARGET'}${parts}`;
}
