/**
 * The admin callables as a hostile admin session would call them (a stolen admin token, a page
 * tampered with): bad inputs made from each schema must get a 4xx with a clear message and write
 * nothing, as the member's hostile suite asks of every callable, which an admin claim must not relax.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/domain/admin';
import type { CallableName } from '../../../src/domain/callables';
import { CALLABLES } from '../handlers/callable-samples';
import { RateLimiter } from '../handlers/rate-limit';
import { caller, seedMember, seedPhoto } from '../testing';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

const HUGE = 'x'.repeat(100_000);

function badValues(type: string, optional: boolean): unknown[] {
  switch (type) {
    case 'string':
      return [12345, true, { text: 'x' }, ['x'], null, HUGE, ...(optional ? [] : [''])];
    case 'number':
      return ['4', [3], true, { n: 1 }, null, -1e12, 1e308];
    case 'boolean':
      return ['false', 0, 1, null, { b: true }];
    case 'array':
      return ['x', { 0: 'x' }, null, [{ x: 1 }], [12345], Array.from({ length: 5000 }, () => 'x')];
    case 'mixed':
      return [{ x: 1 }, ['x'], 12345, null, 'not one of the choices'];
    default:
      return [null];
  }
}

const ADMIN_CALLABLES = (Object.keys(CALLABLES) as CallableName[]).filter(
  (name) => name.startsWith('admin') || name === 'generateGenComments',
);

function attemptsFor(name: CallableName): Array<{ name: CallableName; label: string; data: unknown }> {
  const { schema, valid } = CALLABLES[name];
  const fields = (
    schema.describe() as unknown as {
      fields: Record<string, { type: string; optional: boolean; nullable: boolean }>;
    }
  ).fields;
  const attempts: Array<{ name: CallableName; label: string; data: unknown }> = [];
  for (const [field, description] of Object.entries(fields))
    for (const value of badValues(description.type, description.optional)) {
      // A field that takes null (a feature without a value) is not attacked with it.
      if (value === null && description.nullable) continue;
      attempts.push({
        name,
        label: `${field} = ${JSON.stringify(value).slice(0, 40)}`,
        data: { ...valid, [field]: value },
      });
    }
  return attempts;
}

const EXTRA: Array<{ name: CallableName; label: string; data: unknown }> = [
  { name: 'adminListPhotos', label: 'an impossible date cursor', data: { cursor: '2026-13-45T99:99:99Z' } },
  {
    name: 'adminListPhotos',
    label: 'a cursor into another collection',
    data: { cursor: '2026-11-22T10:00:00Z|users/owner/photos/../x' },
  },
  { name: 'adminListLog', label: 'an impossible date cursor', data: { cursor: '2026-13-45T99:99:99Z' } },
  {
    name: 'adminListUsers',
    label: 'an impossible date cursor',
    data: { sort: 'lastVotedAt', cursor: 'owner|2026-13-45T99:99:99Z' },
  },
  { name: 'adminUpdateUser', label: 'a uid that names a photo', data: { uid: 'owner/photos/p1', points: 5 } },
  {
    name: 'adminUpdateUser',
    label: 'a uid that names the admin log',
    data: { uid: '../adminLog/x', points: 5 },
  },
  { name: 'adminDeleteUser', label: 'a uid that names a photo', data: { uid: 'owner/photos/p1' } },
  { name: 'adminUpdateUser', label: 'tokens past any balance', data: { uid: 'owner', points: 2 ** 60 } },
  {
    name: 'adminListUsers',
    label: 'a path cursor',
    data: { sort: 'points', cursor: 'users/owner/photos|5' },
  },
];

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer({
    limits: new RateLimiter(1000),
    // The deputy's token keeps the claim it was minted with, as a real one does until it expires.
    verifyIdToken: async (token) =>
      caller(token.slice('token-'.length), { isAdmin: token === 'token-boss' || token === 'token-deputy' }),
  });
  const { store } = test.context;
  await seedMember(store, 'boss', { isAdmin: true });
  await seedMember(store, 'deputy', { isAdmin: true });
  await seedMember(store, 'owner');
  await seedPhoto(store, 'owner', 'p1', { votesCount: 3, rate: 4 });
});

afterAll(async () => {
  await test.close();
});

describe('hostile input to the admin callables, from an admin', () => {
  it.each([...ADMIN_CALLABLES.flatMap(attemptsFor), ...EXTRA])('$name with $label', async (attempt) => {
    const { store } = test.context;
    const before = await store.contents();
    const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/${attempt.name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-boss' },
      body: JSON.stringify({ data: attempt.data }),
    });
    const answer = (await response.json()) as { error?: { message?: string } };
    expect(response.status, JSON.stringify(answer).slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(answer.error?.message).not.toBe('Something went wrong. Please try again.');
    expect(await store.contents()).toEqual(before);
  });
});

describe('a demoted admin, with the token they still hold', () => {
  const call = (name: string, data: unknown, token: string) =>
    fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/${name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ data }),
    });

  it("is signed out, and can neither take the role back nor take the demoting admin's: 403, nothing written", async () => {
    const { store, revokedAccounts } = test.context;
    expect((await call('adminUpdateUser', { uid: 'deputy', isAdmin: false }, 'token-boss')).status).toBe(200);
    expect(revokedAccounts).toEqual(['deputy']);
    const before = await store.contents();
    for (const [name, data] of [
      ['adminUpdateUser', { uid: 'deputy', isAdmin: true }],
      ['adminUpdateUser', { uid: 'boss', isAdmin: false }],
      ['adminDeleteUser', { uid: 'boss' }],
      ['adminListUsers', {}],
    ] as const) {
      const response = await call(name, data, 'token-deputy');
      expect(response.status, name).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
        ADMIN_MESSAGES.adminOnly,
      );
    }
    expect(await store.contents()).toEqual(before);
  });

  it('leaves the boss unable to drop their own role, and a role they hold is no change', async () => {
    const { store } = test.context;
    const before = await store.contents();
    for (const [isAdmin, message] of [
      [false, ADMIN_MESSAGES.notYourself],
      [true, ADMIN_MESSAGES.nothingChanged],
    ] as const) {
      const response = await call('adminUpdateUser', { uid: 'boss', isAdmin }, 'token-boss');
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await store.contents()).toEqual(before);
  });
});
