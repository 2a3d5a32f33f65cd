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
import type { Unsubscribe } from '../auth';

interface Watch {
  path: string;
  onData: (data: DocumentData | null) => void;
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
      for (const [id, watch] of this.watches) this.send({ type: 'watch', id, path: watch.path });
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
      for (const [id, watch] of this.watches) this.send({ type: 'watch', id, path: watch.path });
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
    else if (message.type === 'denied') this.watches.get(message.id)?.onError(new Error(message.message));
  }

  private send(message: LiveClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(encodeDocument(message));
  }
}
