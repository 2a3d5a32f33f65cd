/**
 * Keeps the Auth emulator's accounts on disk while it runs. The emulator exports only on a clean
 * stop, so a crash lost every account made since start. Here the accounts are read through its
 * REST API every few seconds and written in its own export layout (what `--import` reads), each
 * file through a rename, so a crash in the middle of a write leaves the previous copy whole.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const METADATA_FILE = 'firebase-export-metadata.json';
const AUTH_FOLDER = 'auth_export';
/** Written beside the export, never inside `auth_export/`: the import reads every file there. */
const PENDING_PREFIX = '.pending-';

export interface AuthState {
  /** The emulator's `accounts:batchGet` answer, as its own export keeps it. */
  accounts: string;
  config: string;
}

export function hasAuthExport(exportDir: string): boolean {
  return existsSync(path.join(exportDir, METADATA_FILE));
}

/** An account as the emulator's `accounts:batchGet` lists it (and its export keeps it). */
export interface EmulatorAccount {
  localId: string;
  email?: string;
  /** When its tokens start to count (seconds since 1970, as text): tokens issued before are refused. */
  validSince?: string;
}

export function accountsIn(batchGetAnswer: string): EmulatorAccount[] {
  return (JSON.parse(batchGetAnswer) as { users?: EmulatorAccount[] }).users ?? [];
}

/** The accounts of the export (what the emulator imports at its start); none without one. */
export function readSavedAccounts(exportDir: string): EmulatorAccount[] {
  if (!hasAuthExport(exportDir)) return [];
  return accountsIn(readFileSync(path.join(exportDir, AUTH_FOLDER, 'accounts.json'), 'utf8'));
}

export async function readAuthState(emulatorUrl: string, projectId: string): Promise<AuthState> {
  const read = async (route: string) => {
    const response = await fetch(`${emulatorUrl}${route}`, { headers: { Authorization: 'Bearer owner' } });
    if (!response.ok) throw new Error(`The Auth emulator answered ${response.status} to ${route}.`);
    return response.text();
  };
  return {
    accounts: await read(
      `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
    ),
    config: await read(`/emulator/v1/projects/${projectId}/config`),
  };
}

let pendingCount = 0;

/** Replaces `file` whole: the new text is written and flushed under another name, then renamed. */
function replaceFile(exportDir: string, file: string, text: string): void {
  const pending = path.join(exportDir, `${PENDING_PREFIX}${process.pid}-${pendingCount++}`);
  // Passwords are in there: readable by their owner only.
  const descriptor = openSync(pending, 'w', 0o600);
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  renameSync(pending, file);
}

const firebaseToolsVersion = (): string =>
  (createRequire(import.meta.url)('firebase-tools/package.json') as { version: string }).version;

export function writeAuthExport(exportDir: string, state: AuthState): void {
  mkdirSync(path.join(exportDir, AUTH_FOLDER), { recursive: true, mode: 0o700 });
  replaceFile(exportDir, path.join(exportDir, AUTH_FOLDER, 'accounts.json'), state.accounts);
  replaceFile(exportDir, path.join(exportDir, AUTH_FOLDER, 'config.json'), state.config);
  // Last, so an export is only ever found complete.
  if (!hasAuthExport(exportDir)) {
    const version = firebaseToolsVersion();
    const metadata = { version, auth: { version, path: AUTH_FOLDER } };
    replaceFile(exportDir, path.join(exportDir, METADATA_FILE), JSON.stringify(metadata, null, 2));
  }
}

/** Files a crashed write left behind. */
export function removeUnfinishedWrites(exportDir: string): void {
  if (!existsSync(exportDir)) return;
  for (const name of readdirSync(exportDir))
    if (name.startsWith(PENDING_PREFIX)) rmSync(path.join(exportDir, name), { force: true });
}

export async function saveAuthState(
  emulatorUrl: string,
  projectId: string,
  exportDir: string,
): Promise<void> {
  writeAuthExport(exportDir, await readAuthState(emulatorUrl, projectId));
}

export interface AccountBackup {
  /** Saves the accounts now (after any save under way). */
  flush(): Promise<void>;
  /** No more saves after the one under way. */
  stop(): Promise<void>;
}

export interface AccountBackupOptions {
  emulatorUrl: string;
  projectId: string;
  exportDir: string;
  everyMs: number;
  log: (line: string) => void;
}

export function startAccountBackup(options: AccountBackupOptions): AccountBackup {
  let saved: AuthState | undefined;
  let lastFailure: string | undefined;
  let queue = Promise.resolve();

  const save = () => {
    const run = queue.then(async () => {
      const state = await readAuthState(options.emulatorUrl, options.projectId);
      if (state.accounts === saved?.accounts && state.config === saved.config) return;
      writeAuthExport(options.exportDir, state);
      saved = state;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const timer = setInterval(() => {
    save().then(
      () => (lastFailure = undefined),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        // Once per kind of failure, not every few seconds.
        if (message !== lastFailure) options.log(`Could not save the Auth emulator's accounts: ${message}`);
        lastFailure = message;
      },
    );
  }, options.everyMs);
  timer.unref();

  return {
    flush: save,
    async stop() {
      clearInterval(timer);
      await queue;
    },
  };
}
