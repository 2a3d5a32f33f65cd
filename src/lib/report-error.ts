/**
 * Where errors go: the console, and, for those the catalogue says are worth it, the error log (the
 * local server's in local mode, the reporting function's on Firebase) and the `error_occurred`
 * analytics event. What sends them loads with the first report, off the landing page's first load.
 */
import {
  severityFor,
  shouldReport,
  type ErrorCategory,
  type ErrorContext,
  type ErrorRecord,
} from '@/domain/errors';

/**
 * Reports an error record; `error`, when given, lends its stack trace, and `callStack` (taken where an
 * operation started) names the component and feature when the record does not.
 */
export function reportError(record: ErrorRecord, error?: unknown, callStack?: string): void {
  console.error(`[${record.severity}] ${record.type}: ${record.message}`, record.context ?? {});
  // Component tests have no error log to reach; error-delivery.test.ts covers the delivery itself.
  if (!shouldReport(record.message) || import.meta.env.MODE === 'test') return;
  const stack = error instanceof Error ? error.stack : undefined;
  import('./error-delivery')
    .then((delivery) => delivery.deliverError(record, stack, callStack))
    // A report that cannot be delivered must not report itself again.
    .catch((failure: unknown) => console.warn('An error report was not delivered.', failure));
}

/** For failures the spec has logged only (a report, the streak, a feed query): the message and where. */
export function logFailure(error: unknown, context: ErrorContext, type: ErrorCategory = 'general'): void {
  const message = error instanceof Error ? error.message : String(error);
  if (shouldReport(message)) reportError({ type, severity: severityFor(type), message, context }, error);
}
