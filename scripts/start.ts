/**
 * `npm start`: the whole product on this machine, one URL, Ctrl-C stops everything. The app is its
 * production build with the service worker, as members get it; `npm run dev` (`--dev`) serves Vite's
 * hot-reloading development server instead.
 */
import path from 'node:path';
import { dataDirFromEnv } from './data-folder';
import {
  exposureWarning,
  hostFromEnv,
  LOCAL_BUILD_DIR,
  portsFromEnv,
  startLocalStack,
  type LocalStack,
} from './local-stack';

const dev = process.argv.includes('--dev');

let stack: LocalStack | undefined;
let stopping = false;

function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping...');
  (stack?.stop() ?? Promise.resolve()).then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

// A crash still stops the stack properly, so the accounts made since the last save are kept.
process.on('uncaughtException', (error) => {
  console.error(error);
  shutdown(1);
  // A stop that hangs in a broken process still ends it; the emulator goes with it.
  setTimeout(() => process.exit(1), 30_000).unref();
});

try {
  const host = hostFromEnv();
  const warning = exposureWarning(host);
  if (warning) console.warn(`\nWarning: ${warning}\n`);
  const dataDir = dataDirFromEnv();
  console.log(
    `Starting the Auth emulator, the local server and the app (${dev ? 'development server' : 'production build'})...`,
  );
  stack = await startLocalStack({
    dataDir,
    host,
    ports: portsFromEnv(),
    demoContent: process.env.DEMO_CONTENT !== 'off',
    debugPanel: process.argv.includes('--debug'),
    app: dev ? 'dev' : 'build',
    buildDir: process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : LOCAL_BUILD_DIR,
  });
  console.log(
    `\n  Photorater is running at ${stack.appUrl}\n  Data is kept in ${dataDir}. Press Ctrl-C to stop.\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(0));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
