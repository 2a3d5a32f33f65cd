/**
 * The local server's analytics and error logs (design.md section 5: "the local server's log"): the
 * app posts each consented analytics event and each reportable error, and they are appended, one JSON
 * line each, to files in the data folder. Admins read the counts per event and per A/B variant.
 */
import { appendFile, mkdir, readFile, rename, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { RateLimiterMemory } from 'rate-limiter-flexible';
import {
  analyticsEventProblem,
  ANALYTICS_BODY_MAX,
  type LoggedAnalyticsEvent,
  type PostedAnalyticsEvent,
} from '../../../src/domain/analytics';
import type { AnalyticsSummary, VariantCounts } from '../../../src/domain/analytics-summary';
import type { Caller, Clock } from '../handlers/handler';
import { addressKey } from '../handlers/rate-limit';
import { BodyTooLarge, readLimitedBody } from './request-body';
import { receiveErrorReport, reportLimiter, type ReportAnswer } from '../handlers/report-client-error';

export const ANALYTICS_EVENTS_ROUTE = '/api/analytics/events';
export const ANALYTICS_SUMMARY_ROUTE = '/api/analytics/summary';
export const ERROR_REPORTS_ROUTE = '/api/errors';

export const ANALYTICS_LOG = 'analytics-events.jsonl';
export const ERROR_LOG = 'errors.jsonl';
/** A log past this size is moved aside (one older file kept), so a flood cannot fill the disk. */
export const LOG_ROTATE_BYTES = 20 * 1024 * 1024;

/** Events a sender may post a minute: far above what one page sends, far below a flood. */
const EVENTS_PER_MINUTE = 120;

function answer(response: ServerResponse, { status, body }: ReportAnswer): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close' });
  response.end(JSON.stringify(body));
}

/** Counts per event name from the logged events, and per A/B variant from the A/B endpoint's events. */
export function summarize(
  events: Iterable<Pick<LoggedAnalyticsEvent, 'name' | 'params'>>,
  abEvents: Iterable<{ testId: string; variantId: string; variantName: string; eventType: string }> = [],
): AnalyticsSummary {
  const perEvent: Record<string, number> = {};
  const variants = new Map<string, VariantCounts>();
  const count = (testId: string, variantId: string, variantName: string, eventType: string) => {
    const key = JSON.stringify([testId, variantId]);
    const row = variants.get(key) ?? {
      testId,
      variantId,
      variantName,
      assignments: 0,
      conversions: 0,
      interactions: 0,
    };
    if (eventType === 'assignment') row.assignments += 1;
    else if (eventType === 'conversion') row.conversions += 1;
    else if (eventType === 'interaction') row.interactions += 1;
    variants.set(key, row);
  };
  for (const event of events) perEvent[event.name] = (perEvent[event.name] ?? 0) + 1;
  // The variants from the A/B endpoint's own records, which it checks against the running test.
  for (const event of abEvents) count(event.testId, event.variantId, event.variantName, event.eventType);
  const byName = (a: [string, number], b: [string, number]) => b[1] - a[1] || a[0].localeCompare(b[0]);
  return {
    events: Object.entries(perEvent)
      .sort(byName)
      .map(([name, total]) => ({ name, count: total })),
    variants: [...variants.values()].sort(
      (a, b) => a.testId.localeCompare(b.testId) || a.variantId.localeCompare(b.variantId),
    ),
  };
}

export interface EventLogsOptions {
  /** The data folder. */
  dir: string;
  clock: Clock;
  callerOf(request: IncomingMessage): Promise<Caller | null>;
  /** Whether a caller is admin now (`isAdminNow`: their claim and their record), for the summary. */
  isAdmin(caller: Caller): Promise<boolean>;
  /** The A/B events kept by the experiments' endpoint, for the per-variant counts. */
  readAbEvents?: () => Promise<
    Array<{ testId: string; variantId: string; variantName: string; eventType: string }>
  >;
  log?: (line: string) => void;
}

export class EventLogs {
  private readonly eventLimiter: RateLimiterMemory;
  private readonly reportLimiter: RateLimiterMemory;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: EventLogsOptions) {
    this.eventLimiter = reportLimiter(EVENTS_PER_MINUTE);
    this.reportLimiter = reportLimiter();
  }

  static handles(method: string | undefined, pathname: string): boolean {
    return (
      (method === 'POST' && (pathname === ANALYTICS_EVENTS_ROUTE || pathname === ERROR_REPORTS_ROUTE)) ||
      (method === 'GET' && pathname === ANALYTICS_SUMMARY_ROUTE)
    );
  }

  async handle(request: IncomingMessage, response: ServerResponse, pathname: string): Promise<void> {
    const sender = addressKey(request.socket.remoteAddress ?? 'unknown');
    try {
      if (pathname === ANALYTICS_SUMMARY_ROUTE) answer(response, await this.summary(request));
      else if (pathname === ERROR_REPORTS_ROUTE) {
        const raw = await readLimitedBody(request, this.bodyMax(pathname));
        answer(
          response,
          await receiveErrorReport(
            raw,
            sender,
            this.reportLimiter,
            (report) => this.append(ERROR_LOG, report),
            async () => (await this.options.callerOf(request).catch(() => null))?.uid ?? null,
          ),
        );
      } else
        answer(
          response,
          await this.receiveEvent(await readLimitedBody(request, ANALYTICS_BODY_MAX), sender, request),
        );
    } catch (error) {
      if (error instanceof BodyTooLarge)
        answer(response, { status: 413, body: { error: 'The request is too large.' } });
      else if (error instanceof Unauthorized)
        answer(response, { status: error.status, body: { error: error.message } });
      else throw error;
    }
  }

  private bodyMax(pathname: string): number {
    // The report's own limit is checked again by the receiver; this stops reading a flood early.
    return pathname === ERROR_REPORTS_ROUTE ? 16 * 1024 : ANALYTICS_BODY_MAX;
  }

  private async receiveEvent(raw: Buffer, sender: string, request: IncomingMessage): Promise<ReportAnswer> {
    try {
      await this.eventLimiter.consume(sender);
    } catch {
      return { status: 429, body: { error: 'Too many events. Please wait a moment.' } };
    }
    let event: unknown;
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'The event is not JSON.' } };
    }
    const problem = analyticsEventProblem(event);
    if (problem) return { status: 400, body: { error: problem } };
    const { name, params, sentAt } = event as PostedAnalyticsEvent;
    // A token that no longer checks out (signed out since) makes the event a visitor's, not a refusal.
    const caller = await this.options.callerOf(request).catch(() => null);
    const logged: LoggedAnalyticsEvent = { name, params: params ?? {}, userId: caller?.uid ?? null, sentAt };
    await this.append(ANALYTICS_LOG, logged);
    return { status: 202, body: { received: true } };
  }

  private async summary(request: IncomingMessage): Promise<ReportAnswer> {
    const caller = await this.options.callerOf(request).catch(() => {
      throw new Unauthorized(401, 'Please sign in again.');
    });
    if (!caller) throw new Unauthorized(401, 'Please sign in again.');
    if (!(await this.options.isAdmin(caller)))
      throw new Unauthorized(403, 'Only admins may read the analytics.');
    const events = await this.readLog<LoggedAnalyticsEvent>(ANALYTICS_LOG);
    const abEvents = (await this.options.readAbEvents?.()) ?? [];
    return { status: 200, body: { ...summarize(events, abEvents) } };
  }

  /** Every line of a log and its older part; a damaged line (a crash mid-write) is skipped. */
  async readLog<Entry>(name: string): Promise<Entry[]> {
    await this.writing;
    const entries: Entry[] = [];
    for (const file of [rotated(name), name]) {
      let text: string;
      try {
        text = await readFile(path.join(this.options.dir, file), 'utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) {
        if (!line) continue;
        try {
          entries.push(JSON.parse(line) as Entry);
        } catch {
          this.options.log?.(`${file}: a damaged line was skipped`);
        }
      }
    }
    return entries;
  }

  /** Appends one line; writes are queued so lines never interleave and rotation sees a whole file. */
  private append(name: string, entry: object): Promise<void> {
    const line = `${JSON.stringify({ ...entry, receivedAt: this.options.clock.now().toISOString() })}\n`;
    const file = path.join(this.options.dir, name);
    const write = this.writing.then(async () => {
      await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
      const size = await stat(file).then(
        (info) => info.size,
        () => 0,
      );
      if (size + line.length > LOG_ROTATE_BYTES)
        await rename(file, path.join(this.options.dir, rotated(name)));
      await appendFile(file, line, { mode: 0o600 });
    });
    this.writing = write.catch(() => undefined);
    return write;
  }
}

const rotated = (name: string) => name.replace(/\.jsonl$/, '.1.jsonl');

class Unauthorized extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
