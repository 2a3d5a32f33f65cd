/**
 * The one way analytics events leave the app, so consent can gate them in one place. Until an
 * analytics endpoint and the consent banner arrive, the sink keeps nothing.
 */
import type { AnalyticsEvent } from '@/domain/analytics';

export type AnalyticsSink = (event: AnalyticsEvent) => void;

let sink: AnalyticsSink = () => undefined;

export function track(event: AnalyticsEvent): void {
  sink(event);
}

/** Where events go from now on (tests listen here); returns the previous sink. */
export function setAnalyticsSink(next: AnalyticsSink): AnalyticsSink {
  const previous = sink;
  sink = next;
  return previous;
}
