import { describe, expect, it, vi } from 'vitest';
import { decodeDocument, encodeDocument, type LiveClientMessage } from '@/domain/wire';
import { LiveClient } from './live-client';

/** A WebSocket stand-in the test opens, closes and answers by hand. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: LiveClientMessage[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  send(text: string) {
    this.sent.push(decodeDocument<LiveClientMessage>(text));
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  close() {
    this.readyState = 3;
  }
  receive(message: object) {
    this.onmessage?.({ data: encodeDocument(message as Record<string, unknown>) });
  }
}

describe('LiveClient', () => {
  it('authenticates, watches, delivers snapshots with dates, and re-sends it all after a reconnect', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const sockets: FakeSocket[] = [];
    let giveToken: (token: string | null) => void = () => undefined;
    const client = new LiveClient({
      url: 'ws://local/live',
      watchIdToken: (onToken) => {
        giveToken = onToken;
        return () => undefined;
      },
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    const first = sockets[0]!;
    first.open();
    giveToken('token-1');
    const onData = vi.fn();
    client.watch('users/alice', onData, vi.fn());
    expect(first.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch', id: 1, path: 'users/alice' },
    ]);
    first.receive({ type: 'snapshot', id: 1, data: { at: new Date(5) } });
    expect(onData).toHaveBeenCalledWith({ at: new Date(5) });

    first.drop();
    vi.advanceTimersByTime(250);
    const second = sockets[1]!;
    second.open();
    expect(second.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch', id: 1, path: 'users/alice' },
    ]);
    client.close();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reports a denied watch to its error callback', () => {
    const socket = new FakeSocket();
    vi.stubGlobal('WebSocket', FakeSocket);
    const client = new LiveClient({
      url: 'ws://x',
      watchIdToken: () => () => undefined,
      createSocket: () => socket as unknown as WebSocket,
    });
    socket.open();
    const onError = vi.fn();
    client.watch('users/bob', vi.fn(), onError);
    socket.receive({ type: 'denied', id: 1, message: "You don't have permission to perform this action." });
    expect(onError).toHaveBeenCalledWith(new Error("You don't have permission to perform this action."));
    client.close();
    vi.unstubAllGlobals();
  });
});
