/**
 * Reading a V8 CPU profile (CDP's `Profiler.stop`) as `npm run bench:profile` prints it: self time by
 * function, the main thread's tasks with the time spent under each function in them, and what
 * evaluating each script's top level cost. Times are in milliseconds; a sample counts for the time to
 * the next one.
 */

export interface CallFrame {
  functionName: string;
  url: string;
  /** 0-based, as V8 gives them. */
  lineNumber: number;
  columnNumber: number;
}

export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  /** Microseconds. */
  startTime: number;
  samples?: number[];
  /** Microseconds from the previous sample (the first from `startTime`). */
  timeDeltas?: number[];
}

/** How a frame is named in the figures: by function, or with where its code came from. */
export type FrameName = (frame: CallFrame) => string;

/** V8's own entries: waiting, and time it could not place. */
const NOT_WORK = new Set(['(idle)', '(program)', '(root)']);

export interface Task {
  /** From the profile's start. */
  startMs: number;
  durationMs: number;
  /** Time with each function on the stack, counted once per sample however deep it recurses. */
  inclusive: Map<string, number>;
}

interface Sample {
  node: number;
  atMs: number;
  ms: number;
}

function samplesOf(profile: CpuProfile): Sample[] {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let at = 0;
  return samples.map((node, index) => {
    at += (deltas[index] ?? 0) / 1000;
    return { node, atMs: at, ms: (deltas[index + 1] ?? 0) / 1000 };
  });
}

/** Each node's stack, leaf first, as node ids. */
function stacks(profile: CpuProfile): (node: number) => number[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  return (node) => {
    const stack: number[] = [];
    for (let id: number | undefined = node; id !== undefined; id = parent.get(id)) stack.push(id);
    return stack;
  };
}

function framesById(profile: CpuProfile): Map<number, CallFrame> {
  return new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
}

const add = (totals: Map<string, number>, key: string, ms: number) =>
  totals.set(key, (totals.get(key) ?? 0) + ms);

/** Time with each function on top of the stack; idle, the program's own and the root left out. */
export function selfTimes(profile: CpuProfile, name: FrameName): Map<string, number> {
  const frames = framesById(profile);
  const totals = new Map<string, number>();
  for (const { node, ms } of samplesOf(profile)) {
    const frame = frames.get(node);
    if (frame && !NOT_WORK.has(frame.functionName)) add(totals, name(frame), ms);
  }
  return totals;
}

/**
 * The main thread's tasks: runs of samples doing work, one task until a gap of idle longer than
 * `gapMs` (the browser's own work between a script's tasks is not sampled as idle).
 */
export function tasksOf(profile: CpuProfile, name: FrameName, gapMs = 0.3): Task[] {
  const frames = framesById(profile);
  const stackOf = stacks(profile);
  const tasks: Task[] = [];
  let current: (Task & { endMs: number }) | undefined;
  for (const { node, atMs, ms } of samplesOf(profile)) {
    if (frames.get(node)?.functionName === '(idle)') continue;
    if (!current || atMs - current.endMs > gapMs) {
      current = { startMs: atMs, endMs: atMs, durationMs: 0, inclusive: new Map() };
      tasks.push(current);
    }
    current.endMs = atMs + ms;
    current.durationMs = current.endMs - current.startMs;
    const counted = new Set<string>();
    for (const id of stackOf(node)) {
      const frame = frames.get(id);
      if (!frame || NOT_WORK.has(frame.functionName)) continue;
      const key = name(frame);
      if (counted.has(key)) continue;
      counted.add(key);
      add(current.inclusive, key, ms);
    }
  }
  return tasks.map(({ startMs, durationMs, inclusive }) => ({ startMs, durationMs, inclusive }));
}

/**
 * What evaluating each script's top level cost, with everything it called: the time under its module
 * body, the frame at line 0, column 0 of its URL. Keyed by the script's file name.
 */
export function moduleTimes(profile: CpuProfile): Map<string, number> {
  const frames = framesById(profile);
  const stackOf = stacks(profile);
  const totals = new Map<string, number>();
  for (const { node, ms } of samplesOf(profile)) {
    const counted = new Set<string>();
    for (const id of stackOf(node)) {
      const frame = frames.get(id);
      if (!frame?.url || frame.lineNumber !== 0 || frame.columnNumber !== 0) continue;
      const file = frame.url.split('/').pop() ?? frame.url;
      if (counted.has(file)) continue;
      counted.add(file);
      add(totals, file, ms);
    }
  }
  return totals;
}

/**
 * Who calls a function: the time with `leaf` on top of the stack (a native one such as `appendChild`
 * has no source of its own to read), by the chain of its `depth` nearest callers, nearest first.
 */
export function callersOf(
  profile: CpuProfile,
  name: FrameName,
  leaf: string,
  depth = 4,
): Map<string, number> {
  const frames = framesById(profile);
  const stackOf = stacks(profile);
  const totals = new Map<string, number>();
  for (const { node, ms } of samplesOf(profile)) {
    const top = frames.get(node);
    if (!top || top.functionName !== leaf) continue;
    const chain = stackOf(node)
      .slice(1)
      .map((id) => frames.get(id))
      .filter((frame): frame is CallFrame => frame !== undefined && !NOT_WORK.has(frame.functionName))
      .slice(0, depth)
      .map(name);
    add(totals, chain.join(' < ') || '(none)', ms);
  }
  return totals;
}

/** The largest entries, largest first. */
export function largest(totals: Map<string, number>, count: number): Array<[string, number]> {
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}
