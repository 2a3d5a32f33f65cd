/** Helpers for handler tests: a store in memory, a clock that tests move, and callers. */
import type { Caller, Clock, HandlerContext } from './handlers/handler';
import { SqliteStore } from './store/sqlite-store';

export class TestClock implements Clock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  advanceDays(days: number): void {
    this.current = new Date(this.current.getTime() + days * 86_400_000);
  }
}

export function caller(uid: string, extra: Partial<Caller> = {}): Caller {
  return {
    uid,
    email: `${uid}@example.com`,
    emailVerified: false,
    signInProvider: 'password',
    name: null,
    picture: null,
    ...extra,
  };
}

export function testContext(clock = new TestClock(new Date('2026-11-22T10:00:00Z'))) {
  const store = new SqliteStore(':memory:');
  const as = (who: Caller | null): HandlerContext => ({ caller: who, store, clock });
  return { store, clock, as };
}
