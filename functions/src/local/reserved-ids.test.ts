/**
 * Firestore keeps document ids of the form `__name__` to itself and refuses a read of one with
 * INVALID_ARGUMENT. Every callable, with each of its text fields set to such an id, by a member, an
 * admin and (where they may call) a visitor: never a 5xx, whatever the field means. Both stores refuse
 * these ids the same way (the store contract pins it), so this local run shows what Firebase answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallableName } from '../../../src/domain/callables';
import { CALLABLES, VISITOR_CALLABLES } from '../handlers/callable-samples';
import { RateLimiter } from '../handlers/rate-limit';
import { caller, seedMember, seedPhoto } from '../testing';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

const RESERVED = ['__name__', '__x__'];

interface Attempt {
  name: CallableName;
  field: string;
  data: Record<string, unknown>;
}

/** The valid input with one text field, or one text in a list, set to a reserved id. */
function attemptsFor(name: CallableName): Attempt[] {
  const valid = CALLABLES[name].valid as Record<string, unknown>;
  const attempts: Attempt[] = [];
  for (const [field, value] of Object.entries(valid))
    for (const reserved of RESERVED) {
      if (typeof value === 'string') attempts.push({ name, field, data: { ...valid, [field]: reserved } });
      else if (Array.isArray(value) && typeof value[0] === 'string')
        attempts.push({
          name,
          field: `${field}[0]`,
          data: { ...valid, [field]: [reserved, ...value.slice(1)] },
        });
    }
  return attempts;
}

const ALL = (Object.keys(CALLABLES) as CallableName[]).flatMap(attemptsFor);

let test: TestServer;

beforeAll(async () => {
  test = await startTestServer({
    limits: new RateLimiter(1000),
    verifyIdToken: async (token) => {
      if (token === 'token-admin') return caller('admin', { isAdmin: true });
      if (token.startsWith('token-')) return caller(token.slice('token-'.length));
      throw new Error('bad token');
    },
  });
  const { store } = test.context;
  await seedMember(store, 'hostile', { gender: 'male', points: 10 });
  await seedMember(store, 'admin', { isAdmin: true });
  await seedMember(store, 'owner');
  await seedPhoto(store, 'owner', 'p1', { votesCount: 3, rate: 4 });
  await seedPhoto(store, 'hostile', 'h1', { votesCount: 1, rate: 3 });
});

afterAll(async () => {
  await test.close();
});

async function send(attempt: Attempt, token: string | null) {
  const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/${attempt.name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ data: attempt.data }),
  });
  const answer = (await response.json()) as { error?: { message?: string } };
  return { status: response.status, message: answer.error?.message };
}

describe("Firestore's reserved ids in every callable's text fields", () => {
  it('has something to send', () => {
    expect(ALL.length).toBeGreaterThan(40);
  });

  it.each(ALL)('$name with $field reserved, from a member and an admin: never a 5xx', async (attempt) => {
    for (const token of ['token-hostile', 'token-admin']) {
      const { status, message } = await send(attempt, token);
      expect(status, `${token}: ${message}`).toBeLessThan(500);
    }
  });

  it.each(ALL.filter(({ name }) => VISITOR_CALLABLES.includes(name)))(
    '$name with $field reserved, from a visitor: never a 5xx',
    async (attempt) => {
      const { status, message } = await send(attempt, null);
      expect(status, message).toBeLessThan(500);
    },
  );
});
