/**
 * The callable protocol as the Functions emulator speaks it, so the client's `httpsCallable`
 * works unchanged against the local server: POST `/{project}/{region}/{name}` with `{ data }`,
 * answered with `{ result }` or `{ error: { status, message, details } }`.
 */
import type { HttpsError } from 'firebase-functions/v2/https';

export function callablePathPattern(projectId: string, region: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^/${escape(projectId)}/${escape(region)}/([A-Za-z][A-Za-z0-9]*)$`);
}

export function errorBody(error: HttpsError): { status: number; body: string } {
  return { status: error.httpErrorCode.status, body: JSON.stringify({ error: error.toJSON() }) };
}

export function resultBody(result: unknown): string {
  return JSON.stringify({ result: result ?? null });
}
