import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  decodeDocument,
  encodeDocument,
  LIVE_LIMITS,
  LIVE_MESSAGES,
  type LiveClientMessage,
} from '@/domain/wire';
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
      freshIdToken: async () => 'token-1',
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

  it("holds the watches until Auth's first answer, then sends them after it", () => {
    const socket = new FakeSocket();
    vi.stubGlobal('WebSocket', FakeSocket);
    let giveToken: (token: string | null) => void = () => undefined;
    const client = new LiveClient({
      url: 'ws://x',
      watchIdToken: (onToken) => {
        giveToken = onToken;
        return () => undefined;
      },
      freshIdToken: async () => 'token-1',
      createSocket: () => socket as unknown as WebSocket,
    });
    socket.open();
    client.watch('users/alice', vi.fn(), vi.fn());
    client.watchQuery('users/alice/photos', { where: [] }, vi.fn(), vi.fn());
    expect(socket.sent).toEqual([]);
    giveToken('token-1');
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch', id: 1, path: 'users/alice' },
      { type: 'watchQuery', id: 2, path: 'users/alice/photos', query: { where: [] } },
    ]);
    client.close();
    vi.unstubAllGlobals();
  });

  it('reports a denied watch to its error callback', () => {
    const socket = new FakeSocket();
    vi.stubGlobal('WebSocket', FakeSocket);
    const client = new LiveClient({
      url: 'ws://x',
      watchIdToken: (onToken) => {
        onToken(null);
        return () => undefined;
      },
      freshIdToken: async () => null,
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

  describe('when the server ends the sign-in or the connection', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    /** A client over fake sockets, signed in with token-1 and watching the member's record. */
    function signedInClient(freshIdToken: () => Promise<string | null>) {
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
        freshIdToken,
        createSocket: () => {
          const socket = new FakeSocket();
          sockets.push(socket);
          return socket as unknown as WebSocket;
        },
      });
      sockets[0]!.open();
      giveToken('token-1');
      const onError = vi.fn();
      client.watch('users/alice', vi.fn(), onError);
      sockets[0]!.sent = [];
      return {
        sockets,
        onError,
        giveToken: (token: string | null) => giveToken(token),
        done: () => client.close(),
      };
    }

    it('signs in again with a fresh token when the last one expired, and the watches go on', async () => {
      const { sockets, onError, done } = signedInClient(async () => 'token-2');
      sockets[0]!.receive({ type: 'tokenExpired', message: LIVE_MESSAGES.signInAgain });
      await vi.waitFor(() =>
        expect(sockets[0]!.sent).toEqual([
          { type: 'auth', token: 'token-2' },
          { type: 'watch', id: 1, path: 'users/alice' },
        ]),
      );
      expect(onError).not.toHaveBeenCalled();
      done();
    });

    it('tells the watches to sign in again when no fresh token comes', async () => {
      const { sockets, onError, done } = signedInClient(() => Promise.reject(new Error('signed out')));
      sockets[0]!.receive({ type: 'tokenExpired', message: LIVE_MESSAGES.signInAgain });
      await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error(LIVE_MESSAGES.signInAgain)));
      expect(sockets[0]!.sent).toEqual([]);
      done();
    });

    it('says so when too many tabs are open, and tries again after a while, not at once', () => {
      const { sockets, onError, done } = signedInClient(async () => 'token-1');
      sockets[0]!.receive({
        type: 'closed',
        reason: 'tooManyConnections',
        message: LIVE_MESSAGES.tooManyConnections,
      });
      expect(onError).toHaveBeenCalledWith(new Error(LIVE_MESSAGES.tooManyConnections));
      sockets[0]!.drop();
      vi.advanceTimersByTime(LIVE_LIMITS.retryAfterRefusalMs - 1);
      expect(sockets).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sockets).toHaveLength(2);
      sockets[1]!.open();
      expect(sockets[1]!.sent).toEqual([
        { type: 'auth', token: 'token-1' },
        { type: 'watch', id: 1, path: 'users/alice' },
      ]);
      done();
    });

    it('leaves a closed account to its record, and connects again only for the next sign-in', () => {
      const { sockets, onError, giveToken, done } = signedInClient(async () => 'token-1');
      sockets[0]!.receive({ type: 'closed', reason: 'accountClosed', message: LIVE_MESSAGES.accountClosed });
      // The record, deleted or disabled, came just before: the screens go on from it, not from an error.
      expect(onError).not.toHaveBeenCalled();
      sockets[0]!.drop();
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(sockets).toHaveLength(1);
      giveToken(null);
      expect(sockets).toHaveLength(2);
      sockets[1]!.open();
      expect(sockets[1]!.sent).toEqual([
        { type: 'auth', token: null },
        { type: 'watch', id: 1, path: 'users/alice' },
      ]);
      done();
    });
  });
});
