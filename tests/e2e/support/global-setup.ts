/**
 * Starts the local stack on its own ports and a fresh data folder, serving a production build made
 * now for this run (never one left from before), and hands its addresses to the journeys.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFreePorts, PROJECT_ID, startLocalStack } from '../../../scripts/local-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    authUrl: string;
    serverUrl: string;
    dataDir: string;
    projectId: string;
    /** The Auth emulator's hub, which only the CLI itself should ever reach. */
    hubUrl: string;
    /** The folder the app is served from: the update journey puts a new version there. */
    buildDir: string;
    /** The client settings the build was made with. */
    clientEnv: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'photorater-e2e-'));
  const buildDir = mkdtempSync(path.join(tmpdir(), 'photorater-e2e-build-'));
  const ports = await findFreePorts(Number(process.env.E2E_PORT_BASE ?? 18000));
  const stack = await startLocalStack({ dataDir, quiet: true, ports, buildDir, rebuild: 'always' });
  project.provide('appUrl', stack.appUrl);
  project.provide('authUrl', stack.authUrl);
  project.provide('serverUrl', stack.serverUrl);
  project.provide('dataDir', dataDir);
  project.provide('projectId', PROJECT_ID);
  project.provide('hubUrl', `http://127.0.0.1:${ports.hub}`);
  project.provide('buildDir', buildDir);
  project.provide('clientEnv', stack.clientEnv);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  };
}
