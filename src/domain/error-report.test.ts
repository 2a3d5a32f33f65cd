import { describe, expect, it } from 'vitest';
import {
  errorReport,
  errorReportLogEntry,
  errorReportProblem,
  keptReport,
  REDACTED,
  scrubText,
  type ErrorReport,
} from './error-report';

const now = new Date('2026-11-22T10:00:00Z');
const jwt = 'eyJhbGciOiJSUzI1NiJ9.eyJ1aWQiOiJhbGljZSJ9.c2lnbmF0dXJl';

describe('error reports', () => {
  it('carry the record and its context: component, feature, action, user id and photo id', () => {
    const report = errorReport(
      {
        type: 'rating',
        severity: 'medium',
        message: 'Failed to submit rating. Please try again.',
        code: 'unavailable',
        context: {
          component: 'RatePage',
          feature: 'rating',
          action: 'submitRating',
          userId: 'alice',
          photoId: 'p1',
        },
      },
      { stack: 'Error: x\n    at a (app.js:1:1)', path: '/rate', now },
    );
    expect(report).toEqual({
      type: 'rating',
      severity: 'medium',
      message: 'Failed to submit rating. Please try again.',
      code: 'unavailable',
      context: {
        component: 'RatePage',
        feature: 'rating',
        action: 'submitRating',
        userId: 'alice',
        photoId: 'p1',
        metadata: {},
      },
      stack: 'Error: x\n    at a (app.js:1:1)',
      path: '/rate',
      reportedAt: now.toISOString(),
    });
    expect(errorReportProblem(report)).toBeNull();
  });

  it('never carry a password, a token or a message body', () => {
    const report = errorReport(
      {
        type: 'auth',
        severity: 'high',
        message: `Request failed: Authorization: Bearer ${jwt} with password=hunter2&x=1`,
        context: {
          feature: 'contact',
          metadata: {
            password: 'hunter2',
            idToken: jwt,
            refreshToken: 'r1',
            message: 'My private message to the team',
            body: 'the body',
            commentText: 'a comment',
            attempt: 2,
            note: `see ${jwt}`,
            nested: { password: 'x' },
          },
        },
      },
      {
        stack: `Error\n    at fetch (https://x/?token=abc123)\n    at ${jwt}`,
        path: '/resetPassword?oobCode=secret-code',
        now,
      },
    );
    const text = JSON.stringify(report);
    for (const secret of [
      'hunter2',
      jwt,
      'r1"',
      'private message',
      'the body',
      'a comment',
      'abc123',
      'secret-code',
    ])
      expect(text, secret).not.toContain(secret);
    expect(report.context.metadata).toEqual({ attempt: 2, note: `see ${REDACTED}` });
    expect(report.path).toBe('/resetPassword');
    expect(scrubText('sk_test_1234567890abcdef and whsec_abcdefgh12345')).toBe(`${REDACTED} and ${REDACTED}`);
  });

  it('are scrubbed in every field when kept, whatever was posted, and name only the verified member', () => {
    // What a client that skips the app's scrub may post, a secret in every field.
    const posted: ErrorReport = {
      type: 'auth',
      severity: 'high',
      message: 'failed: {"password":"hunter2"}',
      code: `auth/x?id_token=${jwt}`,
      context: {
        component: 'Reset oobCode=code-in-component',
        feature: 'apiKey=key-in-feature',
        action: `Bearer ${jwt}`,
        userId: 'alice',
        photoId: 'access_token=token-in-photo',
        metadata: { idToken: jwt, note: 'session_id=cs_live_secret', attempt: 2 },
      },
      stack: 'at fetch (https://x/?refresh_token=refresh-secret)',
      path: '/__/auth/action?mode=resetPassword&oobCode=reset-secret#frag',
      reportedAt: '2026-11-22T10:00:00Z',
    };
    expect(errorReportProblem(posted)).toBeNull();
    const kept = keptReport(posted, null);
    const text = JSON.stringify(kept);
    for (const secret of [
      'hunter2',
      jwt,
      'code-in-component',
      'key-in-feature',
      'token-in-photo',
      'cs_live_secret',
      'refresh-secret',
      'reset-secret',
    ])
      expect(text, secret).not.toContain(secret);
    expect(kept).toMatchObject({
      code: `auth/x?${REDACTED}`,
      path: '/__/auth/action',
      context: { userId: null, metadata: { note: REDACTED, attempt: 2 } },
      reportedAt: '2026-11-22T10:00:00.000Z',
    });
    expect(kept.context.metadata).not.toHaveProperty('idToken');
    expect(keptReport(posted, 'bob').context.userId).toBe('bob');
  });

  it('are refused in any other shape', () => {
    const good = errorReport({ type: 'general', severity: 'low', message: 'x' }, { now });
    expect(errorReportProblem(good)).toBeNull();
    expect(errorReportProblem(null)).toMatch(/object/);
    expect(errorReportProblem({ ...good, type: 'nope' })).toMatch(/type/);
    expect(errorReportProblem({ ...good, severity: 'fatal' })).toMatch(/severity/);
    expect(errorReportProblem({ ...good, message: 3 })).toMatch(/message/);
    expect(errorReportProblem({ ...good, message: 'x'.repeat(1001) })).toMatch(/message/);
    expect(errorReportProblem({ ...good, extra: 1 })).toMatch(/Unknown field/);
    expect(errorReportProblem({ ...good, context: { ...good.context, password: 'x' } })).toMatch(
      /Unknown field/,
    );
    expect(errorReportProblem({ ...good, context: { ...good.context, metadata: { a: {} } } })).toMatch(
      /metadata/,
    );
    expect(errorReportProblem(JSON.parse('{"type":"general","__proto__":{"x":1}}'))).toMatch(/Unknown field/);
    expect(errorReportProblem({ ...good, reportedAt: 'soon' })).toMatch(/reportedAt/);
  });

  it('become log entries Cloud Error Reporting groups: a stack in the message, or a report location', () => {
    const withStack = errorReport(
      { type: 'general', severity: 'critical', message: 'boom', context: { userId: 'alice' } },
      { stack: 'Error: boom\n    at render (app.js:1:2)', now },
    );
    const entry = errorReportLogEntry(withStack);
    expect(entry['@type']).toBe(
      'type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent',
    );
    expect(entry.severity).toBe('CRITICAL');
    expect(entry.message).toBe('general: boom\n    at render (app.js:1:2)');
    const bare = errorReportLogEntry(
      errorReport(
        { type: 'network', severity: 'medium', message: 'm', context: { feature: 'feed' } },
        { now },
      ),
    );
    expect(bare.context).toMatchObject({ reportLocation: { filePath: 'feed', functionName: 'unknown' } });
  });
});
