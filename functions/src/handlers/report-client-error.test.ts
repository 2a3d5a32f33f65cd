import { describe, expect, it } from 'vitest';
import { errorReport, type ErrorReport } from '../../../src/domain/error-report';
import { receiveErrorReport, reportLimiter } from './report-client-error';

const report = errorReport(
  {
    type: 'general',
    severity: 'high',
    message: 'Cannot read properties of undefined',
    context: { userId: 'alice' },
  },
  {
    stack: 'TypeError: x\n    at render (app.js:1:2)',
    path: '/profile',
    now: new Date('2026-11-22T10:00:00Z'),
  },
);

describe('receiveErrorReport', () => {
  it('keeps a report in its shape, scrubbing what reached it unscrubbed', async () => {
    const kept: ErrorReport[] = [];
    const leaky = { ...report, message: 'failed: token=abc123', stack: 'at x (https://h/?password=hunter2)' };
    const answer = await receiveErrorReport(JSON.stringify(leaky), '1.2.3.4', reportLimiter(), (entry) => {
      kept.push(entry);
    });
    expect(answer).toEqual({ status: 202, body: { received: true } });
    expect(JSON.stringify(kept)).not.toMatch(/abc123|hunter2/);
    expect(kept[0]).toMatchObject({ type: 'general', context: { userId: 'alice' }, path: '/profile' });
  });

  it('refuses a huge body, a bad shape, and a sender past the limit, keeping nothing', async () => {
    const kept: ErrorReport[] = [];
    const keep = (entry: ErrorReport) => void kept.push(entry);
    const limiter = reportLimiter(2);
    expect((await receiveErrorReport('x'.repeat(17 * 1024), 'a', limiter, keep)).status).toBe(413);
    expect((await receiveErrorReport('{"type":"general"}', 'a', limiter, keep)).status).toBe(400);
    expect((await receiveErrorReport('not json', 'a', limiter, keep)).status).toBe(400);
    expect(await receiveErrorReport(JSON.stringify(report), 'a', limiter, keep)).toEqual({
      status: 429,
      body: { error: 'Too many reports. Please wait a moment.' },
    });
    // Another sender has a limit of its own.
    expect((await receiveErrorReport(JSON.stringify(report), 'b', limiter, keep)).status).toBe(202);
    expect(kept).toHaveLength(1);
  });
});
