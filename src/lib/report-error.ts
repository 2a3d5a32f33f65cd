/**
 * Where errors go. Locally (and until an error-reporting endpoint is configured) they are logged;
 * the catalogue decides which are worth reporting at all.
 */
import type { ErrorRecord } from '@/domain/errors';

export function reportError(record: ErrorRecord): void {
  console.error(`[${record.severity}] ${record.type}: ${record.message}`, record.context ?? {});
}
