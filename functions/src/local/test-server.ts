/**
 * A local server over an in-memory store for tests that speak HTTP to it as a client would. Tokens
 * are "token-{uid}" here; the Auth emulator's real tokens are exercised end to end.
 */
import { offlineInsightsWriter } from '../photos/insights';
import type { Caller, Clock } from '../handlers/handler';
import type { RateLimiter } from '../handlers/rate-limit';
import { caller, localTestContext } from '../testing';
import { startLocalServer, type LocalServer, type LocalServerOptions } from './server';

export const TEST_PROJECT = 'demo-test';
export const TEST_REGION = 'us-central1';

export interface TestServer {
  server: LocalServer;
  context: ReturnType<typeof localTestContext>;
  /** POSTs a raw body (or JSON of a value) to a callable, as the Firebase SDK would. */
  post(
    name: string,
    body: unknown,
    token?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  limits?: RateLimiter;
  /** How tokens become callers (default: "token-{uid}" is that member); the clock is the server's. */
  verifyIdToken?: (token: string, clock: Clock) => Promise<Caller>;
  log?: (line: string) => void;
  /** Where the analytics and error logs go (the routes answer 404 without). */
  eventLogDir?: string;
  /** The A/B events the analytics summary counts per variant (default: those in the store). */
  readAbEvents?: LocalServerOptions['readAbEvents'];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const context = localTestContext();
  const server = await startLocalServer({
    host: '127.0.0.1',
    port: 0,
    projectId: TEST_PROJECT,
    region: TEST_REGION,
    store: context.store,
    clock: context.clock,
    files: context.files,
    faces: { analyze: async () => null },
    accounts: context.accounts,
    insights: offlineInsightsWriter,
    verifyIdToken: async (token) => {
      if (options.verifyIdToken) return options.verifyIdToken(token, context.clock);
      if (!token.startsWith('token-')) throw new Error('bad token');
      return caller(token.slice('token-'.length));
    },
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.log ? { log: options.log } : {}),
    ...(options.eventLogDir ? { eventLogDir: options.eventLogDir } : {}),
    ...(options.readAbEvents ? { readAbEvents: options.readAbEvents } : {}),
  });
  return {
    server,
    context,
    async post(name, body, token) {
      const response = await fetch(`${server.url}/${TEST_PROJECT}/${TEST_REGION}/${name}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
    },
    close: () => server.close(),
  };
}
