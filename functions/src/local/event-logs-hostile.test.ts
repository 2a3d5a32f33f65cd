/**
 * The analytics and error logs against a hostile sender: a field cannot forge a second line (log
 * injection), and a flood cannot grow the folder past two files of the rotation size a log.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorReport } from '../../../src/domain/error-report';
import { ANALYTICS_LOG, ERROR_LOG, LOG_ROTATE_BYTES } from './event-logs';
import { startTestServer, type TestServer } from './test-server';

let dir: string;
let test: TestServer;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'event-logs-hostile-'));
  test = await startTestServer({ eventLogDir: dir });
});

afterEach(async () => {
  await test.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = async (route: string, body: unknown) =>
  (
    await fetch(`${test.server.url}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:5173' },
      body: JSON.stringify(body),
    })
  ).status;

const FORGED =
  'x"}\n{"name":"login","params":{},"userId":"admin","sentAt":"2026-11-22T10:00:00.000Z"}\r\u2028\u0000';

describe('log injection', () => {
  it('keeps an event whose text carries newlines and control characters on one line, as sent', async () => {
    const event = {
      name: 'error_occurred',
      params: { error_message: FORGED },
      sentAt: '2026-11-22T10:00:00.000Z',
    };
    expect(await send('/api/analytics/events', event)).toBe(202);
    const text = readFileSync(path.join(dir, ANALYTICS_LOG), 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
    expect((JSON.parse(text) as { params: { error_message: string } }).params.error_message).toBe(FORGED);
  });

  it('keeps an error report whose message forges a line on one line', async () => {
    const report = errorReport(
      { type: 'network', severity: 'medium', message: FORGED, context: { component: FORGED } },
      { now: new Date('2026-11-22T10:00:00Z') },
    );
    expect(await send('/api/errors', report)).toBe(202);
    const text = readFileSync(path.join(dir, ERROR_LOG), 'utf8');
    expect(text.split('\n').filter(Boolean)).toHaveLength(1);
  });
});

describe('the disk a flood may fill', () => {
  it('moves a full log aside and keeps one older file: a log is at most twice the rotation size', async () => {
    const file = path.join(dir, ANALYTICS_LOG);
    const older = path.join(dir, ANALYTICS_LOG.replace('.jsonl', '.1.jsonl'));
    writeFileSync(older, 'an older log\n');
    writeFileSync(file, '');
    truncateSync(file, LOG_ROTATE_BYTES - 10);
    const event = { name: 'login', params: {}, sentAt: '2026-11-22T10:00:00.000Z' };
    expect(await send('/api/analytics/events', event)).toBe(202);
    expect(statSync(older).size).toBe(LOG_ROTATE_BYTES - 10);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });
});
