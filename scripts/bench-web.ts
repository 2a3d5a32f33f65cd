/**
 * `npm run bench:web`: the app on a phone, as Lighthouse measures it (its default mobile preset: a
 * mid-range phone, slow 4G, 4x CPU slowdown). Builds the app, starts the local stack on ports of its
 * own (BENCH_PORT_BASE, default 24000) with a fresh demo data folder, and runs Lighthouse against
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium) on each page of PAGES, BENCH_RUNS times (default
 * 3), printing the medians of its scores and LCP beside the LCP of a static page (no script at all)
 * showing the same largest image and heading, in the same state of the device: the floor the page
 * could reach.
 *
 * Table-driven: a new row measures a new page. Each row says the state of the device it is measured
 * in, as members meet it (`DeviceState`): a first visit with nothing on the device; a returning
 * member, signed in, whose service worker is installed and whose browser kept its cache; and, as
 * information only, the state earlier benches measured (signed in, the app's saved data kept, the
 * service worker and the HTTP cache gone). A `floor` given as a function finds the page's image on
 * the page itself. Then the member interactions of `bench-web-interactions.ts` (INTERACTIONS), timed with the
 * CPU slowed 4x, each against its target; then axe on every screen and dialog of `bench-web-axe.ts`
 * (AXE_SCREENS), in light and dark mode, against its target of no serious or critical violation.
 *
 * BENCH_REPORT_DIR keeps each Lighthouse run's report and trace there, for reading one afterwards.
 *
 * BENCH_PAGES (comma-separated names of pages, interactions or axe screens, or paths; `my-photos` for
 * 'My Photos'; or a whole group: `lighthouse`, `interactions`, `axe`) runs only those:
 * `BENCH_PAGES=/rate BENCH_RUNS=1 npm run bench:web`.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { AXE_SCREENS, checkScreens, reportAxe } from './bench-web-axe';
import { describeFigure, INTERACTIONS, measureInteractions } from './bench-web-interactions';
import {
  addSignIn,
  BENCH_ADMIN,
  BENCH_MEMBER,
  BENCH_PHOTO,
  clearDevice,
  phonePage,
  signIn,
  type BenchMember,
} from './bench-web-members';
import { selectedRows, slug } from './bench-web-rows';
import { findFreePorts, PROJECT_ID, startLocalStack } from './local-stack';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
type Targets = Partial<Record<Category, number>>;

/** The public pages: found by search engines, so SEO counts. */
const PUBLIC_TARGETS: Targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** A member's screens: kept out of search engines (noindex), so SEO is not theirs to score. */
const MEMBER_TARGETS: Targets = { performance: 95, accessibility: 100, 'best-practices': 100 };

/** What the static twin of a page shows: its largest image (its LCP element's), if any, and its first text. */
export interface Floor {
  image: string | null;
  heading: string;
}

/**
 * The state of the device a page is measured in: `first visit`, nothing on it; `returning`, a member
 * signed in whose service worker is installed and whose browser kept its HTTP cache (the page opened
 * once before each run); `cold`, signed in with the app's saved data kept but the service worker and
 * the HTTP cache gone, as earlier benches measured: information only, counted toward no target.
 */
export type DeviceState = 'first visit' | 'returning' | 'cold';

export interface BenchPage {
  name: string;
  path: string;
  state: DeviceState;
  targets: Targets;
  /** Who is signed in: nobody on the public pages. */
  member?: BenchMember;
  /** The static twin's content; a function finds it on the page (signed in) when it is not fixed. */
  floor?: Floor | ((page: Page, appUrl: string) => Promise<Floor>);
  /** The most the page's LCP may be over its floor's. */
  lcpRatioTarget?: number;
}

/** A member's screen as a returning member opens it, and as information in the earlier benches' state. */
function memberScreen(
  name: string,
  path: string,
  member: BenchMember,
  floor: BenchPage['floor'],
): BenchPage[] {
  return [
    { name, path, state: 'returning', targets: MEMBER_TARGETS, member, floor, lcpRatioTarget: 1.3 },
    { name: `${name} (cold)`, path, state: 'cold', targets: MEMBER_TARGETS, member, floor },
  ];
}

export const PAGES: BenchPage[] = [
  {
    name: 'landing page',
    path: '/',
    state: 'first visit',
    targets: PUBLIC_TARGETS,
    floor: { image: '/images/portrait-leo.webp', heading: 'Find your best photo' },
  },
  {
    name: 'login',
    path: '/login',
    state: 'first visit',
    targets: PUBLIC_TARGETS,
    floor: { image: null, heading: 'Sign in' },
  },
  {
    name: 'register',
    path: '/register',
    state: 'first visit',
    targets: PUBLIC_TARGETS,
    floor: { image: null, heading: 'Sign up' },
  },
  {
    name: 'blog',
    path: '/blog',
    state: 'first visit',
    targets: PUBLIC_TARGETS,
    floor: { image: '/images/blog-light.webp', heading: 'Blog' },
  },
  {
    name: 'article',
    path: '/article/light-makes-the-photo',
    state: 'first visit',
    targets: PUBLIC_TARGETS,
    floor: {
      image: '/images/blog-light.webp',
      heading: 'Light makes the photo: five minutes to a better profile picture',
    },
  },
  ...memberScreen('/rate', '/rate', BENCH_ADMIN, firstPhotoToRate),
  ...memberScreen('My Photos', '/photos', BENCH_MEMBER, largestImageOn('/photos')),
  ...memberScreen(
    'photo detail',
    `/photos?photo=${BENCH_PHOTO.id}`,
    BENCH_MEMBER,
    largestImageOn(`/photos?photo=${BENCH_PHOTO.id}`),
  ),
  ...memberScreen('/profile', '/profile', BENCH_MEMBER, largestImageOn('/profile')),
  ...memberScreen('/leaderboard', '/leaderboard', BENCH_MEMBER, largestImageOn('/leaderboard')),
];

/**
 * A member's screen's floor: its largest image in view once it has settled (none if it shows none)
 * and its first heading, as the member's own screen shows them.
 */
function largestImageOn(screenPath: string): (page: Page, appUrl: string) => Promise<Floor> {
  return async (page, appUrl) => {
    await page.goto(`${appUrl}${screenPath}`);
    await page.waitForLoadState('networkidle');
    // No named functions inside: the page would not know the helper tsx names them with.
    return page.evaluate(() => {
      let largest: { src: string; area: number } | null = null;
      for (const image of Array.from(document.images)) {
        const box = image.getBoundingClientRect();
        const area = box.width * box.height;
        const inView = image.complete && image.naturalWidth > 0 && box.top < innerHeight && box.bottom > 0;
        if (inView && area > (largest?.area ?? 0)) largest = { src: image.currentSrc, area };
      }
      const heading = document.querySelector('h1, h2, [role="heading"]')?.textContent?.trim() ?? '';
      return { image: largest?.src ?? null, heading };
    });
  };
}

/**
 * The photo /rate shows first (its feed's first), as the member's own /rate loads it; the feed's saved
 * copy this leaves is cleared before each run.
 */
async function firstPhotoToRate(page: Page, appUrl: string): Promise<Floor> {
  await page.goto(`${appUrl}/rate`);
  await page.waitForURL(/\/rate\/.+/);
  const image = await page.waitForFunction(
    () =>
      Array.from(document.images).find((shown) => shown.draggable === false && shown.complete)?.currentSrc,
  );
  const src = (await image.jsonValue()) as string;
  return { image: src, heading: 'How does this person come across?' };
}

const RUNS = runsFromEnv();

function runsFromEnv(): number {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a whole number from 1.');
  return runs;
}

interface Measure {
  scores: Record<Category, number>;
  lcpMs: number;
  /** What the LCP was, as Lighthouse names the element. */
  lcpElement: string;
  fcpMs: number;
  tbtMs: number;
  /** The audits that cost a score other than performance its points, by category. */
  failedAudits: string[];
}

interface ElementDetails {
  items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }>;
}

/** The static twin of a page: the same image and heading, no script, no styles sheet. */
function staticTwin(name: string, floor: Floor): string {
  const image = floor.image ? `<img src="${floor.image}" alt="" style="max-width:100%;height:auto">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} (static)</title><meta name="description" content="The static twin of ${name}."></head><body style="font-family:system-ui;margin:16px"><h1>${floor.heading}</h1>${image}</body></html>`;
}

/**
 * A returning member's device: the page opened once, so its service worker is installed and in
 * control, its precache and the photos it showed are kept, and the browser's HTTP cache holds what
 * it fetched; Lighthouse then loads it again with all of that kept.
 */
async function openOnceBefore(context: BrowserContext, url: string, app: boolean): Promise<void> {
  const tab = await context.newPage();
  try {
    await tab.goto(url);
    if (app)
      await tab.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistration())?.active,
        undefined,
        { timeout: 60_000, polling: 250 },
      );
    await tab.waitForLoadState('networkidle');
  } finally {
    await tab.close();
  }
}

/** The device, before a run, in the state the row is measured in. */
async function prepareDevice(context: BrowserContext, appUrl: string, page: BenchPage): Promise<void> {
  if (page.state === 'first visit') return clearDevice(context, appUrl, 'nothing');
  await clearDevice(context, appUrl, 'sign-in');
  if (page.state === 'returning') await openOnceBefore(context, `${appUrl}${page.path}`, true);
}

/** The floor's device in the same state: nothing in the browser's cache, or the twin's image already there. */
async function prepareFloor(
  context: BrowserContext,
  appUrl: string,
  page: BenchPage,
  twinUrl: string,
): Promise<void> {
  if (page.state === 'returning') return openOnceBefore(context, twinUrl, false);
  await clearDevice(context, appUrl, page.member ? 'sign-in' : 'nothing');
}

/**
 * Where a static twin is served: the app's server under another origin (127.0.0.1 for localhost), so
 * no service worker of the app's answers it, whatever state the app's origin is in.
 */
function twinOrigin(appUrl: string): string {
  const url = new URL(appUrl);
  url.hostname = url.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return url.origin;
}

/**
 * One Lighthouse run. Lighthouse's own reset between runs would sign the member out (it clears the
 * origin's storage), so `clearDevice` does what it would, minus the sign-in, before each run.
 */
async function measure(url: string, chromePort: number, scored: readonly Category[]): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...scored],
    // Pictures of the page are for people reading a report; nothing here reads them.
    skipAudits: ['full-page-screenshot', 'screenshot-thumbnails', 'final-screenshot'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const reports = process.env.BENCH_REPORT_DIR;
  if (reports) {
    // For reading a run afterwards: the report and the page's trace, named by the page and the time.
    mkdirSync(reports, { recursive: true });
    const name = `${slug(new URL(url).pathname) || 'home'}-${Date.now()}`;
    writeFileSync(path.join(reports, `${name}.report.json`), JSON.stringify(result.lhr));
    writeFileSync(path.join(reports, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const element = (audits['largest-contentful-paint-element']?.details as ElementDetails | undefined)
    ?.items?.[0]?.items?.[0]?.node?.snippet;
  const failedAudits = scored
    .filter((category) => category !== 'performance')
    .flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    );
  return {
    failedAudits,
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    lcpElement: (element ?? '?').slice(0, 90),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Each figure's median over the runs, and the LCP element of the run with the median LCP. */
function medianOf(runs: Measure[]): Measure {
  const lcpMs = median(runs.map((run) => run.lcpMs));
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, median(runs.map((run) => run.scores[category]))]),
    ) as Record<Category, number>,
    lcpMs,
    lcpElement: runs.find((run) => run.lcpMs === lcpMs)?.lcpElement ?? '?',
    fcpMs: median(runs.map((run) => run.fcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    failedAudits: [...new Set(runs.flatMap((run) => run.failedAudits))],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** Measures the pages, prints a line each, and says how many pages missed a target. */
async function measurePages(
  pages: BenchPage[],
  context: BrowserContext,
  appUrl: string,
  chromePort: number,
  staticDir: string,
): Promise<number> {
  let failures = 0;
  let signedIn: BenchMember | undefined;
  console.log(
    `${'page'.padEnd(20)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)} ${'LCP'.padStart(8)} ${'floor LCP'.padStart(10)} ${'ratio'.padStart(6)}`,
  );
  for (const page of pages) {
    let floor = typeof page.floor === 'function' ? undefined : page.floor;
    if (page.member !== signedIn || typeof page.floor === 'function') {
      const tab = await context.newPage();
      try {
        if (page.member && page.member !== signedIn) await signIn(tab, appUrl, page.member);
        if (!page.member) await clearDevice(context, appUrl, 'nothing');
        if (typeof page.floor === 'function') floor = await page.floor(tab, appUrl);
      } finally {
        await tab.close();
      }
      signedIn = page.member;
    }
    const twin = `bench-static/${slug(page.name)}.html`;
    if (floor) writeFileSync(path.join(staticDir, path.basename(twin)), staticTwin(page.name, floor));
    const real: Measure[] = [];
    const floors: Measure[] = [];
    for (let run = 0; run < RUNS; run++) {
      await prepareDevice(context, appUrl, page);
      real.push(await measure(`${appUrl}${page.path}`, chromePort, Object.keys(page.targets) as Category[]));
      if (!floor) continue;
      const twinUrl = `${twinOrigin(appUrl)}/${twin}`;
      await prepareFloor(context, appUrl, page, twinUrl);
      // The floor's LCP is all that is read of it.
      floors.push(await measure(twinUrl, chromePort, ['performance']));
    }
    const measured = medianOf(real);
    const floorLcp = floor ? medianOf(floors).lcpMs : undefined;
    const ratio = floorLcp === undefined ? undefined : measured.lcpMs / floorLcp;
    const short: string[] = (Object.keys(page.targets) as Category[]).filter(
      (category) => measured.scores[category] < page.targets[category]!,
    );
    if (page.lcpRatioTarget !== undefined && ratio !== undefined && ratio > page.lcpRatioTarget)
      short.push(`LCP ${ratio.toFixed(2)}x the floor's (target ${page.lcpRatioTarget}x)`);
    const informational = page.state === 'cold';
    if (short.length > 0 && !informational) failures += 1;
    const score = (category: Category) =>
      (category in page.targets ? String(measured.scores[category]) : '-').padStart(5);
    console.log(
      `${page.name.padEnd(20)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')} ${ms(measured.lcpMs).padStart(8)} ${(floorLcp === undefined ? '-' : ms(floorLcp)).padStart(10)} ${(ratio === undefined ? '-' : ratio.toFixed(2)).padStart(6)}   ${short.length ? `${informational ? 'below' : 'BELOW'} TARGET: ${short.join(', ')}` : 'within targets'}${informational ? ' (information only)' : ''}`,
    );
    console.log(
      `${''.padEnd(20)} ${page.state}: FCP ${ms(measured.fcpMs)}, TBT ${ms(measured.tbtMs)}, LCP element ${measured.lcpElement}${page.member ? ` (signed in as ${page.member.name})` : ''}`,
    );
    if (measured.failedAudits.length > 0)
      console.log(`${''.padEnd(20)} audits failed in some run: ${measured.failedAudits.join(', ')}`);
  }
  console.log(
    `Targets (Lighthouse mobile preset, median of ${RUNS}): performance 95 on every page, accessibility and best practices 100, SEO 100 on the public pages; a returning member's screens' LCP at most 1.3x their floor's (a static page with the same image and heading, its image in the browser's cache); the cold rows are information only.`,
  );
  return failures;
}

async function main(): Promise<number> {
  const started = performance.now();
  const pages = selectedRows(PAGES, 'lighthouse');
  const interactions = selectedRows(INTERACTIONS, 'interactions');
  const screens = selectedRows(AXE_SCREENS, 'axe');
  if (pages.length + interactions.length + screens.length === 0)
    throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names no page or interaction of the bench.`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-web-'));
  const buildDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-web-build-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-web-browser-'));
  const ports = await findFreePorts(Number(process.env.BENCH_PORT_BASE ?? 24000));
  console.log('Building the app and starting the local stack...');
  const stack = await startLocalStack({ dataDir, ports, buildDir, rebuild: 'always', quiet: true });
  const chromePort = await freePort();
  let context: BrowserContext | undefined;
  const summary: string[] = [];
  let failures = 0;
  const tally = (part: string, missed: number, of: number, what: string) => {
    failures += missed;
    summary.push(`${part.padEnd(20)} ${of - missed} of ${of} ${what}`);
  };
  try {
    await addSignIn(stack.authUrl, PROJECT_ID, BENCH_MEMBER);
    // Debian's Chromium, driven by Lighthouse over its debugging port. One profile for both, so a member
    // signed in by the bench is signed in on the tabs Lighthouse opens; no viewport of Playwright's own
    // on them, so Lighthouse's phone emulation holds.
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      viewport: null,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--remote-debugging-port=${chromePort}`,
      ],
    });
    const staticDir = path.join(buildDir, 'bench-static');
    mkdirSync(staticDir, { recursive: true });
    if (pages.length > 0) {
      const missed = await measurePages(pages, context, stack.appUrl, chromePort, staticDir);
      const counted = pages.filter((page) => page.state !== 'cold').length;
      tally('Lighthouse', missed, counted, 'pages within their targets (cold rows not counted)');
    }
    if (interactions.length > 0) {
      console.log(`\nInteractions (median of ${RUNS}):`);
      let missed = 0;
      for (const figure of await measureInteractions(context, stack.appUrl, interactions, RUNS)) {
        if ((figure.medianMs ?? 0) >= figure.targetMs) missed += 1;
        console.log(describeFigure(figure));
      }
      tally('interactions', missed, interactions.length, 'within their targets');
    }
    if (screens.length > 0) {
      // Maya's photo shared by her, so its public page shows it.
      await stack.store.runTransaction(async (tx) =>
        tx.update(`users/${BENCH_MEMBER.uid}/photos/${BENCH_PHOTO.id}`, { sharedAt: new Date() }),
      );
      console.log('\naxe on every screen and dialog:');
      const { page } = await phonePage(context);
      try {
        const figures = await checkScreens(page, stack.appUrl, screens);
        const missed = reportAxe(figures);
        tally(
          'axe',
          missed,
          figures.length,
          'screens and dialogs (in each mode) without a serious or critical violation',
        );
      } finally {
        await page.close();
      }
    }
  } finally {
    await context?.close();
    await stack.stop();
    // The traces' scripts, with their source maps, so a sample's minified name can be looked up.
    if (process.env.BENCH_TRACE)
      cpSync(path.join(buildDir, 'assets'), path.join(process.env.BENCH_TRACE, 'assets'), {
        recursive: true,
      });
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`\nSummary (${Math.floor(seconds / 60)} min ${seconds % 60} s in all):`);
  for (const line of summary) console.log(`  ${line}`);
  return failures;
}

process.exitCode = (await main()) > 0 ? 1 : 0;
