/**
 * `npm run bench:profile`: where a member screen's start spends the main thread, as `bench:web`'s
 * Lighthouse runs see it. Builds the app with source maps, starts the local stack on ports of its own
 * (BENCH_PORT_BASE, default 26000), signs the screen's demo member in as `bench:web` does, and loads
 * the screen BENCH_RUNS times (default 1) with the CPU slowed 4x and each run's caches cleared, taking
 * a V8 CPU profile of each. Prints, per run, the LCP (the CPU slowed, the network not) and, over the
 * runs, the functions with the most self time, the longest tasks with the time under each function in
 * them, and what evaluating each script's top level cost, each function named as in the source.
 *
 * BENCH_PROFILE_ROUTE (default /rate; /photos, /profile, /leaderboard, or any member path),
 * BENCH_PROFILE_TOP (functions listed, default 40), BENCH_PROFILE_TASKS (tasks listed, default 5),
 * BENCH_PROFILE_WAIT_MS (how long a run records, default 6000), BENCH_PROFILE_CALLERS (functions whose
 * nearest callers to list, comma-separated: a native one such as `appendChild`):
 * `BENCH_PROFILE_ROUTE=/leaderboard BENCH_RUNS=3 npm run bench:profile`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { addSignIn, BENCH_ADMIN, BENCH_MEMBER, clearDevice, phonePage, signIn } from './bench-web-members';
import {
  callersOf,
  largest,
  moduleTimes,
  selfTimes,
  tasksOf,
  type CallFrame,
  type CpuProfile,
} from './cpu-profile';
import { findFreePorts, PROJECT_ID, startLocalStack } from './local-stack';

const ROUTE = process.env.BENCH_PROFILE_ROUTE ?? '/rate';
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 40);
const TASKS = Number(process.env.BENCH_PROFILE_TASKS ?? 5);
const WAIT_MS = Number(process.env.BENCH_PROFILE_WAIT_MS ?? 6000);
/** Functions whose callers to list (comma-separated names, such as a native `appendChild`). */
const CALLERS = (process.env.BENCH_PROFILE_CALLERS ?? '')
  .split(',')
  .map((entry) => entry.trim())
  .filter(Boolean);
/** Lighthouse's mobile preset slows the CPU this much. */
const CPU_SLOWDOWN = 4;
/** Fine enough to see a component's render; V8's default of 1 ms hides most of them. */
const SAMPLE_INTERVAL_US = 200;

/** Names a frame by its function and place in the source, through the build's source maps. */
function sourceNames(assetsDir: string): (frame: CallFrame) => string {
  const maps = new Map<string, SourceMapConsumer | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapPath = path.join(assetsDir, `${file}.map`);
      maps.set(
        file,
        existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null,
      );
    }
    return maps.get(file);
  };
  return (frame) => {
    const file = frame.url.split('/').pop() ?? '';
    const original = file.endsWith('.js')
      ? mapOf(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber })
      : undefined;
    const name = original?.name ?? (frame.functionName || '(anonymous)');
    if (!original?.source) return file ? `${name} ${file}:${frame.lineNumber + 1}` : name;
    const source = original.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/');
    return `${name} ${source}:${original.line}`;
  };
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function main(): Promise<void> {
  const member = ROUTE.startsWith('/rate') ? BENCH_ADMIN : BENCH_MEMBER;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-profile-'));
  const buildDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-profile-build-'));
  const profileDir = mkdtempSync(path.join(tmpdir(), 'photorater-bench-profile-browser-'));
  const ports = await findFreePorts(Number(process.env.BENCH_PORT_BASE ?? 26000));
  console.log('Building the app and starting the local stack...');
  const stack = await startLocalStack({ dataDir, ports, buildDir, rebuild: 'always', quiet: true });
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    viewport: null,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    await addSignIn(stack.authUrl, PROJECT_ID, BENCH_MEMBER);
    const { page: first } = await phonePage(context);
    await signIn(first, stack.appUrl, member);
    await first.close();
    const name = sourceNames(path.join(buildDir, 'assets'));
    const self = new Map<string, number>();
    const modules = new Map<string, number>();
    const tasks: ReturnType<typeof tasksOf> = [];
    const callers = new Map<string, Map<string, number>>();
    console.log(`\n${ROUTE} as ${member.name}, the CPU slowed ${CPU_SLOWDOWN}x, ${RUNS} run(s):`);
    for (let run = 1; run <= RUNS; run++) {
      await clearDevice(context, stack.appUrl, 'sign-in');
      const { page, cdp } = await phonePage(context);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLE_INTERVAL_US });
      await cdp.send('Profiler.start');
      await page.goto(`${stack.appUrl}${ROUTE}`);
      await page.waitForTimeout(WAIT_MS);
      const lcp = await page.evaluate(
        () =>
          new Promise<number | null>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            });
            setTimeout(() => resolve(null), 1000);
          }),
      );
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
      await page.close();
      console.log(`  run ${run}: LCP ${lcp === null ? 'none' : `${Math.round(lcp)} ms`}`);
      for (const [key, value] of selfTimes(profile, name)) self.set(key, (self.get(key) ?? 0) + value / RUNS);
      for (const [key, value] of moduleTimes(profile))
        modules.set(key, (modules.get(key) ?? 0) + value / RUNS);
      tasks.push(...tasksOf(profile, name));
      for (const leaf of CALLERS) {
        const totals = callers.get(leaf) ?? new Map<string, number>();
        for (const [key, value] of callersOf(profile, name, leaf))
          totals.set(key, (totals.get(key) ?? 0) + value / RUNS);
        callers.set(leaf, totals);
      }
    }
    console.log(`\nSelf time by function (mean of the runs):`);
    for (const [key, value] of largest(self, TOP)) console.log(`${ms(value)}  ${key}`);
    console.log(`\nThe longest tasks (of all runs), with the time under each function in them:`);
    for (const task of tasks.sort((a, b) => b.durationMs - a.durationMs).slice(0, TASKS)) {
      console.log(`  at ${Math.round(task.startMs)} ms, ${task.durationMs.toFixed(0)} ms:`);
      for (const [key, value] of largest(task.inclusive, 20)) console.log(`  ${ms(value)}  ${key}`);
    }
    for (const [leaf, totals] of callers) {
      console.log(`\nWho calls ${leaf} (mean of the runs, its nearest callers first):`);
      for (const [key, value] of largest(totals, 12)) console.log(`${ms(value)}  ${key}`);
    }
    console.log(`\nEvaluating each script's top level (mean of the runs):`);
    for (const [key, value] of largest(modules, 25)) console.log(`${ms(value)}  ${key}`);
  } finally {
    await context.close();
    await stack.stop();
    for (const dir of [dataDir, buildDir, profileDir]) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
