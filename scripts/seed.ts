/**
 * `npm run seed`: demo members, photos and votes in the local backend's data folder, when it has no
 * member yet (`npm start` does the same by itself on a new data folder). Image links point at the
 * local server's port (LOCAL_SERVER_PORT, 5001 by default).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { LocalFileStore } from '../functions/src/files/local-file-store';
import { systemClock } from '../functions/src/handlers/handler';
import { seedDemoContent } from '../functions/src/local/demo-content';
import { SqliteStore } from '../functions/src/store/sqlite-store';
import { dataDirFromEnv } from './data-folder';
import { portsFromEnv } from './local-stack';

const dataDir = dataDirFromEnv();
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const store = new SqliteStore(path.join(dataDir, 'store.sqlite'));
const files = new LocalFileStore(path.join(dataDir, 'files'), `http://127.0.0.1:${portsFromEnv().server}`);
try {
  const added = await seedDemoContent({ store, files, clock: systemClock });
  console.log(added ? `Demo content added to ${dataDir}.` : `${dataDir} already has members; nothing added.`);
} finally {
  store.close();
}
