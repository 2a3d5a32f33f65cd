import { describe, expect, it } from 'vitest';
import type { Caller } from '../handlers/handler';
import { caller } from '../testing';
import { CheckedTokens } from './checked-tokens';

const START = Date.parse('2026-11-22T10:00:00Z');
const HOUR = 3_600_000;

/** An emulator that knows which tokens belong to whom, counts its checks and can refuse accounts. */
function fakeEmulator() {
  const owners = new Map([
    ['token-ada', 'ada'],
    ['token-ada-2', 'ada'],
    ['token-bob', 'bob'],
  ]);
  const refused = new Set<string>();
  const state = { checks: 0, now: START };
  const check = async (token: string): Promise<Caller> => {
    state.checks += 1;
    const uid = owners.get(token);
    if (!uid || refused.has(uid)) throw new Error('auth/user-disabled');
    return caller(uid, { expiresAt: new Date(START + HOUR) });
  };
  return { check, refused, state, now: () => state.now };
}

describe('checked tokens', () => {
  it('asks once per token while the answer is fresh, and again after it ages', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now, 30_000);
    await tokens.verify('token-ada');
    emulator.state.now += 29_000;
    expect((await tokens.verify('token-ada')).uid).toBe('ada');
    expect(emulator.state.checks).toBe(1);
    emulator.state.now += 2_000;
    await tokens.verify('token-ada');
    expect(emulator.state.checks).toBe(2);
  });

  it('shares one check among calls made at the same moment', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now);
    const callers = await Promise.all(Array.from({ length: 20 }, () => tokens.verify('token-bob')));
    expect(new Set(callers.map((one) => one.uid))).toEqual(new Set(['bob']));
    expect(emulator.state.checks).toBe(1);
  });

  it('never trusts a token past its own expiry', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now, 2 * HOUR);
    await tokens.verify('token-ada');
    emulator.state.now = START + HOUR + 1;
    await tokens.verify('token-ada');
    expect(emulator.state.checks).toBe(2);
  });

  it('does not remember a refusal, so a later call is asked afresh', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now);
    await expect(tokens.verify('token-nobody')).rejects.toThrow('auth/user-disabled');
    await expect(tokens.verify('token-nobody')).rejects.toThrow('auth/user-disabled');
    expect(emulator.state.checks).toBe(2);
    expect(tokens.size).toBe(0);
  });

  it('forgets every token of a changed member at once, and only theirs', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now);
    await Promise.all(['token-ada', 'token-ada-2', 'token-bob'].map((token) => tokens.verify(token)));
    emulator.refused.add('ada');
    tokens.forget('ada');
    await expect(tokens.verify('token-ada')).rejects.toThrow('auth/user-disabled');
    await expect(tokens.verify('token-ada-2')).rejects.toThrow('auth/user-disabled');
    expect((await tokens.verify('token-bob')).uid).toBe('bob');
    expect(emulator.state.checks).toBe(5);
  });

  it('forgets a check still under way when an account changes, since its answer may be stale', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now);
    const underWay = tokens.verify('token-ada');
    tokens.forget('ada');
    await underWay;
    emulator.refused.add('ada');
    await expect(tokens.verify('token-ada')).rejects.toThrow('auth/user-disabled');
  });

  it('keeps at most its capacity, dropping the oldest first', async () => {
    const emulator = fakeEmulator();
    const tokens = new CheckedTokens(emulator.check, emulator.now, 30_000, 2);
    for (const token of ['token-ada', 'token-ada-2', 'token-bob']) await tokens.verify(token);
    expect(tokens.size).toBe(2);
    await tokens.verify('token-bob');
    expect(emulator.state.checks).toBe(3);
    await tokens.verify('token-ada');
    expect(emulator.state.checks).toBe(4);
  });
});
