/**
 * Every callable, as a hostile client would call it over HTTP: for each one, bad inputs generated
 * from its schema (wrong types, missing and extra fields, prototype keys, huge and empty text,
 * numbers out of range, bodies that are not what the protocol says). Each must be answered with a
 * 4xx and a clear message, and leave the store and the files exactly as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallableName } from '../../../src/domain/callables';
import { handlers } from '../handlers';
import { CALLABLES, VISITOR_CALLABLES } from '../handlers/callable-samples';
import { RateLimiter } from '../handlers/rate-limit';
import { seedMember, seedPhoto } from '../testing';
import { startTestServer, TEST_PROJECT, TEST_REGION, type TestServer } from './test-server';

interface FieldDescription {
  type: string;
  optional: boolean;
}

const HUGE = 'x'.repeat(100_000);

/** Values of the wrong kind for a field of this type, and values of its kind that no schema takes. */
function badValues(field: FieldDescription): unknown[] {
  const notText = [12345, true, { text: 'x' }, ['x'], null];
  switch (field.type) {
    case 'string':
      return [...notText, HUGE, ...(field.optional ? [] : [''])];
    case 'number':
      return ['4', [3], true, { n: 1 }, null, -1e12];
    case 'boolean':
      return ['false', 0, 1, null, { b: true }];
    case 'array':
      return ['x', { 0: 'x' }, null, [{ x: 1 }], [12345], Array.from({ length: 5000 }, () => 'x')];
    case 'tuple':
      return ['18-37', [18], [18, 37, 50], ['18', '37'], [{}, 37], { 0: 18, 1: 37 }, null, [-5, 1e9]];
    case 'mixed':
      return [{ x: 1 }, ['x'], 12345, null, 'not one of the choices'];
    default:
      return [null];
  }
}

interface Attempt {
  name: CallableName;
  label: string;
  /** The request body exactly as sent. */
  body: string;
}

/** `{"data": <valid with one key added>}`, written by hand so that keys like __proto__ survive. */
function withRawKey(valid: Record<string, unknown>, key: string, value: string): string {
  const inner = JSON.stringify(valid);
  const joined = inner === '{}' ? `{"${key}":${value}}` : `${inner.slice(0, -1)},"${key}":${value}}`;
  return `{"data":${joined}}`;
}

function attemptsFor(name: CallableName): Attempt[] {
  const { schema, valid } = CALLABLES[name];
  const fields = (schema.describe() as unknown as { fields: Record<string, FieldDescription> }).fields;
  const attempts: Attempt[] = [];
  const add = (label: string, data: unknown) =>
    attempts.push({ name, label, body: JSON.stringify({ data }) });
  for (const [field, description] of Object.entries(fields)) {
    for (const value of badValues(description)) {
      add(`${field} = ${JSON.stringify(value).slice(0, 40)}`, { ...valid, [field]: value });
    }
    if (!description.optional) {
      add(`${field} missing`, Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
    }
  }
  add('an extra field', { ...valid, isAdmin: true });
  add('an extra field of tokens', { ...valid, points: 1_000_000 });
  for (const key of ['__proto__', 'constructor', 'prototype'])
    attempts.push({ name, label: `a ${key} key`, body: withRawKey(valid, key, '{"isAdmin":true}') });
  const firstField = Object.keys(valid)[0];
  if (firstField)
    attempts.push({
      name,
      label: 'a __proto__ key one level down',
      body: `{"data":${JSON.stringify({ ...valid, [firstField]: 'PLACEHOLDER' }).replace('"PLACEHOLDER"', '{"__proto__":{"isAdmin":true}}')}}`,
    });
  for (const data of ['text', 42, [valid], true]) add(`data = ${JSON.stringify(data).slice(0, 30)}`, data);
  attempts.push({ name, label: 'a body that is not JSON', body: '{"data":' });
  attempts.push({ name, label: 'a body that is a list', body: '[]' });
  return attempts;
}

const ALL_ATTEMPTS = (Object.keys(CALLABLES) as CallableName[]).flatMap(attemptsFor);

let test: TestServer;

beforeAll(async () => {
  // Limits raised: this test sends hundreds of calls on purpose; the limits have their own test.
  test = await startTestServer({ limits: new RateLimiter(1000) });
  const { store, files } = test.context;
  await seedMember(store, 'hostile', { gender: 'male', points: 10 });
  await seedMember(store, 'owner');
  await seedPhoto(store, 'owner', 'p1', { votesCount: 3, rate: 4 });
  await seedPhoto(store, 'hostile', 'h1', { votesCount: 1, rate: 3 });
  await files.write('images/hostile/uploads/a.jpg', Buffer.from('jpeg'), { contentType: 'image/jpeg' });
});

afterAll(async () => {
  await test.close();
});

describe('hostile input to every callable', () => {
  it('has a row for every callable the hosts serve', () => {
    expect(Object.keys(CALLABLES).sort()).toEqual(Object.keys(handlers).sort());
  });

  it.each(ALL_ATTEMPTS)('$name with $label: a 4xx, a clear message, nothing written', async (attempt) => {
    const { store, files } = test.context;
    const before = { documents: await store.contents(), files: await files.list('images/') };
    const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/${attempt.name}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-hostile' },
      body: attempt.body,
    });
    const answer = (await response.json()) as { error?: { message?: string } };
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(answer.error?.message).toMatch(/\w/);
    expect(answer.error?.message).not.toBe('Something went wrong. Please try again.');
    expect({ documents: await store.contents(), files: await files.list('images/') }).toEqual(before);
  });

  it.each(VISITOR_CALLABLES.flatMap(attemptsFor))(
    '$name from a visitor with $label: a 4xx, a clear message, nothing written',
    async (attempt) => {
      const { store } = test.context;
      const before = await store.contents();
      const response = await fetch(`${test.server.url}/${TEST_PROJECT}/${TEST_REGION}/${attempt.name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: attempt.body,
      });
      const answer = (await response.json()) as { error?: { message?: string } };
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(answer.error?.message).toMatch(/\w/);
      expect(await store.contents()).toEqual(before);
    },
  );

  it.each((Object.keys(CALLABLES) as CallableName[]).filter((name) => !VISITOR_CALLABLES.includes(name)))(
    '%s refuses a visitor with 401 and writes nothing',
    async (name) => {
      const { store } = test.context;
      const before = await store.contents();
      const response = await test.post(name, { data: CALLABLES[name].valid });
      expect(response.status).toBe(401);
      expect(await store.contents()).toEqual(before);
    },
  );

  it('answers a body over 1 MiB with 413, not a reset, and the server goes on', async () => {
    const response = await test.post(
      'getLeaderboard',
      { data: { padding: 'x'.repeat(1_100_000) } },
      'token-hostile',
    );
    expect(response.status).toBe(413);
    expect((response.body.error as { message: string }).message).toBe('The request is too large.');
    expect((await test.post('getLeaderboard', { data: {} }, 'token-hostile')).status).toBe(200);
  });

  it('answers an unknown callable and a malformed request target with a 4xx', async () => {
    expect((await test.post('noSuchThing', { data: {} }, 'token-hostile')).status).toBe(404);
    expect((await test.post('constructor', { data: {} }, 'token-hostile')).status).toBe(404);
    expect((await test.post('__proto__', { data: {} }, 'token-hostile')).status).toBe(404);
  });
});

describe('per-sender rate limits', () => {
  it('limits a visitor by network address: Contact us cannot flood the store', async () => {
    const limited = await startTestServer();
    try {
      const send = () =>
        limited.post('sendContactMessage', {
          data: { email: 'visitor@example.com', message: 'Hello there, a question for you.' },
        });
      const answers = [];
      for (let n = 0; n < 5; n++) answers.push(await send());
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
      expect(await limited.context.store.query('contact')).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('refuses calls past the limit with a clear message, for that member only', async () => {
    const limited = await startTestServer({ limits: new RateLimiter(0.1) });
    try {
      await seedMember(limited.context.store, 'eager');
      await seedMember(limited.context.store, 'calm');
      // getLeaderboard allows 60 calls a minute; a tenth of that is 6.
      const first = await limited.post('getLeaderboard', { data: {} }, 'token-eager');
      expect(first.status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => limited.post('getLeaderboard', { data: {} }, 'token-eager')),
      );
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect((refused[0]!.body.error as { message: string }).message).toBe(
        "You're going too fast. Please wait a moment and try again.",
      );
      expect((await limited.post('getLeaderboard', { data: {} }, 'token-calm')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
