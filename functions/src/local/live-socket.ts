/** The live channel's client side for tests that speak to a real local server. */
import WebSocket from 'ws';
import {
  decodeDocument,
  encodeDocument,
  type LiveClientMessage,
  type LiveServerMessage,
} from '../../../src/domain/wire';

/** A client of the live channel as the browser's is, for tests: what it received, and waiting for more. */
export class LiveSocket {
  readonly messages: LiveServerMessage[] = [];
  /** Every message received, in order. */
  readonly history: LiveServerMessage[] = [];
  private readonly waiters: Array<() => void> = [];
  /** The close code the server sent, once the socket has closed. */
  readonly closed: Promise<number>;
  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = decodeDocument<LiveServerMessage>(String(raw));
      this.messages.push(message);
      this.history.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.once('close', resolve));
  }
  static async open(serverUrl: string): Promise<LiveSocket> {
    const socket = new WebSocket(`${serverUrl.replace('http', 'ws')}/live`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new LiveSocket(socket);
  }
  static async signedIn(serverUrl: string, token: string): Promise<LiveSocket> {
    const live = await LiveSocket.open(serverUrl);
    live.send({ type: 'auth', token });
    await live.next((message) => message.type === 'auth');
    return live;
  }
  send(message: LiveClientMessage) {
    this.socket.send(encodeDocument(message));
  }
  async next(accept: (message: LiveServerMessage) => boolean): Promise<LiveServerMessage> {
    for (;;) {
      const index = this.messages.findIndex(accept);
      if (index >= 0) return this.messages.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  /** The answer to a watch, which the server sends after everything it had to send before. */
  async roundTrip(id: number, path: string): Promise<LiveServerMessage> {
    this.send({ type: 'watch', id, path });
    const answer = await this.next((message) => 'id' in message && message.id === id);
    this.send({ type: 'unwatch', id });
    return answer;
  }
  async close() {
    this.socket.close();
    await this.closed;
  }
}
