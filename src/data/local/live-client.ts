/**
 * The client end of the local server's live channel: one WebSocket per page that authenticates
 * with the current ID token, re-sends its watches after a reconnect, and delivers snapshots.
 * When the server ends the sign-in or the connection: an expired token is replaced by a fresh one
 * without a word; too many open tabs or windows are told to the watches and retried after a while;
 * a closed account waits for the next sign-in.
 */
import {
  decodeDocument,
  encodeDocument,
  LIVE_LIMITS,
  type DocumentData,
  type LiveClientMessage,
  type LiveCloseReason,
  type LiveServerMessage,
} from '@/domain/wire';
import { readPushMessage, type PushMessage } from '@/domain/push';
import type { Query, QueryDocument } from '@/domain/query';
import type { Unsubscribe } from '../auth';

interface Watch {
  path: string;
  query?: Query;
  onData: (data: DocumentData | null) => void;
  onResults?: (docs: Array<QueryDocument<DocumentData>>) => void;
  onError: (error: Error) => void;
}

export interface LiveClientOptions {
  url: string;
  watchIdToken: (onToken: (token: string | null) => void) => Unsubscribe;
  /** A token that has not expired, refreshed if need be; asked for when the server says the last one has. */
  freshIdToken: () => Promise<string | null>;
  createSocket?: (url: string) => WebSocket;
}

export class LiveClient {
  private socket: WebSocket | null = null;
  private token: string | null | undefined;
  private nextId = 1;
  private readonly watches = new Map<number, Watch>();
  private retryDelay = 250;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stopWatchingToken: Unsubscribe;
  private closed = false;
  /** Why the server is closing this socket, which decides when to connect again. */
  private closing: LiveCloseReason | null = null;
  /** The account was closed: the next connection waits for another token (another sign-in, or none). */
  private waitingForToken = false;
  private readonly pushListeners = new Set<(token: string, message: PushMessage) => void>();

  constructor(private readonly options: LiveClientOptions) {
    this.stopWatchingToken = options.watchIdToken((token) => this.authenticate(token));
    this.connect();
  }

  private authenticate(token: string | null): void {
    this.token = token;
    if (this.waitingForToken) {
      this.waitingForToken = false;
      this.connect();
      return;
    }
    this.send({ type: 'auth', token });
    // Watches opened under another identity are answered again under this one.
    for (const [id, watch] of this.watches) this.sendWatch(id, watch);
  }

  watch(path: string, onData: Watch['onData'], onError: Watch['onError']): Unsubscribe {
    const id = this.nextId++;
    const watch: Watch = { path, onData, onError };
    this.watches.set(id, watch);
    this.sendWatch(id, watch);
    return () => {
      this.watches.delete(id);
      this.send({ type: 'unwatch', id });
    };
  }

  /** Watches the documents of a collection that match a query. */
  watchQuery(
    path: string,
    query: Query,
    onResults: (docs: Array<QueryDocument<DocumentData>>) => void,
    onError: Watch['onError'],
  ): Unsubscribe {
    const id = this.nextId++;
    const watch: Watch = { path, query, onData: () => undefined, onResults, onError };
    this.watches.set(id, watch);
    this.sendWatch(id, watch);
    return () => {
      this.watches.delete(id);
      this.send({ type: 'unwatch', id });
    };
  }

  /** Push notifications the server sends the signed-in member, with the device token each is for. */
  onPush(listener: (token: string, message: PushMessage) => void): Unsubscribe {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  private sendWatch(id: number, watch: Watch): void {
    // Not before Auth's first answer: the server would answer it as a visitor's, and refuse a member's
    // own record (the session draws for the member Auth kept before Auth has answered). The answer
    // sends every watch.
    if (this.token === undefined) return;
    this.send(
      watch.query
        ? { type: 'watchQuery', id, path: watch.path, query: watch.query }
        : { type: 'watch', id, path: watch.path },
    );
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.stopWatchingToken();
    this.socket?.close();
  }

  private connect(): void {
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.retryDelay = 250;
      if (this.token !== undefined) this.send({ type: 'auth', token: this.token });
      for (const [id, watch] of this.watches) this.sendWatch(id, watch);
    };
    socket.onmessage = (event: MessageEvent<string>) =>
      this.receive(decodeDocument<LiveServerMessage>(event.data));
    socket.onclose = () => {
      const closing = this.closing;
      this.closing = null;
      if (this.closed) return;
      if (closing === 'accountClosed') {
        this.waitingForToken = true;
        return;
      }
      const delay = closing === 'tooManyConnections' ? LIVE_LIMITS.retryAfterRefusalMs : this.retryDelay;
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
      this.retryDelay = Math.min(this.retryDelay * 2, 5000);
    };
  }

  private receive(message: LiveServerMessage): void {
    if (message.type === 'snapshot') this.watches.get(message.id)?.onData(message.data);
    else if (message.type === 'results') this.watches.get(message.id)?.onResults?.(message.docs);
    else if (message.type === 'denied') this.watches.get(message.id)?.onError(new Error(message.message));
    else if (message.type === 'tokenExpired') this.renewToken(message.message);
    else if (message.type === 'push') {
      const pushed = readPushMessage(message.message);
      if (pushed) for (const listener of [...this.pushListeners]) listener(message.token, pushed);
    } else if (message.type === 'closed') {
      this.closing = message.reason;
      // A closed account's record (deleted or disabled) came just before: the screens go on from it,
      // and an error on every watch would hide them (the goodbye after deleting one's account).
      if (message.reason === 'tooManyConnections') this.tellWatches(message.message);
    }
  }

  /** The server signed this connection out at its token's expiry: sign in again with a fresh token. */
  private renewToken(message: string): void {
    const expired = this.token;
    this.options.freshIdToken().then(
      (token) => {
        if (token && token !== expired) this.authenticate(token);
        else this.tellWatches(message);
      },
      () => this.tellWatches(message),
    );
  }

  private tellWatches(message: string): void {
    for (const watch of [...this.watches.values()]) watch.onError(new Error(message));
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(encodeDocument(message));
  }
}
