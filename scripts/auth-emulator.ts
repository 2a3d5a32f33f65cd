/**
 * firebase-tools' Auth emulator (pure JavaScript, no Java), started for one test file on free ports in a
 * folder of its own, as the local stack starts its own (scripts/local-stack.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, type RunningEmulator } from './java-emulators';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const START_LIMIT_MS = 90_000;

/** Resolves once the emulator says it is ready; `stop()` ends its whole process group. */
export async function startAuthEmulator(projectId: string): Promise<RunningEmulator> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'photorater-auth-emulator-'));
  const tempDir = path.join(workDir, 'tmp');
  mkdirSync(tempDir);
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  // The hub and the logging emulator are firebase-tools' own bookkeeping; each needs a port too.
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: HOST, port: auth },
        hub: { host: HOST, port: hub },
        logging: { host: HOST, port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    path.join(root, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', projectId, '--config', 'firebase.json'],
    {
      cwd: workDir,
      // Its own process group, so stopping it ends everything it started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The CLI finds running emulators through a file named after the project in the temp folder.
      env: {
        ...process.env,
        TMPDIR: tempDir,
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        FIREBASE_CLI_EXPERIMENTS: '',
      },
    },
  );
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // A test run that dies without stopping it must not leave it holding its ports.
  const killOnExit = () => kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The Auth emulator was not ready within 90 s:\n${output}`)),
        START_LIMIT_MS,
      );
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-8000);
        if (output.includes('All emulators ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The Auth emulator exited with code ${code}:\n${output}`));
      });
    });
  } catch (error) {
    kill('SIGKILL');
    await exited;
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }

  return {
    host: `${HOST}:${auth}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const force = setTimeout(() => kill('SIGKILL'), 10_000);
        kill('SIGINT');
        await exited;
        clearTimeout(force);
      }
      process.off('exit', killOnExit);
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
