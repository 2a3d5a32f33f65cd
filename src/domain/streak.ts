/**
 * The daily login streak (spec 1, section 4; design.md section 4). Days are calendar days in the
 * member's time zone: the same day changes nothing, the next day adds one, a larger gap starts over
 * at 1; every counted day earns 5 tokens.
 */
export const STREAK_DAY_TOKENS = 5;

/** Whether a time zone name is one the runtime knows (the client sends it; the server checks it). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Days since 1970-01-01 of the calendar date `date` falls on in `timeZone`. */
export function calendarDay(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

export interface StreakStep {
  loginStreak: number;
  tokens: number;
  /** False when today was already counted: nothing to write. */
  counted: boolean;
}

/**
 * The last counted day is the date it was in the zone it was counted in (`previous.timeZone`), not
 * re-read in today's zone: otherwise a client sending, hour by hour, whichever zone has just passed
 * midnight would count a new day each time. Compared as dates, every zone reaches a given date
 * within the same real day, so a member gains at most one day by changing zones, once.
 */
export function nextStreak(
  previous: { loginStreak: number; lastLogin?: Date; timeZone?: string },
  now: Date,
  timeZone: string,
): StreakStep {
  if (!previous.lastLogin) return { loginStreak: 1, tokens: STREAK_DAY_TOKENS, counted: true };
  const lastDay = calendarDay(previous.lastLogin, previous.timeZone ?? timeZone);
  const gap = calendarDay(now, timeZone) - lastDay;
  if (gap <= 0) return { loginStreak: previous.loginStreak, tokens: 0, counted: false };
  if (gap === 1) return { loginStreak: previous.loginStreak + 1, tokens: STREAK_DAY_TOKENS, counted: true };
  return { loginStreak: 1, tokens: STREAK_DAY_TOKENS, counted: true };
}

/** A celebration at 7, 30 and every multiple of 50. */
export function isStreakMilestone(streak: number): boolean {
  return streak === 7 || streak === 30 || (streak > 0 && streak % 50 === 0);
}

export function streakBadge(streak: number): 'Building momentum' | 'On fire' | 'legend' {
  if (streak >= 30) return 'legend';
  if (streak >= 7) return 'On fire';
  return 'Building momentum';
}
