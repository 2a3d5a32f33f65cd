/**
 * The same table of cases against firestore.rules and database.rules.json, through the official
 * emulators. They need Java 21; where they are absent this suite says so and skips.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCESS_CASES, viewerFor, type AccessCase } from './access-cases';

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
const databaseHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
const reason =
  'FIRESTORE_EMULATOR_HOST and FIREBASE_DATABASE_EMULATOR_HOST are not set (those emulators need Java 21; run the tests under `firebase emulators:exec` where they are available)';
const available = Boolean(firestoreHost && databaseHost);
if (!available) console.warn(`Rules tests skipped: ${reason}.`);

function hostAndPort(value: string) {
  const [host, port] = value.split(':');
  return { host: host ?? '127.0.0.1', port: Number(port) };
}

describe.skipIf(!available)(`security rules${available ? '' : ` (skipped: ${reason})`}`, () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    env = await initializeTestEnvironment({
      projectId: 'demo-photorater-rules',
      firestore: { ...hostAndPort(firestoreHost!), rules: readFileSync('firestore.rules', 'utf8') },
      database: { ...hostAndPort(databaseHost!), rules: readFileSync('database.rules.json', 'utf8') },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  function contextFor(access: AccessCase): RulesTestContext {
    const viewer = viewerFor(access.role);
    return viewer ? env.authenticatedContext(viewer.uid) : env.unauthenticatedContext();
  }

  it.each(ACCESS_CASES)('$role $action $path → $allowed', async (access) => {
    await env.withSecurityRulesDisabled(async (admin) => {
      if (access.path.startsWith('status/'))
        await admin.database().ref(access.path).set({ state: 'online', lastChanged: 1 });
      else await admin.firestore().doc(access.path).set({ seeded: true });
    });
    const context = contextFor(access);
    const attempt: Promise<unknown> = access.path.startsWith('status/')
      ? access.action === 'read'
        ? context.database().ref(access.path).get()
        : context.database().ref(access.path).set({ state: 'offline', lastChanged: 2 })
      : access.action === 'read'
        ? context.firestore().doc(access.path).get()
        : context.firestore().doc(access.path).set({ changed: true });
    if (access.allowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
});
