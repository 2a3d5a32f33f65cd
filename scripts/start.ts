/** `npm start`: the whole product on this machine, one URL, Ctrl-C stops everything. */
import { dataDirFromEnv } from './data-folder';
import { exposureWarning, hostFromEnv, portsFromEnv, startLocalStack, type LocalStack } from './local-stack';

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
  console.log('Starting the Auth emulator, the local server and the app...');
  stack = await startLocalStack({
    dataDir,
    host,
    ports: portsFromEnv(),
    demoContent: process.env.DEMO_CONTENT !== 'off',
    debugPanel: process.argv.includes('--debug'),
  });
  console.log(
    `\n  Photorater is running at ${stack.appUrl}\n  Data is kept in ${dataDir}. Press Ctrl-C to stop.\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(0));
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
