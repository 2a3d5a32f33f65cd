/**
 * The Auth emulator runs in a process group of its own (so a terminal's Ctrl-C reaches only the
 * stack). When the stack dies without stopping it, it keeps its ports and the next start refused
 * them. The stack records it in the data folder; the next start uses the record to tell its own
 * leftover from anything else, save the accounts it still holds, and end it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface EmulatorRecord {
  pid: number;
  /** Where its Auth emulator answers, to save its accounts before it is ended. */
  authUrl: string;
  /** The process that started it, with its command line (a pid alone may have been reused). */
  owner: { pid: number; command: string };
}

const RECORD_FILE = 'emulator.json';

/** The process's command line, or undefined when there is no such process. */
export function commandLineOf(pid: number): string | undefined {
  try {
    if (existsSync('/proc'))
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() || undefined;
    return (
      execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** Alive and not a zombie waiting for a parent that does not reap it. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

export function recordEmulator(emulatorDir: string, record: EmulatorRecord): void {
  const file = path.join(emulatorDir, RECORD_FILE);
  writeFileSync(`${file}.next`, JSON.stringify(record));
  renameSync(`${file}.next`, file);
}

export function forgetEmulator(emulatorDir: string): void {
  rmSync(path.join(emulatorDir, RECORD_FILE), { force: true });
}

function readRecord(emulatorDir: string): EmulatorRecord | undefined {
  try {
    const record = JSON.parse(
      readFileSync(path.join(emulatorDir, RECORD_FILE), 'utf8'),
    ) as Partial<EmulatorRecord>;
    if (
      typeof record.pid === 'number' &&
      typeof record.authUrl === 'string' &&
      typeof record.owner?.pid === 'number' &&
      typeof record.owner.command === 'string'
    )
      return record as EmulatorRecord;
  } catch {
    // no record, or one cut short: nothing to go on
  }
  return undefined;
}

/** Where the Auth emulator of the run now using this folder answers; undefined when no run is. */
export function runningEmulatorUrl(emulatorDir: string): string | undefined {
  const record = readRecord(emulatorDir);
  if (!record || !isRunning(record.pid) || !isRunning(record.owner.pid)) return undefined;
  return commandLineOf(record.owner.pid) === record.owner.command ? record.authUrl : undefined;
}

/** Signals the whole group, so nothing the emulator started outlives it. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(-pid, name);
  } catch {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}

async function ended(pid: number, checks: number): Promise<boolean> {
  for (let check = 0; check < checks; check++) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isRunning(pid);
}

export interface LeftoverOptions {
  /** The data folder, for the message when another run is using it. */
  dataDir: string;
  /** The emulator's config file: its absolute path is on the command line of ours, and of nothing else. */
  configPath: string;
  /** Saves what the leftover still holds; a failure is reported and the leftover ended all the same. */
  rescue(record: EmulatorRecord): Promise<void>;
  log: (line: string) => void;
}

/**
 * Ends the emulator a crashed run left (only when its command line shows it is ours) and removes
 * what it left in its folder. Refuses when the run that started it is still going.
 */
export async function endLeftoverEmulator(emulatorDir: string, options: LeftoverOptions): Promise<void> {
  const record = readRecord(emulatorDir);
  if (record) {
    const { owner } = record;
    if (owner.pid !== process.pid && isRunning(owner.pid) && commandLineOf(owner.pid) === owner.command)
      throw new Error(
        `The data folder ${options.dataDir} is in use by another run (process ${owner.pid}). Stop it, or set DATA_DIR to another folder.`,
      );
    const command = commandLineOf(record.pid);
    if (
      isRunning(record.pid) &&
      command?.includes('emulators:start') &&
      command.includes(options.configPath)
    ) {
      options.log(`Ending the Auth emulator a stopped run left behind (process ${record.pid}).`);
      try {
        await options.rescue(record);
      } catch (error) {
        options.log(`Could not save its accounts: ${error instanceof Error ? error.message : String(error)}`);
      }
      signal(record.pid, 'SIGTERM');
      if (!(await ended(record.pid, 100))) {
        signal(record.pid, 'SIGKILL');
        if (!(await ended(record.pid, 50)))
          throw new Error(`The Auth emulator of a stopped run (process ${record.pid}) does not end.`);
      }
    }
    forgetEmulator(emulatorDir);
  }
  removeStaleFiles(emulatorDir);
}

/** The hub's locator files (named after the project in its temp folder) and unfinished exports. */
function removeStaleFiles(emulatorDir: string): void {
  const tempDir = path.join(emulatorDir, 'tmp');
  if (existsSync(tempDir))
    for (const name of readdirSync(tempDir))
      if (/^hub-.*\.json$/.test(name)) rmSync(path.join(tempDir, name), { force: true });
  if (existsSync(emulatorDir))
    for (const name of readdirSync(emulatorDir))
      if (name.startsWith('firebase-export-') || name === `${RECORD_FILE}.next`)
        rmSync(path.join(emulatorDir, name), { recursive: true, force: true });
}
