/**
 * The client end of the local server's live channel: one WebSocket per page that authenticates
 * with the current ID token, re-sends its watches after a reconnect, and delivers snapshots.
 */
import {
  decodeDocument,
  encodeDocument,
  type DocumentData,
  type LiveClientMessage,
  type LiveServerMessage,
} from '@/domain/wire';
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

  constructor(private readonly options: LiveClientOptions) {
    this.stopWatchingToken = options.watchIdToken((token) => {
      this.token = token;
      this.send({ type: 'auth', token });
      // Watches opened under another identity are answered again under this one.
      for (const [id, watch] of this.watches) this.sendWatch(id, watch);
    });
    this.connect();
  }

  watch(path: string, onData: Watch['onData'], onError: Watch['onError']): Unsubscribe {
    const id = this.nextId++;
    this.watches.set(id, { path, onData, onError });
    this.send({ type: 'watch', id, path });
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

  private sendWatch(id: number, watch: Watch): void {
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
      if (this.closed) return;
      this.reconnectTimer = setTimeout(() => this.connect(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, 5000);
    };
  }

  private receive(message: LiveServerMessage): void {
    if (message.type === 'snapshot') this.watches.get(message.id)?.onData(message.data);
    else if (message.type === 'results') this.watches.get(message.id)?.onResults?.(message.docs);
    else if (message.type === 'denied') this.watches.get(message.id)?.onError(new Error(message.message));
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(encodeDocument(message));
  }
}
