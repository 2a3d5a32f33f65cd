/**
 * Error reports from the app (spec 2 section 7, "Error reporting"), received the same way by both
 * hosts: the Firebase host writes each as a structured log entry that Google Cloud Error Reporting
 * groups, the local server appends it to the data folder's error log. Anyone may report (a visitor's
 * crash counts too), so each sender is limited, and nothing but a report's shape is accepted. Every
 * field is scrubbed before it is kept, and the member is the one the request's ID token names, if any.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  errorReportProblem,
  keptReport,
  REPORT_BODY_MAX,
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

/**
 * The uid of the ID token in an `Authorization: Bearer` header, or null: a report without a token, or
 * with one that no longer checks out (signed out since), is a visitor's, not a refusal.
 */
export async function reporterOf(
  authorization: string | undefined,
  verify: (token: string) => Promise<{ uid: string }>,
): Promise<string | null> {
  if (!authorization?.startsWith('Bearer ')) return null;
  try {
    return (await verify(authorization.slice('Bearer '.length))).uid;
  } catch {
    return null;
  }
}

/**
 * Checks a posted report's size and shape; the sender's key (its address) counts against its limit.
 * `reporter` gives the verified member, asked only of a report that will be kept.
 */
export async function receiveErrorReport(
  raw: Buffer | string,
  sender: string,
  limiter: RateLimiterMemory,
  keep: (report: ErrorReport) => Promise<void> | void,
  reporter: () => Promise<string | null>,
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
  // The app scrubs before sending; a report from elsewhere is scrubbed here all the same.
  await keep(keptReport(report as ErrorReport, await reporter()));
  return { status: 202, body: { received: true } };
}
