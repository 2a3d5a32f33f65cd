/** The same contract against the Firestore emulator, when one is running (`firebase emulators:exec`). */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe } from 'vitest';
import { FirestoreStore } from './firestore-store';
import { storeContract } from './store-contract';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const reason =
  'FIRESTORE_EMULATOR_HOST is not set (the Firestore emulator needs Java 21; run `npm run emulators` where it is available)';
if (!host) console.warn(`FirestoreStore contract skipped: ${reason}.`);

describe.skipIf(!host)(`FirestoreStore${host ? '' : ` (skipped: ${reason})`}`, () => {
  const app = initializeApp({ projectId: 'demo-photorater' }, 'firestore-contract');
  const firestore = getFirestore(app);
  firestore.settings({ ignoreUndefinedProperties: true });
  afterAll(() => deleteApp(app));
  storeContract(() => new FirestoreStore(firestore));
});
