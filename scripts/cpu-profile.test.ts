import { describe, expect, it } from 'vitest';
import {
  callersOf,
  largest,
  moduleTimes,
  selfTimes,
  tasksOf,
  type CallFrame,
  type CpuProfile,
} from './cpu-profile';

const frame = (functionName: string, url = '', lineNumber = 4, columnNumber = 2): CallFrame => ({
  functionName,
  url,
  lineNumber,
  columnNumber,
});

/**
 * A module body (app.js at 0:0) rendering, once recursively, then idle, then a little more rendering:
 * one sample a millisecond, from 1 ms on.
 */
const profile: CpuProfile = {
  startTime: 0,
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5, 6] },
    { id: 2, callFrame: frame('', 'http://app.test/assets/app.js', 0, 0), children: [3] },
    { id: 3, callFrame: frame('render', 'http://app.test/assets/app.js'), children: [4] },
    { id: 4, callFrame: frame('render', 'http://app.test/assets/app.js') },
    { id: 5, callFrame: frame('(idle)') },
    { id: 6, callFrame: frame('(program)') },
  ],
  samples: [3, 4, 4, 5, 5, 3, 6],
  timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000],
};

const byFunction = (called: CallFrame) => called.functionName || '(module)';

describe('selfTimes', () => {
  it('counts each sample for the time to the next one, leaving out idle and V8’s own', () => {
    expect(Object.fromEntries(selfTimes(profile, byFunction))).toEqual({ render: 4 });
  });
});

describe('tasksOf', () => {
  it('splits the work at idle gaps, and counts a recursive function once per sample', () => {
    const tasks = tasksOf(profile, byFunction);
    expect(tasks.map(({ startMs, durationMs }) => [startMs, durationMs])).toEqual([
      [1, 3],
      [6, 1],
    ]);
    expect(Object.fromEntries(tasks[0]!.inclusive)).toEqual({ '(module)': 3, render: 3 });
    expect(Object.fromEntries(tasks[1]!.inclusive)).toEqual({ '(module)': 1, render: 1 });
  });

  it('keeps work apart by less than the gap in one task', () => {
    expect(tasksOf(profile, byFunction, 5).map((task) => task.durationMs)).toEqual([6]);
  });

  it('finds no task in a profile without samples', () => {
    expect(tasksOf({ ...profile, samples: undefined, timeDeltas: undefined }, byFunction)).toEqual([]);
  });
});

describe('moduleTimes', () => {
  it('gives each script the time under its top level, by file name', () => {
    expect(Object.fromEntries(moduleTimes(profile))).toEqual({ 'app.js': 4 });
  });
});

describe('callersOf', () => {
  it('gives the time of a function on top of the stack by its nearest callers', () => {
    expect(Object.fromEntries(callersOf(profile, byFunction, 'render'))).toEqual({
      '(module)': 2,
      'render < (module)': 2,
    });
    expect(Object.fromEntries(callersOf(profile, byFunction, 'render', 1))).toEqual({
      '(module)': 2,
      render: 2,
    });
  });

  it('finds nothing for a function never sampled on top', () => {
    expect(callersOf(profile, byFunction, 'appendChild').size).toBe(0);
  });
});

describe('largest', () => {
  it('lists the largest first, as many as asked', () => {
    expect(
      largest(
        new Map([
          ['a', 1],
          ['b', 3],
          ['c', 2],
        ]),
        2,
      ),
    ).toEqual([
      ['b', 3],
      ['c', 2],
    ]);
  });
});
