/**
 * Each file of the `handlers-firestore` project: refuses to run without the emulator rather than fall
 * back to SQLite unseen, and ends the Firestore clients its tests opened.
 */
import { afterAll, inject } from 'vitest';
import { closeTestStores } from '../../functions/src/testing';

const missing = inject('firestoreEmulatorMissing');
if (missing || !process.env.FIRESTORE_EMULATOR_HOST)
  throw new Error(
    `The handler tests on Firestore need its emulator: ${missing || 'FIRESTORE_EMULATOR_HOST is not set'}.`,
  );

afterAll(() => closeTestStores());
