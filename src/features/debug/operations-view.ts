/** The debug panel's figures over the recorded operations: the summary and the filtered table. */
import type { Operation, OperationType } from '@/data/operation-log';

export interface OperationSummary {
  totalReads: number;
  totalDurationMs: number;
  averageMs: number;
  slowest: Operation | null;
}

export function summarizeOperations(operations: readonly Operation[]): OperationSummary {
  let totalDurationMs = 0;
  let slowest: Operation | null = null;
  for (const operation of operations) {
    totalDurationMs += operation.durationMs;
    if (!slowest || operation.durationMs > slowest.durationMs) slowest = operation;
  }
  return {
    totalReads: operations.length,
    totalDurationMs: Math.round(totalDurationMs * 10) / 10,
    averageMs: operations.length ? Math.round((totalDurationMs / operations.length) * 10) / 10 : 0,
    slowest,
  };
}

export interface OperationFilters {
  minDurationMs: number;
  /** '' for all. */
  collection: string;
  type: OperationType | '';
  component: string;
  limit: number;
  onlyErrors: boolean;
}

/** The operations the filters let through, newest first, at most `limit`. */
export function filterOperations(operations: readonly Operation[], filters: OperationFilters): Operation[] {
  return operations
    .filter(
      (operation) =>
        operation.durationMs >= filters.minDurationMs &&
        (!filters.collection || operation.collection === filters.collection) &&
        (!filters.type || operation.type === filters.type) &&
        (!filters.component || operation.component === filters.component) &&
        (!filters.onlyErrors || operation.error !== null),
    )
    .reverse()
    .slice(0, filters.limit);
}

/** The distinct values of a field, sorted, for a filter's choices. */
export function choicesOf(operations: readonly Operation[], field: 'collection' | 'component'): string[] {
  return [...new Set(operations.map((operation) => operation[field]))].sort();
}
