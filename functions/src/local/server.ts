/**
 * The local server: hosts the same handlers as the Cloud Functions, at the Functions-emulator URL
 * shape (the payment webhook too), a live channel (`/live`, WebSocket) that pushes document changes
 * to subscribed clients and keeps presence while a member is connected, and the test checkout page
 * that stands in for the payment provider's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpsError } from 'firebase-functions/v2/https';
import { WebSocketServer } from 'ws';
import { handlers } from '../handlers';
import { isAdminNow } from '../handlers/admin-role';
import { RateLimiter } from '../handlers/rate-limit';
import { toHttpsError, type AccountAdmin, type Caller, type Clock, type Handler } from '../handlers/handler';
import { receiveStripeWebhook, STRIPE_WEBHOOK } from '../handlers/stripe-webhook';
import { abTestLimiter, receiveAbTestEvent } from '../handlers/ab-test-events';
import { AB_TEST_BODY_MAX, AB_TEST_ROUTE } from '../../../src/domain/ab-test-events';
import { MAX_UPLOAD_BYTES } from '../../../src/domain/limits';
import type { LocalFileStore } from '../files/local-file-store';
import type { ContentClassifier } from '../photos/content-screening';
import type { FaceAnalyzer } from '../photos/face-analysis';
import type { InsightsWriter } from '../photos/insights';
import type { SqliteStore } from '../store/sqlite-store';
import { shardSiteStats } from './backfill';
import { startLocalSchedules, startLocalTriggers } from './triggers';
import { serveFile, UploadRoute } from './file-routes';
import { callablePathPattern, errorBody, resultBody } from './callable-protocol';
import type { PushContext } from '../handlers/push';
import { LiveChannel } from './live-channel';
import {
  createRequestGuard,
  LOOPBACK_HOSTS,
  refuseRequest,
  refuseUpgrade,
  type RequestGuard,
} from './origin-guard';
import { TestCheckout } from './test-checkout';
import { BodyTooLarge, discardBody, readLimitedBody } from './request-body';
import { EventLogs, type EventLogsOptions } from './event-logs';
import { AB_TEST_EVENTS, type StoredAbTestEvent } from '../../../src/domain/ab-test-events';

export interface LocalServerOptions {
  host: string;
  port: number;
  projectId: string;
  region: string;
  store: SqliteStore;
  clock: Clock;
  files: LocalFileStore;
  faces: FaceAnalyzer;
  /** Upload screening (`HandlerContext.screening`); without it, uploads are refused. */
  screening?: ContentClassifier;
  accounts: AccountAdmin;
  insights: InsightsWriter;
  verifyIdToken(token: string): Promise<Caller>;
  log?: (line: string) => void;
  /** The app's origins, the only pages that may call the server (default: the app's default URLs). */
  allowedOrigins?: readonly string[];
  /** Host names the server answers to (default: the loopback names and `host`). */
  allowedHosts?: readonly string[];
  /** Per-member call limits (default: the product's); tests that call often on purpose give their own. */
  limits?: RateLimiter;
  /** Multiplies each sender's day shares (default 1; see `HandlerContext.senderShareScale`). */
  senderShareScale?: number;
  /** Where the analytics and error logs are kept (the data folder); without it those routes answer 404. */
  eventLogDir?: string;
  /** The A/B events counted per variant in the analytics summary (default: the store's `abTestEvents`). */
  readAbEvents?: EventLogsOptions['readAbEvents'];
}

export interface LocalServer {
  url: string;
  port: number;
  /** The stand-in payment provider: its checkout page and webhook secret. */
  checkout: TestCheckout;
  /** Waits for the triggers started so far (tests use it to see their effects). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

const DEFAULT_APP_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** The name a browser on this machine reaches the server by: loopback for a wildcard address. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '[::]' || host === '') return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function readBody(request: IncomingMessage): Promise<string> {
  return readLimitedBody(request, MAX_BODY_BYTES).then((body) => body.toString('utf8'));
}

/** The most of a refused body the server reads so that its client hears why: twice the largest it takes. */
const REFUSED_BODY_MAX_BYTES = 2 * MAX_UPLOAD_BYTES;

/**
 * Answers an error once, and closes the connection after. What is left of a body the client is still
 * sending is read and dropped before the close, up to a bound: closing over unread bytes resets the
 * connection, and a client still sending (a refused upload) would lose the answer with it.
 */
function answerError(request: IncomingMessage, response: ServerResponse, status: number, body: string): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  response.write(body);
  void discardBody(request, REFUSED_BODY_MAX_BYTES).then(() => response.end());
}

/**
 * For a request the guard let through: its origin, if any, is the app's. A request without one is
 * answered for the app's origin too: the browser keeps an image an `<img>` loaded (no `Origin`) and
 * hands that copy to a later `fetch()` of the URL (the service worker's among them), which refuses it
 * without the header; `Vary: Origin` keeps caches from mixing the answers.
 */
function setCors(request: IncomingMessage, response: ServerResponse, guard: RequestGuard): void {
  response.setHeader(
    'Access-Control-Allow-Origin',
    request.headers.origin ?? guard.appOrigin(request.headers),
  );
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, OPTIONS');
  response.setHeader(
    'Access-Control-Allow-Headers',
    request.headers['access-control-request-headers'] ?? 'Content-Type, Authorization',
  );
  response.setHeader('Access-Control-Max-Age', '3600');
}

export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const log = options.log ?? (() => undefined);
  // Before any call, vote or scheduled job: a data folder of an earlier version keeps its histogram.
  if (await shardSiteStats(options.store)) log('site stats moved into their shards');
  const callablePath = callablePathPattern(options.projectId, options.region);
  const registry: Record<string, Handler<unknown>> = handlers;
  const allowedOrigins = options.allowedOrigins ?? DEFAULT_APP_ORIGINS;
  const allowedHosts = options.allowedHosts ?? [...LOOPBACK_HOSTS, options.host];
  const guard = createRequestGuard({ allowedOrigins, allowedHosts });
  const limits = options.limits ?? new RateLimiter();
  // Set once the port is known: the checkout page, and the guard that lets its own form post to it.
  const page: { checkout?: TestCheckout; guard?: RequestGuard } = {};
  const webhookPath = `/${options.projectId}/${options.region}/${STRIPE_WEBHOOK}`;
  const abTestEvents = abTestLimiter();

  async function callerOf(request: IncomingMessage): Promise<Caller | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    try {
      return await options.verifyIdToken(header.slice('Bearer '.length));
    } catch {
      throw new HttpsError('unauthenticated', 'Please sign in again.');
    }
  }

  async function handleCallable(name: string, request: IncomingMessage, response: ServerResponse) {
    const handler = Object.hasOwn(registry, name) ? registry[name] : undefined;
    if (!handler) throw new HttpsError('not-found', `No such function: ${name}`);
    const body = await readBody(request);
    let data: unknown;
    try {
      const parsed = JSON.parse(body || '{}') as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new HttpsError('invalid-argument', 'The request body must be an object with a data field.');
      data = (parsed as { data?: unknown }).data;
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      throw new HttpsError('invalid-argument', 'The request body is not JSON.');
    }
    const caller = await callerOf(request);
    const { store, clock, files, faces, screening, accounts } = options;
    const payments = page.checkout;
    const result = await handler.run(data, {
      caller,
      store,
      clock,
      files,
      faces,
      screening,
      accounts,
      limits,
      payments,
      senderAddress: request.socket.remoteAddress,
      senderShareScale: options.senderShareScale,
    });
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(resultBody(result));
  }

  const uploads = new UploadRoute(options.files, callerOf);
  const eventLogs = options.eventLogDir
    ? new EventLogs({
        dir: options.eventLogDir,
        clock: options.clock,
        callerOf,
        isAdmin: (caller) => isAdminNow(options.store, caller),
        log,
        readAbEvents:
          options.readAbEvents ??
          (async () => (await options.store.query<StoredAbTestEvent>(AB_TEST_EVENTS)).map((doc) => doc.data)),
      })
    : undefined;

  async function handleWebhook(request: IncomingMessage, response: ServerResponse) {
    const body = await readLimitedBody(request, MAX_BODY_BYTES);
    const signature = request.headers['stripe-signature'];
    const answer = await receiveStripeWebhook(body, typeof signature === 'string' ? signature : undefined, {
      store: options.store,
      clock: options.clock,
      payments: page.checkout,
    });
    response
      .writeHead(answer.status, { 'Content-Type': 'application/json' })
      .end(JSON.stringify(answer.body));
  }

  const server = createServer((request, response) => {
    // Every answer, refusals included: a JSON or file answer is never sniffed into a page or a script.
    response.setHeader('X-Content-Type-Options', 'nosniff');
    const onCheckoutPage = TestCheckout.handles((request.url ?? '/').split('?')[0]!);
    const refusal = (onCheckoutPage && page.guard ? page.guard : guard).refusal(request.headers);
    if (refusal) {
      refuseRequest(response, refusal);
      return;
    }
    setCors(request, response, guard);
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://local');
    } catch {
      response.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"bad request"}');
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'GET' && url.pathname === '/health') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (request.method === 'GET' && url.pathname.startsWith('/files/')) {
      void serveFile(options.files, url, response);
      return;
    }
    if ((request.method === 'PUT' || request.method === 'POST') && url.pathname.startsWith('/upload/')) {
      uploads.receive(url, request, response).catch((error: unknown) => {
        const httpsError = toHttpsError(error);
        if (httpsError.code === 'internal') log(`upload failed: ${(error as Error).stack ?? String(error)}`);
        const { status, body } = errorBody(httpsError);
        answerError(request, response, status, body);
      });
      return;
    }
    if (onCheckoutPage && page.checkout) {
      page.checkout.handle(request, response, url.pathname).catch((error: unknown) => {
        log(`checkout failed: ${(error as Error).stack ?? String(error)}`);
        answerError(request, response, 400, '{"error":"The checkout could not be completed."}');
      });
      return;
    }
    if (request.method === 'POST' && url.pathname === AB_TEST_ROUTE) {
      (async () => {
        const caller = await callerOf(request).catch(() => null);
        const answer = await receiveAbTestEvent(
          await readLimitedBody(request, AB_TEST_BODY_MAX),
          { uid: caller?.uid ?? null },
          { store: options.store, clock: options.clock, limiter: abTestEvents },
        );
        response
          .writeHead(answer.status, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answer.body));
      })().catch((error: unknown) => {
        if (error instanceof BodyTooLarge) {
          answerError(request, response, 413, JSON.stringify({ error: error.message }));
          return;
        }
        log(`${AB_TEST_ROUTE} failed: ${(error as Error).stack ?? String(error)}`);
        answerError(request, response, 500, '{"error":"The event could not be kept."}');
      });
      return;
    }
    if (request.method === 'POST' && url.pathname === webhookPath) {
      handleWebhook(request, response).catch((error: unknown) => {
        if (error instanceof BodyTooLarge) {
          answerError(request, response, 413, JSON.stringify({ error: error.message }));
          return;
        }
        log(`${STRIPE_WEBHOOK} failed: ${(error as Error).stack ?? String(error)}`);
        answerError(request, response, 500, '{"error":"The event could not be processed."}');
      });
      return;
    }
    if (eventLogs && EventLogs.handles(request.method, url.pathname)) {
      eventLogs.handle(request, response, url.pathname).catch((error: unknown) => {
        log(`${url.pathname} failed: ${(error as Error).stack ?? String(error)}`);
        answerError(request, response, 500, '{"error":"The log could not be written."}');
      });
      return;
    }
    const callable = callablePath.exec(url.pathname);
    if (request.method === 'POST' && callable?.[1]) {
      const name = callable[1];
      handleCallable(name, request, response).catch((error: unknown) => {
        if (error instanceof BodyTooLarge) {
          const { body } = errorBody(new HttpsError('invalid-argument', error.message));
          answerError(request, response, 413, body);
          return;
        }
        const httpsError = toHttpsError(error);
        if (httpsError.code === 'internal') log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
        const { status, body } = errorBody(httpsError);
        answerError(request, response, status, body);
      });
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
  });

  const live = new LiveChannel(options.store, options.clock, options.verifyIdToken, log);
  // The browser's push service is out of reach locally: pushes go over the member's live connections.
  const push: PushContext = {
    store: options.store,
    clock: options.clock,
    sender: {
      send: async (uid, token, message) => {
        live.push(uid, token, message);
        return 'sent';
      },
    },
  };
  const triggers = startLocalTriggers(options.store, options.insights, log, push);
  const schedules = startLocalSchedules(
    options.store,
    options.clock,
    { files: options.files, accounts: options.accounts },
    log,
  );
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  sockets.on('connection', (socket) => live.accept(socket));
  server.on('upgrade', (request, socket, head) => {
    const refusal = guard.refusal(request.headers);
    if (refusal) {
      refuseUpgrade(socket, refusal);
      return;
    }
    if (new URL(request.url ?? '/', 'http://local').pathname !== '/live') {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const checkout = new TestCheckout({
    store: options.store,
    clock: options.clock,
    serverUrl: `http://${reachableHost(options.host)}:${port}`,
    webhookPath,
    returnOrigins: allowedOrigins,
    log,
  });
  page.checkout = checkout;
  // The checkout page's form posts from the server's own origin; nothing else may use it.
  page.guard = createRequestGuard({
    allowedOrigins: [...allowedOrigins, ...allowedHosts.map((host) => `http://${host}:${port}`)],
    allowedHosts,
  });

  return {
    url: `http://${options.host}:${port}`,
    port,
    checkout,
    settled: () => triggers.settled(),
    async close() {
      await schedules.stop();
      triggers.stop();
      await triggers.settled();
      await live.close();
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
