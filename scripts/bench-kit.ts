/**
 * What the in-process benchmarks of `npm run bench` share: a deterministic generator for their data
 * sets, percentiles of timed calls, and a handler context over a benchmark's store that refuses what
 * no benchmark should do (analyse faces, delete or disable accounts, make admins), a scratch folder
 * each, and running one on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalFileStore } from '../functions/src/files/local-file-store';
import type { Caller, HandlerContext } from '../functions/src/handlers/handler';
import type { FaceAnalyzer } from '../functions/src/photos/face-analysis';
import type { Store } from '../functions/src/store/store';
import { caller as callerOf } from '../functions/src/testing';

/** A small deterministic generator, so every run measures the same data. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

export function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

/** How many calls each figure times. */
export const TIMED_RUNS = 200;

/** The p95 of TIMED_RUNS timed calls, after one untimed call that warms the caches. */
export async function p95(run: (n: number) => Promise<unknown>): Promise<number> {
  await run(0);
  const samples: number[] = [];
  for (let n = 0; n < TIMED_RUNS; n++) {
    const started = performance.now();
    await run(n);
    samples.push(performance.now() - started);
  }
  return percentile(samples, 0.95);
}

/** A handler context for `who` (a uid, or a caller with claims) over the benchmark's store and folder. */
export function benchContext(
  name: string,
  store: Store,
  dir: string,
  options: { now?: () => Date } = {},
): (who: string | Caller) => HandlerContext {
  const refuse = (what: string) => () => Promise.reject(new Error(`The ${name} benchmark ${what}.`));
  const faces: FaceAnalyzer = { analyze: refuse('analyses no faces') };
  const files = new LocalFileStore(dir, 'http://files.test');
  return (who) => ({
    caller: typeof who === 'string' ? callerOf(who) : who,
    store,
    clock: { now: options.now ?? (() => new Date()) },
    files,
    faces,
    accounts: {
      deleteUser: refuse('deletes no accounts'),
      setDisabled: refuse('disables no accounts'),
      setAdminClaim: refuse('makes no admins'),
      revokeRefreshTokens: refuse('signs nobody out'),
    },
  });
}

/** Prints a benchmark's figures under its title, each against the target; true for each within it. */
export function printFigures(title: string, measured: Array<[string, number]>, targetMs: number): boolean[] {
  console.log(`\n${title}`);
  for (const [name, ms] of measured)
    console.log(
      `${name.padEnd(48)} ${ms.toFixed(1)} ms   target ${targetMs} ms   ${ms <= targetMs ? 'within' : 'OVER'}`,
    );
  return measured.map(([, ms]) => ms <= targetMs);
}

/** Runs `bench` in a new folder of its own, removed afterwards whatever happens. */
export async function inScratchFolder<T>(name: string, bench: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), `photorater-bench-${name}-`));
  try {
    return await bench(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a benchmark when its file is the one started (`tsx scripts/bench-x.ts`); failing when a figure is over. */
export async function runWhenStarted(moduleUrl: string, bench: () => Promise<boolean[]>): Promise<void> {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  if ((await bench()).includes(false)) process.exitCode = 1;
}
