/**
 * The local server: hosts the same handlers as the Cloud Functions, at the Functions-emulator URL
 * shape, and a live channel (`/live`, WebSocket) that pushes document changes to subscribed clients
 * and keeps presence while a member is connected.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpsError } from 'firebase-functions/v2/https';
import { WebSocketServer } from 'ws';
import { handlers } from '../handlers';
import { toHttpsError, type AccountAdmin, type Caller, type Clock, type Handler } from '../handlers/handler';
import type { LocalFileStore } from '../files/local-file-store';
import type { FaceAnalyzer } from '../photos/face-analysis';
import type { InsightsWriter } from '../photos/insights';
import type { SqliteStore } from '../store/sqlite-store';
import { startLocalSchedules, startLocalTriggers } from './triggers';
import { serveFile, receiveUpload } from './file-routes';
import { callablePathPattern, errorBody, resultBody } from './callable-protocol';
import { LiveChannel } from './live-channel';

export interface LocalServerOptions {
  host: string;
  port: number;
  projectId: string;
  region: string;
  store: SqliteStore;
  clock: Clock;
  files: LocalFileStore;
  faces: FaceAnalyzer;
  accounts: AccountAdmin;
  insights: InsightsWriter;
  verifyIdToken(token: string): Promise<Caller>;
  log?: (line: string) => void;
}

export interface LocalServer {
  url: string;
  port: number;
  /** Waits for the triggers started so far (tests use it to see their effects). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpsError('invalid-argument', 'The request is too large.'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function setCors(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
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
  const callablePath = callablePathPattern(options.projectId, options.region);
  const registry: Record<string, Handler<unknown>> = handlers;

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
    let data: unknown;
    try {
      data = (JSON.parse((await readBody(request)) || '{}') as { data?: unknown }).data;
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      throw new HttpsError('invalid-argument', 'The request body is not JSON.');
    }
    const caller = await callerOf(request);
    const { store, clock, files, faces, accounts } = options;
    const result = await handler.run(data, { caller, store, clock, files, faces, accounts });
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(resultBody(result));
  }

  const server = createServer((request, response) => {
    setCors(request, response);
    const url = new URL(request.url ?? '/', 'http://local');
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
      receiveUpload(options.files, url, request, response, callerOf).catch((error: unknown) => {
        const httpsError = toHttpsError(error);
        const { status, body } = errorBody(httpsError);
        if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(body);
      });
      return;
    }
    const callable = callablePath.exec(url.pathname);
    if (request.method === 'POST' && callable?.[1]) {
      const name = callable[1];
      handleCallable(name, request, response).catch((error: unknown) => {
        const httpsError = toHttpsError(error);
        if (httpsError.code === 'internal') log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
        const { status, body } = errorBody(httpsError);
        if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(body);
      });
      return;
    }
    response.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
  });

  const triggers = startLocalTriggers(options.store, options.insights, log);
  const schedules = startLocalSchedules(
    options.store,
    options.clock,
    { files: options.files, accounts: options.accounts },
    log,
  );
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const live = new LiveChannel(options.store, options.clock, options.verifyIdToken, log);
  sockets.on('connection', (socket) => live.accept(socket));
  server.on('upgrade', (request, socket, head) => {
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

  return {
    url: `http://${options.host}:${port}`,
    port,
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
