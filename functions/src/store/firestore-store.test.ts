/**
 * The same contract against the official Firestore emulator, which the unit project's global setup
 * starts (tests/support/firestore-emulator-setup.ts); it skips, saying why, only where none can be had.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, inject } from 'vitest';
import { FirestoreStore } from './firestore-store';
import { storeContract } from './store-contract';

const missing = process.env.FIRESTORE_EMULATOR_HOST ? '' : inject('firestoreEmulatorMissing');
if (missing) console.warn(`FirestoreStore contract skipped: ${missing}.`);

describe.skipIf(Boolean(missing))(`FirestoreStore${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const app = initializeApp({ projectId: 'demo-photorater-contract' }, 'firestore-contract');
  const firestore = getFirestore(app);
  firestore.settings({ ignoreUndefinedProperties: true });
  afterAll(() => deleteApp(app));
  storeContract(() => new FirestoreStore(firestore));
});
