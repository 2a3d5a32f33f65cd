/**
 * Sends one error report: scrubbed of anything secret (`errorReport`), with the signed-in member's id
 * when the record names none, to the local server's error log or, on Firebase, the reporting function,
 * with the member's ID token, by which alone the server names the member; and the `error_occurred`
 * analytics event, which consent gates as any other.
 */
import { env } from '@/config/env';
import { errorOccurred } from '@/domain/analytics';
import { errorReport } from '@/domain/error-report';
import type { ErrorRecord } from '@/domain/errors';
import { identifiedMember, identifiedMemberToken, track } from './analytics';
import { callSite } from './call-site';

export const LOCAL_ERRORS_ROUTE = '/api/errors';
export const REPORT_FUNCTION = 'reportClientError';

export function errorReportUrl(): string {
  if (env.backend === 'local') return `${env.localServerUrl}${LOCAL_ERRORS_ROUTE}`;
  const { projectId } = env.firebase;
  if (env.useEmulators) return `${env.localServerUrl}/${projectId}/${env.functionsRegion}/${REPORT_FUNCTION}`;
  return `https://${env.functionsRegion}-${projectId}.cloudfunctions.net/${REPORT_FUNCTION}`;
}

export async function deliverError(record: ErrorRecord, stack?: string, callStack?: string): Promise<void> {
  const userId = record.context?.userId ?? identifiedMember() ?? undefined;
  const site = callStack && !record.context?.component ? callSite(callStack) : null;
  const withMember: ErrorRecord = {
    ...record,
    context: {
      ...(site ? { component: site.component, ...(site.feature ? { feature: site.feature } : {}) } : {}),
      ...record.context,
      userId,
    },
  };
  track(errorOccurred(withMember));
  const report = errorReport(withMember, { stack, path: window.location.pathname, now: new Date() });
  // A token that cannot be had (signed out meanwhile, offline) leaves the report a visitor's.
  const bearer = await identifiedMemberToken()?.().catch(() => null);
  const response = await fetch(errorReportUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(report),
    keepalive: true,
  });
  if (!response.ok) throw new Error(`The error log refused the report (${response.status}).`);
}
