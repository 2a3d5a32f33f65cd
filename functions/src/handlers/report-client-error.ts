/**
 * Error reports from the app (spec 2 section 7, "Error reporting"), received the same way by both
 * hosts: the Firebase host writes each as a structured log entry that Google Cloud Error Reporting
 * groups, the local server appends it to the data folder's error log. Anyone may report (a visitor's
 * crash counts too), so each sender is limited, and nothing but a report's shape is accepted.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  errorReportProblem,
  REPORT_BODY_MAX,
  scrubText,
  type ErrorReport,
} from '../../../src/domain/error-report';

export const REPORT_CLIENT_ERROR = 'reportClientError';

/** Reports a sender may make a minute: a crash loop should not fill the log. */
export const REPORTS_PER_MINUTE = 30;

export interface ReportAnswer {
  status: number;
  body: Record<string, unknown>;
}

export function reportLimiter(perMinute = REPORTS_PER_MINUTE): RateLimiterMemory {
  return new RateLimiterMemory({ points: perMinute, duration: 60 });
}

/** Checks a posted report's size and shape; the sender's key (its address) counts against its limit. */
export async function receiveErrorReport(
  raw: Buffer | string,
  sender: string,
  limiter: RateLimiterMemory,
  keep: (report: ErrorReport) => Promise<void> | void,
): Promise<ReportAnswer> {
  if (Buffer.byteLength(raw) > REPORT_BODY_MAX)
    return { status: 413, body: { error: 'The report is too large.' } };
  try {
    await limiter.consume(sender);
  } catch {
    return { status: 429, body: { error: 'Too many reports. Please wait a moment.' } };
  }
  let report: unknown;
  try {
    report = JSON.parse(raw.toString());
  } catch {
    return { status: 400, body: { error: 'The report is not JSON.' } };
  }
  const problem = errorReportProblem(report);
  if (problem) return { status: 400, body: { error: problem } };
  const checked = report as ErrorReport;
  // The app scrubs before sending; a report from elsewhere is scrubbed here all the same.
  await keep({
    ...checked,
    message: scrubText(checked.message),
    stack: checked.stack === null ? null : scrubText(checked.stack),
  });
  return { status: 202, body: { received: true } };
}
