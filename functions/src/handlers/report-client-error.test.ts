import { describe, expect, it } from 'vitest';
import { errorReport, type ErrorReport } from '../../../src/domain/error-report';
import { receiveErrorReport, reporterOf, reportLimiter } from './report-client-error';

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

const visitor = async () => null;

describe('receiveErrorReport', () => {
  it('keeps a report in its shape, scrubbing what reached it unscrubbed', async () => {
    const kept: ErrorReport[] = [];
    const leaky = { ...report, message: 'failed: token=abc123', stack: 'at x (https://h/?password=hunter2)' };
    const answer = await receiveErrorReport(
      JSON.stringify(leaky),
      '1.2.3.4',
      reportLimiter(),
      (entry) => {
        kept.push(entry);
      },
      visitor,
    );
    expect(answer).toEqual({ status: 202, body: { received: true } });
    expect(JSON.stringify(kept)).not.toMatch(/abc123|hunter2/);
    expect(kept[0]).toMatchObject({ type: 'general', path: '/profile' });
  });

  it("scrubs every field: the path's query, the metadata, the code and the context", async () => {
    const kept: ErrorReport[] = [];
    const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJ1aWQiOiJhbGljZSJ9.c2lnbmF0dXJl';
    const leaky = {
      ...report,
      code: 'oobCode=code-secret',
      path: '/reset?oobCode=path-secret',
      context: {
        ...report.context,
        action: 'password=action-secret',
        metadata: { idToken: jwt, sessionId: 'cs_1', url: '/x?token=metadata-secret' },
      },
    };
    expect(
      (
        await receiveErrorReport(
          JSON.stringify(leaky),
          'a',
          reportLimiter(),
          (e) => void kept.push(e),
          visitor,
        )
      ).status,
    ).toBe(202);
    expect(JSON.stringify(kept)).not.toMatch(
      /code-secret|path-secret|action-secret|metadata-secret|eyJ|cs_1/,
    );
    expect(kept[0]!.path).toBe('/reset');
  });

  it('refuses a huge body, a bad shape, and a sender past the limit, keeping nothing', async () => {
    const kept: ErrorReport[] = [];
    const keep = (entry: ErrorReport) => void kept.push(entry);
    const limiter = reportLimiter(2);
    expect((await receiveErrorReport('x'.repeat(17 * 1024), 'a', limiter, keep, visitor)).status).toBe(413);
    expect((await receiveErrorReport('{"type":"general"}', 'a', limiter, keep, visitor)).status).toBe(400);
    expect((await receiveErrorReport('not json', 'a', limiter, keep, visitor)).status).toBe(400);
    expect(await receiveErrorReport(JSON.stringify(report), 'a', limiter, keep, visitor)).toEqual({
      status: 429,
      body: { error: 'Too many reports. Please wait a moment.' },
    });
    // Another sender has a limit of its own.
    expect((await receiveErrorReport(JSON.stringify(report), 'b', limiter, keep, visitor)).status).toBe(202);
    expect(kept).toHaveLength(1);
  });
});

describe('the member of a report', () => {
  it('is the one the verified token names, never the one the report says', async () => {
    const kept: ErrorReport[] = [];
    const keep = (entry: ErrorReport) => void kept.push(entry);
    const claimed = { ...report, context: { ...report.context, userId: 'mallory' } };
    await receiveErrorReport(JSON.stringify(claimed), 'a', reportLimiter(), keep, async () => 'alice');
    await receiveErrorReport(JSON.stringify(claimed), 'a', reportLimiter(), keep, visitor);
    expect(kept.map((entry) => entry.context.userId)).toEqual(['alice', null]);
  });

  it('comes from a Bearer token that checks out; none, another scheme or a refused one is a visitor', async () => {
    const verify = async (token: string) => {
      if (token !== 'good') throw new Error('auth/id-token-revoked');
      return { uid: 'alice' };
    };
    expect(await reporterOf('Bearer good', verify)).toBe('alice');
    for (const header of [undefined, '', 'good', 'Basic good', 'Bearer bad'])
      expect(await reporterOf(header, verify), String(header)).toBeNull();
  });

  it('is not asked of a report that is refused', async () => {
    let asked = 0;
    const reporter = async () => {
      asked += 1;
      return 'alice';
    };
    await receiveErrorReport('not json', 'a', reportLimiter(), () => undefined, reporter);
    await receiveErrorReport('x'.repeat(17 * 1024), 'a', reportLimiter(), () => undefined, reporter);
    expect(asked).toBe(0);
  });
});
