/**
 * The official emulators for the Firebase adapter's tests, with the project's rules loaded for the
 * test's own project id and the app's SDK (firebase-app.ts, firebase-auth.ts) connected to them.
 * Firestore and Auth are started here unless FIRESTORE_EMULATOR_HOST or FIREBASE_AUTH_EMULATOR_HOST
 * names a running one; the Realtime Database and Storage are used only where their variables name one
 * (`npm run test:emulators`), as they cannot be had on every machine.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { connectAuthEmulator } from 'firebase/auth';
import { connectDatabaseEmulator, getDatabase } from 'firebase/database';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { startAuthEmulator } from '../../../../scripts/auth-emulator';
import {
  firestoreEmulatorMissing,
  startFirestoreEmulator,
  type RunningEmulator,
} from '../../../../scripts/java-emulators';
import { firebaseApp } from '@/data/firebase-app';
import { auth } from '@/data/firebase-auth';

const root = path.resolve(import.meta.dirname, '../../../..');
const rules = (file: string) => readFileSync(path.join(root, file), 'utf8');

export const databaseEmulatorHost = process.env.FIREBASE_DATABASE_EMULATOR_HOST;
export const storageEmulatorHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;

/** Why the Firestore emulator cannot be had, or undefined when it can. */
export function firestoreMissing(): string | undefined {
  return process.env.FIRESTORE_EMULATOR_HOST ? undefined : firestoreEmulatorMissing();
}

export function hostAndPort(value: string): { host: string; port: number } {
  const colon = value.lastIndexOf(':');
  return { host: value.slice(0, colon).replace(/^\[|\]$/g, ''), port: Number(value.slice(colon + 1)) };
}

export interface AdapterEmulators {
  /** Reads and writes past the rules, as the server's handlers make them. */
  rules: RulesTestEnvironment;
  stop(): Promise<void>;
}

/** A running emulator named by its variable, or one started for this file. */
async function emulator(
  variable: string | undefined,
  start: () => Promise<RunningEmulator>,
): Promise<{ host: string; stop?: () => Promise<void> }> {
  return variable ? { host: variable } : start();
}

export async function startAdapterEmulators(projectId: string): Promise<AdapterEmulators> {
  // Both at once: each takes seconds on a busy machine.
  const started = await Promise.allSettled([
    emulator(process.env.FIRESTORE_EMULATOR_HOST, startFirestoreEmulator),
    emulator(process.env.FIREBASE_AUTH_EMULATOR_HOST, () => startAuthEmulator(projectId)),
  ]);
  const stopAll = () =>
    Promise.all(
      started.map((result) => (result.status === 'fulfilled' ? result.value.stop?.() : undefined)),
    ).then(() => undefined);
  try {
    const [firestore, authEmulator] = started.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    });
    const firestoreAt = hostAndPort(firestore!.host);
    const environment = await initializeTestEnvironment({
      projectId,
      firestore: { ...firestoreAt, rules: rules('firestore.rules') },
      ...(databaseEmulatorHost && {
        database: { ...hostAndPort(databaseEmulatorHost), rules: rules('database.rules.json') },
      }),
      ...(storageEmulatorHost && {
        storage: { ...hostAndPort(storageEmulatorHost), rules: rules('storage.rules') },
      }),
    });
    connectFirestoreEmulator(getFirestore(firebaseApp), firestoreAt.host, firestoreAt.port);
    connectAuthEmulator(auth, `http://${authEmulator!.host}`, { disableWarnings: true });
    if (databaseEmulatorHost) {
      const at = hostAndPort(databaseEmulatorHost);
      connectDatabaseEmulator(getDatabase(firebaseApp), at.host, at.port);
    }
    if (storageEmulatorHost) {
      const at = hostAndPort(storageEmulatorHost);
      connectStorageEmulator(getStorage(firebaseApp), at.host, at.port);
    }
    return {
      rules: environment,
      async stop() {
        await environment.cleanup();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
