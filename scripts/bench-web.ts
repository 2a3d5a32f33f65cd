/**
 * `npm run bench:web`: the public pages on a phone, as Lighthouse measures them (its default mobile
 * preset: a mid-range phone, slow 4G, 4x CPU slowdown). Builds the app, starts the local stack on
 * ports of its own (BENCH_PORT_BASE, default 24000) with a fresh demo data folder, and runs Lighthouse
 * against Chromium (CHROMIUM_PATH, default /usr/bin/chromium) on each page of PAGES, printing its
 * scores and LCP beside the LCP of a static page (no script at all) showing the same largest image:
 * the floor the page could reach. Targets: performance 95, accessibility, best practices and SEO 100.
 *
 * Table-driven: a new row measures a new page; `prepare` runs first (to sign in, say) and gets the
 * page's browser port. Then the member interactions of `bench-web-interactions.ts` (INTERACTIONS),
 * timed with the CPU slowed 4x, each against its target.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { describeFigure, measureInteractions } from './bench-web-interactions';
import { findFreePorts, startLocalStack } from './local-stack';

export interface BenchPage {
  name: string;
  path: string;
  /** The page's largest image (its LCP element's, where that is an image), for the static page beside it. */
  largestImage: string;
  /** The text the static page shows with the image, as the real page's first screen does. */
  heading: string;
  prepare?: (context: { appUrl: string; chromePort: number }) => Promise<void>;
}

export const PAGES: BenchPage[] = [
  {
    name: 'landing page',
    path: '/',
    largestImage: '/images/portrait-leo.webp',
    heading: 'Find your best photo',
  },
  { name: 'blog', path: '/blog', largestImage: '/images/blog-light.webp', heading: 'Blog' },
  {
    name: 'article',
    path: '/article/light-makes-the-photo',
    largestImage: '/images/blog-light.webp',
    heading: 'Light makes the photo: five minutes to a better profile picture',
  },
];

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
type Category = keyof typeof TARGETS;

interface Measure {
  scores: Record<Category, number>;
  lcpMs: number;
  /** What the LCP was, as Lighthouse names the element. */
  lcpElement: string;
  fcpMs: number;
  tbtMs: number;
}

interface ElementDetails {
  items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }>;
}

/** The static twin of a page: the same image and heading, no script, no styles sheet. */
function staticTwin(page: BenchPage): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.name} (static)</title><meta name="description" content="The static twin of ${page.name}."></head><body style="font-family:system-ui;margin:16px"><h1>${page.heading}</h1><img src="${page.largestImage}" alt="" style="max-width:100%;height:auto"></body></html>`;
}

async function measure(url: string, chromePort: number): Promise<Measure> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    (Object.keys(TARGETS) as Category[]).map((category) => [
      category,
      Math.round((categories[category]?.score ?? 0) * 100),
    ]),
  ) as Record<Category, number>;
  const element = (audits['largest-contentful-paint-element']?.details as ElementDetails | undefined)
    ?.items?.[0]?.items?.[0]?.node?.snippet;
  return {
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    lcpElement: (element ?? '?').slice(0, 90),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
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

async function main(): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-web-'));
  const buildDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-web-build-'));
  const ports = await findFreePorts(Number(process.env.BENCH_PORT_BASE ?? 24000));
  console.log('Building the app and starting the local stack...');
  const stack = await startLocalStack({ dataDir, ports, buildDir, rebuild: 'always', quiet: true });
  const chromePort = await freePort();
  // Debian's Chromium, driven by Lighthouse over its debugging port.
  const chrome = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      `--remote-debugging-port=${chromePort}`,
    ],
  });
  let failures = 0;
  try {
    mkdirSync(path.join(buildDir, 'bench-static'), { recursive: true });
    console.log(
      `${'page'.padEnd(16)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)} ${'LCP'.padStart(8)} ${'static LCP'.padStart(11)}`,
    );
    for (const page of PAGES) {
      await page.prepare?.({ appUrl: stack.appUrl, chromePort: chromePort });
      const twin = `bench-static/${page.name.replace(/\W+/g, '-')}.html`;
      writeFileSync(path.join(buildDir, twin), staticTwin(page));
      const real = await measure(`${stack.appUrl}${page.path}`, chromePort);
      const floor = await measure(`${stack.appUrl}/${twin}`, chromePort);
      const short = (Object.keys(TARGETS) as Category[]).filter(
        (category) => real.scores[category] < TARGETS[category],
      );
      failures += short.length;
      console.log(
        `${page.name.padEnd(16)} ${String(real.scores.performance).padStart(5)} ${String(real.scores.accessibility).padStart(5)} ${String(real.scores['best-practices']).padStart(5)} ${String(real.scores.seo).padStart(5)} ${`${Math.round(real.lcpMs)} ms`.padStart(8)} ${`${Math.round(floor.lcpMs)} ms`.padStart(11)}   ${short.length ? `BELOW TARGET: ${short.join(', ')}` : 'within targets'}`,
      );
      console.log(
        `${''.padEnd(16)} FCP ${Math.round(real.fcpMs)} ms, TBT ${Math.round(real.tbtMs)} ms, LCP element ${real.lcpElement}`,
      );
    }
    console.log(
      'Targets: performance 95, accessibility 100, best practices 100, SEO 100 (Lighthouse mobile preset).',
    );
    console.log('\nInteractions (Event Timing, median of 3):');
    for (const figure of await measureInteractions(chrome, stack.appUrl)) {
      if ((figure.medianMs ?? 0) >= figure.targetMs) failures += 1;
      console.log(describeFigure(figure));
    }
  } finally {
    await chrome.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
  return failures;
}

process.exitCode = (await main()) > 0 ? 1 : 0;
