/**
 * `npm run admin -- grant EMAIL` (or `revoke EMAIL`): makes a member admin, or no longer, for the first
 * admin of a backend; after that, admins do it from /admin.
 *
 * Locally it works on the data folder (DATA_DIR) of a running `npm start`: the account lives in that
 * run's Auth emulator, the mirror in its SQLite store. With `--project PROJECT_ID` it works on Firebase,
 * signed in with application default credentials (`gcloud auth application-default login`, or
 * GOOGLE_APPLICATION_CREDENTIALS naming a service account key).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { applicationDefault, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { adminClaims, setAdminRole } from '../functions/src/handlers/admin-role';
import { systemClock } from '../functions/src/handlers/handler';
import { runningEmulatorUrl } from '../functions/src/local/emulator-process';
import { FirestoreStore } from '../functions/src/store/firestore-store';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import type { Store } from '../functions/src/store/store';
import { dataDirFromEnv } from './data-folder';
import { PROJECT_ID } from './local-stack';

const USAGE = 'Usage: npm run admin -- grant|revoke EMAIL [--project FIREBASE_PROJECT_ID]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { project: { type: 'string' } },
});
const [action, email] = positionals;
if ((action !== 'grant' && action !== 'revoke') || !email || positionals.length !== 2) fail(USAGE);

let store: Store;
let close = () => {};
if (values.project) {
  initializeApp({ projectId: values.project, credential: applicationDefault() });
  const firestore = getFirestore();
  firestore.settings({ ignoreUndefinedProperties: true });
  store = new FirestoreStore(firestore);
} else {
  const dataDir = dataDirFromEnv();
  const authUrl = runningEmulatorUrl(path.join(dataDir, 'emulator'));
  if (!authUrl)
    fail(`No local backend is running on ${dataDir}: start it with npm start, then run this again.`);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(authUrl).host;
  initializeApp({ projectId: PROJECT_ID });
  const sqlite = new SqliteStore(path.join(dataDir, 'store.sqlite'));
  store = sqlite;
  close = () => sqlite.close();
}

try {
  const claims = adminClaims(getAuth());
  const uid = await claims.uidByEmail(email);
  if (!uid) fail(`No account has the e-mail ${email}.`);
  try {
    await setAdminRole({ store, claims, clock: systemClock }, uid, action === 'grant');
  } catch (error) {
    // The last admin's role stays: a clear word, not a stack.
    if (error instanceof HttpsError) fail(error.message);
    throw error;
  }
  console.log(
    action === 'grant'
      ? `${email} is now an admin; it takes effect when they next sign in.`
      : `${email} is no longer an admin, at once, and is signed out everywhere.`,
  );
} finally {
  close();
}
