/**
 * The accounts copy the Auth emulator imports at start: written in its export layout, whole or not
 * at all, and kept up to date while it runs. A small HTTP server stands in for the emulator's REST
 * API here; the real emulator is exercised by the `npm start` journey.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasAuthExport,
  readAuthState,
  removeUnfinishedWrites,
  saveAuthState,
  startAccountBackup,
  writeAuthExport,
} from './auth-export';

const PROJECT = 'demo-export';
let exportDir: string;

beforeEach(() => {
  exportDir = mkdtempSync(path.join(tmpdir(), 'photorater-auth-export-'));
  return () => rmSync(exportDir, { recursive: true, force: true });
});

const accountsFile = () => path.join(exportDir, 'auth_export', 'accounts.json');
const accountsOf = (users: string[]) => JSON.stringify({ kind: 'DownloadAccountResponse', users });

describe('the export on disk', () => {
  it('is laid out as the emulator imports it, readable by its owner only', () => {
    expect(hasAuthExport(exportDir)).toBe(false);
    writeAuthExport(exportDir, { accounts: accountsOf(['ada']), config: '{"signIn":{}}' });
    expect(hasAuthExport(exportDir)).toBe(true);
    const metadata = JSON.parse(readFileSync(path.join(exportDir, 'firebase-export-metadata.json'), 'utf8'));
    expect(metadata).toMatchObject({ auth: { path: 'auth_export' } });
    expect(readdirSync(path.join(exportDir, 'auth_export')).sort()).toEqual(['accounts.json', 'config.json']);
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada']));
    expect(statSync(accountsFile()).mode & 0o077).toBe(0);
  });

  it('keeps the previous copy whole when a write was cut short, and clears what it left', () => {
    writeAuthExport(exportDir, { accounts: accountsOf(['ada']), config: '{}' });
    // What a crash between writing and renaming leaves: a partial file beside the export.
    writeFileSync(path.join(exportDir, '.pending-4242-0'), '{"kind":"Downlo');
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada']));
    expect(readdirSync(path.join(exportDir, 'auth_export'))).not.toContain('.pending-4242-0');
    removeUnfinishedWrites(exportDir);
    expect(readdirSync(exportDir).sort()).toEqual(['auth_export', 'firebase-export-metadata.json']);
    writeAuthExport(exportDir, { accounts: accountsOf(['ada', 'grace']), config: '{}' });
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada', 'grace']));
  });
});

describe('the running backup', () => {
  let emulator: Server;
  let emulatorUrl: string;
  let users: string[] = [];
  let answering = true;
  const requests: string[] = [];

  beforeAll(async () => {
    emulator = createServer((request, response) => {
      requests.push(`${request.headers.authorization} ${request.url}`);
      if (!answering) return void response.writeHead(503).end();
      if (request.url?.includes('accounts:batchGet')) return void response.end(accountsOf(users));
      response.end('{"signIn":{"allowDuplicateEmails":false}}');
    });
    await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
    emulatorUrl = `http://127.0.0.1:${(emulator.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => emulator.close(() => resolve())));

  it('reads the accounts as the emulator exports them, as its owner', async () => {
    users = ['ada'];
    expect(await readAuthState(emulatorUrl, PROJECT)).toEqual({
      accounts: accountsOf(['ada']),
      config: '{"signIn":{"allowDuplicateEmails":false}}',
    });
    expect(requests).toContain(
      `Bearer owner /identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`,
    );
    await saveAuthState(emulatorUrl, PROJECT, exportDir);
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada']));
  });

  it('saves new accounts, and reports an emulator that does not answer without touching the copy', async () => {
    const log: string[] = [];
    // Long enough that only flush() saves during the test.
    const backup = startAccountBackup({
      emulatorUrl,
      projectId: PROJECT,
      exportDir,
      everyMs: 3_600_000,
      log: (line) => log.push(line),
    });
    users = ['ada'];
    await backup.flush();
    users = ['ada', 'grace'];
    await backup.flush();
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada', 'grace']));
    answering = false;
    await expect(backup.flush()).rejects.toThrow('The Auth emulator answered 503');
    expect(readFileSync(accountsFile(), 'utf8')).toBe(accountsOf(['ada', 'grace']));
    answering = true;
    await backup.stop();
    expect(log).toEqual([]);
  });

  it('saves by itself while it runs', async () => {
    const backup = startAccountBackup({
      emulatorUrl,
      projectId: PROJECT,
      exportDir,
      everyMs: 20,
      log: () => {},
    });
    users = ['ada', 'grace', 'linus'];
    await expect
      .poll(() => (hasAuthExport(exportDir) ? readFileSync(accountsFile(), 'utf8') : ''))
      .toBe(accountsOf(['ada', 'grace', 'linus']));
    await backup.stop();
  });
});
