/**
 * The same table of cases against firestore.rules, database.rules.json and storage.rules, through the
 * official emulators: Firestore's in every run, the other two where `npm run test:emulators` provides
 * them. The cases of an absent emulator say so and skip.
 */
import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { ACCESS_CASES, OWNER_UID, viewerFor, type AccessCase } from './access-cases';

const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;
const databaseHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

/** Which service holds a case's path. */
const serviceOf = (access: AccessCase) =>
  access.path.startsWith('images/')
    ? 'storage'
    : access.path.startsWith('status/')
      ? 'database'
      : 'firestore';

// The unit project's global setup starts the Firestore emulator; the other two come only from
// `npm run test:emulators` (firebase-tools downloads them, where Google can be reached).
const missing: Record<ReturnType<typeof serviceOf>, string> = {
  firestore: firestoreHost ? '' : inject('firestoreEmulatorMissing'),
  database: databaseHost
    ? ''
    : 'FIREBASE_DATABASE_EMULATOR_HOST is not set (the Realtime Database emulator is a download; run `npm run test:emulators` where it can be had)',
  storage: storageHost
    ? ''
    : 'FIREBASE_STORAGE_EMULATOR_HOST is not set (the Storage emulator is a download; run `npm run test:emulators` where it can be had)',
};
for (const [service, reason] of Object.entries(missing))
  if (reason) console.warn(`Rules tests of ${service} skipped: ${reason}.`);

/** The Realtime Database's server timestamp, as the SDK sends `serverTimestamp()`. */
const SERVER_TIME = { '.sv': 'timestamp' };

/**
 * Writes to a member's own presence beyond the table's plain yes or no: only `state` ('online' or
 * 'offline') and `lastChanged` (the server's time of the write), as `src/data/firebase/presence.ts`
 * writes them, and nothing else.
 */
const PRESENCE_WRITES: Array<{ label: string; path: string; value: unknown; allowed: boolean }> = [
  {
    label: 'online, at the server time',
    path: '',
    value: { state: 'online', lastChanged: SERVER_TIME },
    allowed: true,
  },
  {
    label: 'offline, at the server time',
    path: '',
    value: { state: 'offline', lastChanged: SERVER_TIME },
    allowed: true,
  },
  { label: 'a time of its own', path: '', value: { state: 'online', lastChanged: 2 }, allowed: false },
  {
    label: 'a time ten years on',
    path: '',
    value: { state: 'online', lastChanged: Date.now() + 10 * 365 * 86_400_000 },
    allowed: false,
  },
  { label: 'a time as text', path: '', value: { state: 'online', lastChanged: 'now' }, allowed: false },
  { label: 'another state', path: '', value: { state: 'away', lastChanged: SERVER_TIME }, allowed: false },
  {
    label: 'a state that is not text',
    path: '',
    value: { state: true, lastChanged: SERVER_TIME },
    allowed: false,
  },
  { label: 'no time', path: '', value: { state: 'online' }, allowed: false },
  {
    label: 'an extra child',
    path: '',
    value: { state: 'online', lastChanged: SERVER_TIME, note: 'x'.repeat(1000) },
    allowed: false,
  },
  {
    label: 'an extra tree',
    path: '',
    value: { state: 'online', lastChanged: SERVER_TIME, files: { a: { b: 'x' } } },
    allowed: false,
  },
  { label: 'an extra child alone', path: '/note', value: 'x', allowed: false },
  { label: 'a time alone', path: '/lastChanged', value: 5, allowed: false },
  { label: 'another state alone', path: '/state', value: 'away', allowed: false },
];

function hostAndPort(value: string) {
  const [host, port] = value.split(':');
  return { host: host ?? '127.0.0.1', port: Number(port) };
}

describe('security rules', () => {
  let env: RulesTestEnvironment;
  const hostOf = (host: string | undefined, rules: string) =>
    host ? { ...hostAndPort(host), rules: readFileSync(rules, 'utf8') } : undefined;

  beforeAll(async () => {
    if (missing.firestore && missing.database && missing.storage) return;
    env = await initializeTestEnvironment({
      projectId: 'demo-photorater-rules',
      firestore: hostOf(firestoreHost, 'firestore.rules'),
      database: hostOf(databaseHost, 'database.rules.json'),
      storage: hostOf(storageHost, 'storage.rules'),
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  function contextFor(access: AccessCase): RulesTestContext {
    const viewer = viewerFor(access.role);
    if (!viewer) return env.unauthenticatedContext();
    // An admin's token carries the claim the hosts read (`Caller.isAdmin`).
    return env.authenticatedContext(viewer.uid, viewer.isAdmin ? { admin: true } : undefined);
  }

  /** The attempt a case describes, against the service that holds its path. */
  function attemptFor(access: AccessCase, context: RulesTestContext): Promise<unknown> {
    const { path, action } = access;
    if (path.startsWith('images/')) {
      const file = context.storage().ref(path);
      const contentType = access.contentType ?? 'image/jpeg';
      return action === 'read'
        ? file.getMetadata()
        : Promise.resolve(file.put(new Uint8Array([0xff, 0xd8, 0xff]), { contentType }));
    }
    if (path.startsWith('status/')) {
      const node = context.database().ref(path);
      return action === 'read' ? node.get() : node.set({ state: 'offline', lastChanged: SERVER_TIME });
    }
    const isCollection = path.split('/').length % 2 === 1;
    if (isCollection) return context.firestore().collection(path).get();
    const doc = context.firestore().doc(path);
    return action === 'read' ? doc.get() : doc.set({ changed: true });
  }

  describe.skipIf(Boolean(missing.database))(
    `database: what a member writes to their presence${missing.database ? ` (skipped: ${missing.database})` : ''}`,
    () => {
      it.each(PRESENCE_WRITES)('$label → $allowed', async ({ path, value, allowed }) => {
        await env.withSecurityRulesDisabled(async (admin) => {
          await admin.database().ref('status/alice').set({ state: 'online', lastChanged: 1 });
        });
        const attempt = env.authenticatedContext(OWNER_UID).database().ref(`status/alice${path}`).set(value);
        if (allowed) await assertSucceeds(attempt);
        else await assertFails(attempt);
      });
    },
  );

  for (const service of ['firestore', 'database', 'storage'] as const) {
    const cases = ACCESS_CASES.filter((access) => serviceOf(access) === service);
    const reason = missing[service];
    describe.skipIf(Boolean(reason))(`${service}${reason ? ` (skipped: ${reason})` : ''}`, () => {
      it.each(cases)('$role $action $path → $allowed', async (access) => {
        await env.withSecurityRulesDisabled(async (admin) => {
          if (access.path.startsWith('images/')) {
            // Reads need a file there; an upload finds one only when the case says so.
            if (access.action === 'write' && !access.exists) return;
            await admin
              .storage()
              .ref(access.path)
              .put(new Uint8Array([0xff, 0xd8, 0xff]), { contentType: 'image/jpeg' });
          } else if (access.path.startsWith('status/')) {
            await admin.database().ref(access.path).set({ state: 'online', lastChanged: 1 });
          } else if (access.path.split('/').length % 2 === 0) {
            await admin.firestore().doc(access.path).set({ seeded: true });
          }
        });
        const attempt = attemptFor(access, contextFor(access));
        if (access.allowed) await assertSucceeds(attempt);
        else await assertFails(attempt);
      });
    });
  }
});
