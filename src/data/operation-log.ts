/**
 * Debug mode's record of what the app reads and calls (spec 2 section 2, "Developer debug panel"):
 * each repository read and each callable with its type, path, duration, document count, time, the
 * component that asked and its stack. Only debug mode fills it (`instrumentBackend`, `call`); the
 * panel in `src/features/debug` shows it.
 */
import { callSite } from '@/lib/call-site';

export const OPERATION_TYPES = ['watch', 'update', 'get', 'callable'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export interface Operation {
  id: number;
  type: OperationType;
  /** The document or collection path, or the callable's name. */
  path: string;
  /** The collection the path names (its last collection segment), or the callable's name. */
  collection: string;
  durationMs: number;
  docCount: number;
  at: Date;
  component: string;
  stack: string | null;
  error: string | null;
}

export interface OperationLogSettings {
  /** Operations quicker than this (ms) are not kept: 0 to 100 in steps of 5. */
  minDurationMs: number;
  captureStacks: boolean;
  consoleLogging: boolean;
}

export const DEFAULT_OPERATION_LOG_SETTINGS: OperationLogSettings = {
  minDurationMs: 0,
  captureStacks: true,
  consoleLogging: true,
};

/** The newest operations kept; older ones fall off so a long session does not grow without end. */
export const OPERATIONS_KEPT = 1000;

type Listener = (operations: readonly Operation[]) => void;

let operations: Operation[] = [];
let settings: OperationLogSettings = DEFAULT_OPERATION_LOG_SETTINGS;
let nextId = 1;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener(operations);
}

/** The collection a path names: `users/u1/photos` and `users/u1/photos/p1` are both `photos`. */
export function collectionOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments[segments.length % 2 === 0 ? segments.length - 2 : segments.length - 1] ?? path;
}

/** Where an operation starts: its time and, when stacks are captured, the stack that asked. */
export interface OperationStart {
  startedAt: number;
  stack: string | null;
}

export function startOperation(): OperationStart {
  return {
    startedAt: performance.now(),
    stack: settings.captureStacks ? (new Error('operation').stack ?? null) : null,
  };
}

export function recordOperation(
  start: OperationStart,
  fields: { type: OperationType; path: string; docCount: number; error?: unknown; durationMs?: number },
): void {
  const durationMs = fields.durationMs ?? Math.max(0, performance.now() - start.startedAt);
  if (durationMs < settings.minDurationMs && !fields.error) return;
  const error =
    fields.error === undefined
      ? null
      : fields.error instanceof Error
        ? fields.error.message
        : String(fields.error);
  const operation: Operation = {
    id: nextId++,
    type: fields.type,
    path: fields.path,
    collection: fields.type === 'callable' ? fields.path : collectionOf(fields.path),
    durationMs: Math.round(durationMs * 10) / 10,
    docCount: fields.docCount,
    at: new Date(),
    component: callSite(start.stack).component,
    stack: start.stack,
    error,
  };
  operations = [...operations.slice(-(OPERATIONS_KEPT - 1)), operation];
  if (settings.consoleLogging)
    console.log(
      `[debug] ${operation.type} ${operation.path} ${operation.durationMs} ms, ${operation.docCount} docs (${operation.component})${error ? ` failed: ${error}` : ''}`,
    );
  notify();
}

export function readOperations(): readonly Operation[] {
  return operations;
}

export function resetOperations(): void {
  operations = [];
  notify();
}

export function onOperations(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readOperationLogSettings(): OperationLogSettings {
  return settings;
}

export function setOperationLogSettings(next: OperationLogSettings): void {
  settings = next;
}
