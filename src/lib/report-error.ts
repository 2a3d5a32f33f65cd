/**
 * Where errors go. Locally (and until an error-reporting endpoint is configured) they are logged;
 * the catalogue decides which are worth reporting at all.
 */
import {
  severityFor,
  shouldReport,
  type ErrorCategory,
  type ErrorContext,
  type ErrorRecord,
} from '@/domain/errors';

export function reportError(record: ErrorRecord): void {
  console.error(`[${record.severity}] ${record.type}: ${record.message}`, record.context ?? {});
}

/** For failures the spec has logged only (a report, the streak, a feed query): the message and where. */
export function logFailure(error: unknown, context: ErrorContext, type: ErrorCategory = 'general'): void {
  const message = error instanceof Error ? error.message : String(error);
  if (shouldReport(message)) reportError({ type, severity: severityFor(type), message, context });
}
