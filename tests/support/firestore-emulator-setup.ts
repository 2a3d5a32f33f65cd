/**
 * Vitest's global setup for the tests that run on Firestore: starts the official Firestore emulator
 * (scripts/java-emulators.ts) once for the run, unless one is already named by FIRESTORE_EMULATOR_HOST
 * (`firebase emulators:exec`, a developer's own). Each test file works in project ids of its own, so the
 * files share it in parallel. Where no emulator can be had, the tests that need it say why they skip.
 */
import type { TestProject } from 'vitest/node';
import { firestoreEmulatorMissing, startFirestoreEmulator } from '../../scripts/java-emulators';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the Firestore emulator is absent, or '' when FIRESTORE_EMULATOR_HOST names one. */
    firestoreEmulatorMissing: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.FIRESTORE_EMULATOR_HOST) {
    project.provide('firestoreEmulatorMissing', '');
    return undefined;
  }
  const missing = firestoreEmulatorMissing();
  if (missing) {
    project.provide('firestoreEmulatorMissing', missing);
    return undefined;
  }
  const emulator = await startFirestoreEmulator();
  // Workers start after the global setup and inherit its environment: the Admin SDK reads this name.
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  project.provide('firestoreEmulatorMissing', '');
  return () => emulator.stop();
}
