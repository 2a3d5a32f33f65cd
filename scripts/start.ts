/** `npm start`: the whole product on this machine, one URL, Ctrl-C stops everything. */
import path from 'node:path';
import { portsFromEnv, startLocalStack } from './local-stack';

const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');

try {
  console.log('Starting the Auth emulator, the local server and the app...');
  const stack = await startLocalStack({
    dataDir,
    ports: portsFromEnv(),
    demoContent: process.env.DEMO_CONTENT !== 'off',
  });
  console.log(
    `\n  Photorater is running at ${stack.appUrl}\n  Data is kept in ${dataDir}. Press Ctrl-C to stop.\n`,
  );
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
