/**
 * database.rules.json read as data, where the Realtime Database emulator cannot be had (the rules are
 * tested in the emulator by rules.test.ts under `npm run test:emulators`): a member's presence holds
 * `state` and a server-set `lastChanged`, and nothing else. The presence rules' expressions are plain
 * JavaScript, so whole writes are also tried against them here, with the emulator's few helpers.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

interface RulesNode {
  [key: string]: RulesNode | string | boolean;
}

const rules = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../database.rules.json'), 'utf8')) as {
    rules: RulesNode;
  }
).rules;
const presence = (rules.status as RulesNode).$uid as RulesNode;
const child = (name: string) => presence[name] as RulesNode;

describe('the presence rules', () => {
  it('let only the member read and write their own, and nobody anything else', () => {
    expect(rules['.read']).toBe(false);
    expect(rules['.write']).toBe(false);
    expect(presence['.read']).toBe('auth != null && auth.uid === $uid');
    expect(presence['.write']).toBe('auth != null && auth.uid === $uid');
  });

  it('ask for both fields, each checked: a state of two words, the time the server writes', () => {
    expect(presence['.validate']).toBe("newData.hasChildren(['state', 'lastChanged'])");
    expect(child('state')['.validate']).toMatch(/newData\.isString\(\)/);
    expect(child('state')['.validate']).toMatch(
      /newData\.val\(\) === 'online' \|\| newData\.val\(\) === 'offline'/,
    );
    expect(child('lastChanged')['.validate']).toMatch(/newData\.val\(\) === now/);
  });

  it('refuse any other child', () => {
    const others = Object.keys(presence).filter((key) => key.startsWith('$'));
    expect(others).toHaveLength(1);
    expect(child(others[0]!)['.validate']).toBe(false);
    expect(
      Object.keys(presence)
        .filter((key) => !key.startsWith('.') && !key.startsWith('$'))
        .sort(),
    ).toEqual(['lastChanged', 'state']);
  });
});

/** The few parts of a rules snapshot the presence rules use. */
function snapshot(value: unknown) {
  return {
    val: () => value,
    isString: () => typeof value === 'string',
    isNumber: () => typeof value === 'number',
    hasChildren: (keys: string[]) =>
      typeof value === 'object' && value !== null && keys.every((key) => key in value),
  };
}

const NOW = Date.parse('2026-11-22T10:00:00Z');
const SERVER_TIME = { '.sv': 'timestamp' };

function holds(expression: string | boolean, variables: Record<string, unknown>): boolean {
  if (typeof expression === 'boolean') return expression;
  const names = Object.keys(variables);
  return new Function(...names, `return (${expression});`)(...names.map((name) => variables[name])) === true;
}

/** Whether the rules let `uid` set `status/{owner}` to `value`, the server's time filled in as the database does. */
function allowsWrite(uid: string | null, owner: string, value: Record<string, unknown>): boolean {
  const written = Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      JSON.stringify(field) === JSON.stringify(SERVER_TIME) ? NOW : field,
    ]),
  );
  const variables = { auth: uid ? { uid } : null, $uid: owner, now: NOW };
  if (!holds(presence['.write'] as string, variables)) return false;
  if (!holds(presence['.validate'] as string, { ...variables, newData: snapshot(written) })) return false;
  return Object.entries(written).every(([key, field]) => {
    const rule = key in presence ? child(key) : child('$other');
    return holds(rule['.validate'] as string | boolean, { ...variables, newData: snapshot(field) });
  });
}

describe('a whole write to a presence, tried against the rules', () => {
  it("takes what the app's presence writes (src/data/firebase/presence.ts), the member's own only", () => {
    for (const state of ['online', 'offline']) {
      expect(allowsWrite('alice', 'alice', { state, lastChanged: SERVER_TIME })).toBe(true);
      expect(allowsWrite('bob', 'alice', { state, lastChanged: SERVER_TIME })).toBe(false);
      expect(allowsWrite(null, 'alice', { state, lastChanged: SERVER_TIME })).toBe(false);
    }
  });

  it.each([
    ['a time of its own', { state: 'online', lastChanged: 2 }],
    ['a time ten years on', { state: 'online', lastChanged: NOW + 10 * 365 * 86_400_000 }],
    ['a time as text', { state: 'online', lastChanged: String(NOW) }],
    ['another state', { state: 'away', lastChanged: SERVER_TIME }],
    ['a state that is not text', { state: true, lastChanged: SERVER_TIME }],
    ['no time', { state: 'online' }],
    ['no state', { lastChanged: SERVER_TIME }],
    ['an extra child', { state: 'online', lastChanged: SERVER_TIME, note: 'x'.repeat(1000) }],
    ['an extra tree', { state: 'online', lastChanged: SERVER_TIME, files: { a: { b: 'x' } } }],
  ])('refuses %s', (_label, value) => {
    expect(allowsWrite('alice', 'alice', value)).toBe(false);
  });
});
