/**
 * Error reports (spec 2 section 7, "Error reporting"): what leaves the app for the error log, scrubbed of
 * anything secret, the shape both hosts accept, and the log entry Google Cloud Error Reporting groups.
 * Apart from the catalogue (`errors.ts`), which the landing page loads, since reports load with the first.
 */
import {
  ERROR_CATEGORIES,
  ERROR_SEVERITIES,
  type ErrorCategory,
  type ErrorRecord,
  type ErrorSeverity,
} from './errors';

/** Context keys that could carry a secret or what a member wrote: never in a report. */
const SECRET_KEY = /pass(word)?|token|secret|auth|cookie|session|card|cvc|message|body|text|comment|reply/i;
const SECRET_TEXT = [
  /\bBearer\s+[\w.~+/-]+=*/gi,
  // JSON Web Tokens (ID tokens) and long opaque keys.
  /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g,
  /\b(sk|pk|rk|whsec)_(test|live)?_?[\w]{8,}/g,
  // Query and form parameters: oobCode=, id_token=, apiKey=, session_id= and the like.
  /\b[\w-]*?(password|token|secret|key|oobCode|code|session_id)=[^&\s#]+/gi,
  // The same in JSON: "idToken":"...", "password":"...".
  /"[\w-]*?(password|token|secret|key|oobCode)"\s*:\s*"[^"]*"/gi,
];
export const REDACTED = '[redacted]';

/** A report's text with anything that looks like a credential taken out. */
export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((scrubbed, pattern) => scrubbed.replace(pattern, REDACTED), text);
}

type MetadataValue = string | number | boolean | null;

function scrubMetadata(metadata: Record<string, unknown>): Record<string, MetadataValue> {
  const kept: Record<string, MetadataValue> = {};
  for (const [key, value] of Object.entries(metadata).slice(0, REPORT_METADATA_MAX)) {
    if (SECRET_KEY.test(key)) continue;
    if (typeof value === 'string') kept[key] = scrubText(value).slice(0, REPORT_TEXT_MAX);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) kept[key] = value;
  }
  return kept;
}

/** Bounds of one error report (the local server's route and the reporting function refuse larger). */
export const REPORT_BODY_MAX = 16 * 1024;
export const REPORT_TEXT_MAX = 1000;
export const REPORT_STACK_MAX = 4000;
export const REPORT_METADATA_MAX = 10;

/** What leaves the app for the error log: the record with its context, scrubbed, and where it happened. */
export interface ErrorReport {
  type: ErrorCategory;
  severity: ErrorSeverity;
  message: string;
  code: string | null;
  context: {
    component: string | null;
    feature: string | null;
    action: string | null;
    userId: string | null;
    photoId: string | null;
    metadata: Record<string, MetadataValue>;
  };
  stack: string | null;
  /** The page's path (no query: it may carry a reset code or a session id). */
  path: string | null;
  reportedAt: string;
}

const short = (value: string | null | undefined, max = REPORT_TEXT_MAX) =>
  value === undefined || value === null ? null : scrubText(value).slice(0, max);

/** A page's path without its query or fragment, which may carry a reset code or a session id. */
const pathOnly = (path: string | null | undefined) => short(path?.split(/[?#]/)[0], 500);

/** The report of an error record: never a password, token or message body. */
export function errorReport(
  record: ErrorRecord,
  extra: { stack?: string; path?: string; now: Date },
): ErrorReport {
  const context = record.context ?? {};
  return {
    type: record.type,
    severity: record.severity,
    message: scrubText(record.message).slice(0, REPORT_TEXT_MAX),
    code: short(record.code, 100),
    context: {
      component: short(context.component, 200),
      feature: short(context.feature, 100),
      action: short(context.action, 200),
      userId: short(context.userId, 128),
      photoId: short(context.photoId, 128),
      metadata: scrubMetadata(context.metadata ?? {}),
    },
    stack: short(extra.stack, REPORT_STACK_MAX),
    path: pathOnly(extra.path),
    reportedAt: extra.now.toISOString(),
  };
}

/**
 * A posted report as the error log keeps it: every field scrubbed again, as `errorReport` does (whoever
 * posts may have skipped it), and the member only the one the verified token names (`reporter`), never
 * the one the report says.
 */
export function keptReport(report: ErrorReport, reporter: string | null): ErrorReport {
  const { context } = report;
  return {
    type: report.type,
    severity: report.severity,
    message: scrubText(report.message).slice(0, REPORT_TEXT_MAX),
    code: short(report.code, 100),
    context: {
      component: short(context.component, 200),
      feature: short(context.feature, 100),
      action: short(context.action, 200),
      userId: reporter,
      photoId: short(context.photoId, 128),
      metadata: scrubMetadata(context.metadata),
    },
    stack: short(report.stack, REPORT_STACK_MAX),
    path: pathOnly(report.path),
    // Written back as a date only: a date parser takes more than dates.
    reportedAt: new Date(report.reportedAt).toISOString(),
  };
}

const isText = (value: unknown, max: number) => typeof value === 'string' && value.length <= max;
const textOrNull = (value: unknown, max: number) => value === null || isText(value, max);

/** Why a posted error report is refused, or null when it has the shape of `ErrorReport`. */
export function errorReportProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'The report must be an object.';
  const report = value as Record<string, unknown>;
  const fields = ['type', 'severity', 'message', 'code', 'context', 'stack', 'path', 'reportedAt'];
  for (const key of Object.keys(report)) if (!fields.includes(key)) return `Unknown field: ${key}.`;
  if (!(ERROR_CATEGORIES as readonly unknown[]).includes(report.type)) return 'Unknown error type.';
  if (!(ERROR_SEVERITIES as readonly unknown[]).includes(report.severity)) return 'Unknown severity.';
  if (!isText(report.message, REPORT_TEXT_MAX)) return 'message must be text.';
  if (!textOrNull(report.code, 100)) return 'code must be text or null.';
  if (!textOrNull(report.stack, REPORT_STACK_MAX)) return 'stack must be text or null.';
  if (!textOrNull(report.path, 500)) return 'path must be text or null.';
  if (typeof report.reportedAt !== 'string' || Number.isNaN(Date.parse(report.reportedAt)))
    return 'reportedAt must be a date.';
  const context = report.context;
  if (typeof context !== 'object' || context === null || Array.isArray(context))
    return 'context must be an object.';
  const contextFields = ['component', 'feature', 'action', 'userId', 'photoId', 'metadata'];
  for (const key of Object.keys(context))
    if (!contextFields.includes(key)) return `Unknown field: context.${key}.`;
  const named = context as Record<string, unknown>;
  for (const key of contextFields.slice(0, 5))
    if (!textOrNull(named[key], 200)) return `context.${key} must be text or null.`;
  const metadata = named.metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    return 'context.metadata must be an object.';
  if (Object.getPrototypeOf(metadata) !== Object.prototype) return 'context.metadata must be a plain object.';
  const entries = Object.entries(metadata);
  if (entries.length > REPORT_METADATA_MAX) return 'context.metadata has too many fields.';
  for (const [key, entry] of entries) {
    if (['__proto__', 'constructor', 'prototype'].includes(key))
      return `Unknown field: context.metadata.${key}.`;
    if (entry !== null && !['string', 'number', 'boolean'].includes(typeof entry))
      return `context.metadata.${key} must be text, a number, true or false.`;
    if (typeof entry === 'string' && entry.length > REPORT_TEXT_MAX)
      return `context.metadata.${key} is too long.`;
  }
  return null;
}

/** A report as a structured log entry Google Cloud Error Reporting groups: a stack trace in `message`. */
export function errorReportLogEntry(report: ErrorReport, serviceVersion = 'web'): Record<string, unknown> {
  const firstLine = `${report.type}: ${report.message}`;
  const stack = report.stack && report.stack.includes('\n    at ') ? report.stack : null;
  return {
    '@type': 'type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent',
    severity: report.severity === 'critical' ? 'CRITICAL' : 'ERROR',
    // Without a JavaScript stack, Error Reporting needs a reportLocation to group by.
    message: stack ? `${firstLine}\n${stack.replace(/^.*\n/, '')}` : firstLine,
    eventTime: report.reportedAt,
    serviceContext: { service: 'photorater-web', version: serviceVersion },
    context: {
      user: report.context.userId ?? undefined,
      httpRequest: report.path ? { url: report.path } : undefined,
      reportLocation: stack
        ? undefined
        : {
            filePath: report.context.component ?? report.context.feature ?? 'app',
            lineNumber: 0,
            functionName: report.context.action ?? 'unknown',
          },
    },
    errorContext: report.context,
    errorCode: report.code,
  };
}
