/**
 * What a crashed run left: its emulator is ended only when its command line shows it is this data
 * folder's, its accounts are saved first, and a run still going keeps its data folder. Plain Node
 * processes stand in for the emulator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  commandLineOf,
  endLeftoverEmulator,
  isRunning,
  recordEmulator,
  type EmulatorRecord,
  type LeftoverOptions,
} from './emulator-process';

let dataDir: string;
let emulatorDir: string;
let configPath: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-leftover-'));
  emulatorDir = path.join(dataDir, 'emulator');
  configPath = path.join(emulatorDir, 'firebase.json');
  mkdirSync(path.join(emulatorDir, 'tmp'), { recursive: true });
});

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A process that waits, with `args` on its command line, in a group of its own as the emulator is. */
async function waiting(...args: string[]): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ...args], {
    detached: true,
    stdio: 'ignore',
  });
  started.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  await expect.poll(() => commandLineOf(child.pid!)).toContain('setInterval');
  return child.pid!;
}

const gone = { pid: 2 ** 22 + 1, command: 'node scripts/start.ts' };

function options(rescued: EmulatorRecord[], log: string[] = []): LeftoverOptions {
  return {
    dataDir,
    configPath,
    rescue: async (record) => void rescued.push(record),
    log: (line) => log.push(line),
  };
}

describe('a start after a crash', () => {
  it("saves the accounts of this data folder's leftover emulator, then ends it", async () => {
    const pid = await waiting('emulators:start', '--config', configPath);
    const record = { pid, authUrl: 'http://127.0.0.1:9', owner: gone };
    recordEmulator(emulatorDir, record);
    const rescued: EmulatorRecord[] = [];
    await endLeftoverEmulator(emulatorDir, options(rescued));
    expect(rescued).toEqual([record]);
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(path.join(emulatorDir, 'emulator.json'))).toBe(false);
  });

  it('ends it even when its accounts cannot be saved, and says so', async () => {
    const pid = await waiting('emulators:start', '--config', configPath);
    recordEmulator(emulatorDir, { pid, authUrl: 'http://127.0.0.1:9', owner: gone });
    const log: string[] = [];
    await endLeftoverEmulator(emulatorDir, {
      ...options([], log),
      rescue: async () => {
        throw new Error('connection refused');
      },
    });
    expect(isRunning(pid)).toBe(false);
    expect(log).toContain('Could not save its accounts: connection refused');
  });

  it("leaves alone a process that is not this data folder's emulator (a reused pid, another folder)", async () => {
    const other = await waiting('emulators:start', '--config', '/elsewhere/emulator/firebase.json');
    recordEmulator(emulatorDir, { pid: other, authUrl: 'http://127.0.0.1:9', owner: gone });
    const rescued: EmulatorRecord[] = [];
    await endLeftoverEmulator(emulatorDir, options(rescued));
    expect(rescued).toEqual([]);
    expect(isRunning(other)).toBe(true);
    expect(existsSync(path.join(emulatorDir, 'emulator.json'))).toBe(false);
  });

  it('refuses a data folder whose run is still going', async () => {
    const emulator = await waiting('emulators:start', '--config', configPath);
    const owner = await waiting('scripts/start.ts');
    recordEmulator(emulatorDir, {
      pid: emulator,
      authUrl: 'http://127.0.0.1:9',
      owner: { pid: owner, command: commandLineOf(owner)! },
    });
    await expect(endLeftoverEmulator(emulatorDir, options([]))).rejects.toThrow(
      `The data folder ${dataDir} is in use by another run (process ${owner}).`,
    );
    expect(isRunning(emulator)).toBe(true);
  });

  it("removes the hub's locator and unfinished exports, with or without a record", async () => {
    const locator = path.join(emulatorDir, 'tmp', 'hub-demo-photorater.json');
    writeFileSync(locator, JSON.stringify({ pid: gone.pid }));
    mkdirSync(path.join(emulatorDir, 'firebase-export-1700000000000abcdef'));
    await endLeftoverEmulator(emulatorDir, options([]));
    expect(existsSync(locator)).toBe(false);
    expect(existsSync(path.join(emulatorDir, 'firebase-export-1700000000000abcdef'))).toBe(false);
    expect(existsSync(path.join(emulatorDir, 'tmp'))).toBe(true);
  });
});
