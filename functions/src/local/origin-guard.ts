/**
 * Who may talk to the local server. It trusts the Auth emulator's unsigned tokens, so any page open
 * in the same browser could otherwise call it (a reflected `Origin`), and a hostile domain that
 * resolves to 127.0.0.1 could reach it by name (DNS rebinding). A request must name one of the
 * expected hosts, and a browser's request must come from the app's own origin. Requests without an
 * `Origin` (curl, Node) are not a browser page's and pass that check.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { HttpsError } from 'firebase-functions/v2/https';
import { errorBody } from './callable-protocol';

export interface OriginPolicy {
  /** The app's origins, e.g. `http://localhost:5173`. */
  allowedOrigins: readonly string[];
  /** Host names (without port) the server answers to, e.g. `127.0.0.1`, `localhost`, `[::1]`. */
  allowedHosts: readonly string[];
}

export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** `name` or `name:port`, the name an IP literal in brackets, a dotted address or a DNS label list. */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/;

function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function hostNameOf(header: string): string | null {
  return HOST_HEADER.exec(header.toLowerCase())?.[1] ?? null;
}

export interface RequestGuard {
  /** Why the request is refused, or null when it may go on. */
  refusal(headers: IncomingHttpHeaders): string | null;
  /**
   * The app's origin a request that passed is answered for: its `Origin`; without one (an `<img>`'s
   * request), the app's page that sent it (`Referer`), else the app's origin on the host it named.
   */
  appOrigin(headers: IncomingHttpHeaders): string;
}

export function createRequestGuard(policy: OriginPolicy): RequestGuard {
  const origins = new Set<string>();
  for (const origin of policy.allowedOrigins) {
    const normalized = originOf(origin);
    if (!normalized) throw new Error(`Not an origin: ${origin}`);
    origins.add(normalized);
  }
  const hosts = new Set(policy.allowedHosts.map((host) => host.toLowerCase()));
  const hostList = [...hosts].join(', ');
  const [firstOrigin] = origins;
  if (!firstOrigin) throw new Error('The app needs an origin.');
  return {
    appOrigin(headers) {
      const named = [headers.origin, headers.referer].map((text) => (text ? originOf(text) : null));
      const sent = named.find((origin) => origin !== null && origins.has(origin));
      if (sent) return sent;
      const host = headers.host === undefined ? null : hostNameOf(headers.host);
      return [...origins].find((origin) => new URL(origin).hostname === host) ?? firstOrigin;
    },
    refusal(headers) {
      const host = headers.host === undefined ? null : hostNameOf(headers.host);
      if (!host || !hosts.has(host))
        return `This server answers only to ${hostList}; a request for ${headers.host ? `"${headers.host}"` : 'no host'} is refused.`;
      const origin = headers.origin;
      if (origin === undefined) return null;
      const normalized = originOf(origin);
      if (!normalized || !origins.has(normalized))
        return `Only the Photorater app may call this server; a page from "${origin}" may not.`;
      return null;
    },
  };
}

function refusalBody(message: string): { status: number; body: string } {
  return errorBody(new HttpsError('permission-denied', message));
}

export function refuseRequest(response: ServerResponse, message: string): void {
  const { status, body } = refusalBody(message);
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
}

/** The same answer on a socket whose upgrade to WebSocket is refused. */
export function refuseUpgrade(socket: Duplex, message: string): void {
  const { status, body } = refusalBody(message);
  // A client that hangs up first has nothing left to be told.
  socket.on('error', () => socket.destroy());
  socket.end(
    `HTTP/1.1 ${status} Forbidden\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
