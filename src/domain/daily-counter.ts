/**
 * Per-date counters kept on the device: the free daily Advanced Analytics view and the subscribers'
 * View Rating uses. A key per date; other dates' keys are cleaned when counting.
 */
export interface CounterStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const FREE_ADVANCED_ANALYTICS_PER_DAY = 1;
export const SUBSCRIBER_VIEW_RATING_PER_DAY = 10;

/** The member's calendar date, YYYY-MM-DD in local time. */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function usedToday(storage: CounterStorage, prefix: string, now: Date): number {
  return Number(storage.getItem(`${prefix}${dateKey(now)}`) ?? 0) || 0;
}

export function countUse(storage: CounterStorage, prefix: string, now: Date): number {
  const today = `${prefix}${dateKey(now)}`;
  const stale: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(prefix) && key !== today) stale.push(key);
  }
  for (const key of stale) storage.removeItem(key);
  const count = usedToday(storage, prefix, now) + 1;
  storage.setItem(today, String(count));
  return count;
}

/** Subscribers always; others while today's free view is not spent. */
export function mayOpenAdvancedAnalytics(subscribed: boolean, used: number): boolean {
  return subscribed || used < FREE_ADVANCED_ANALYTICS_PER_DAY;
}
