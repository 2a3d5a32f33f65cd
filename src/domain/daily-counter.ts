/**
 * The daily limits (spec 1, sections 4 and 6): one Advanced Analytics view a day for free members,
 * 10 View Rating uses a day for subscribers. The handlers that serve them count each member's uses
 * per calendar day in `dailyUses/{uid}`, so signing out or changing device resets nothing.
 */
import { calendarDay } from './streak';

export const FREE_ADVANCED_ANALYTICS_PER_DAY = 1;
export const SUBSCRIBER_VIEW_RATING_PER_DAY = 10;

export const DAILY_LIMIT_MESSAGES = {
  advancedAnalytics:
    "You have used today's free Advanced Analytics view. Premium members see it on every photo, every day.",
  viewRating: `You have used today's ${SUBSCRIBER_VIEW_RATING_PER_DAY} rating views.`,
} as const;

/** The calendar date, YYYY-MM-DD in the runtime's local time. */
export function dateKey(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export type DailyLimit = 'advancedAnalytics' | 'viewRating';

/** One member's uses on one calendar day: the day is the one it was in `timeZone`. */
export interface DailyUses {
  day: number;
  timeZone: string;
  advancedAnalytics?: number;
  viewRating?: number;
}

export const dailyUsesPath = (uid: string) => `dailyUses/${uid}`;

/**
 * Today's uses. The stored day is read in the zone it was counted in, as the streak does, so a client
 * switching time zones cannot start a new day early; a new day starts counting in the member's zone.
 */
export function usesToday(stored: DailyUses | undefined, now: Date, timeZone: string): DailyUses {
  if (stored && calendarDay(now, stored.timeZone) === stored.day) return stored;
  return { day: calendarDay(now, timeZone), timeZone };
}

/** Subscribers always; others while today's free view is not spent. */
export function mayOpenAdvancedAnalytics(subscribed: boolean, used: number): boolean {
  return subscribed || used < FREE_ADVANCED_ANALYTICS_PER_DAY;
}
