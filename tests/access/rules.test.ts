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
const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
const reason =
  'FIRESTORE_EMULATOR_HOST, FIREBASE_DATABASE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST are not all set (those emulators need Java 21; run `npm run test:emulators` where they are available)';
const available = Boolean(firestoreHost && databaseHost && storageHost);
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
      storage: { ...hostAndPort(storageHost!), rules: readFileSync('storage.rules', 'utf8') },
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
      return action === 'read' ? node.get() : node.set({ state: 'offline', lastChanged: 2 });
    }
    const isCollection = path.split('/').length % 2 === 1;
    if (isCollection) return context.firestore().collection(path).get();
    const doc = context.firestore().doc(path);
    return action === 'read' ? doc.get() : doc.set({ changed: true });
  }

  it.each(ACCESS_CASES)('$role $action $path → $allowed', async (access) => {
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
