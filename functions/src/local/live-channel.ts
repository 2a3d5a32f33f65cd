/**
 * The live channel of the local server: each socket authenticates with an ID token, watches
 * documents it may read (the same access rules as firestore.rules), and keeps its member online.
 */
import type { WebSocket } from 'ws';
import { canAccess } from '../../../src/domain/access';
import {
  encodeDocument,
  type DocumentData,
  type LiveClientMessage,
  type LiveServerMessage,
} from '../../../src/domain/wire';
import type { Caller, Clock } from '../handlers/handler';
import { setPresence } from '../handlers/presence';
import type { Store, Unsubscribe } from '../store/store';

interface Connection {
  uid: string | null;
  watches: Map<number, Unsubscribe>;
}

export class LiveChannel {
  private readonly connectionsByUid = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly verifyIdToken: (token: string) => Promise<Caller>,
    private readonly log: (line: string) => void,
  ) {}

  accept(socket: WebSocket): void {
    const connection: Connection = { uid: null, watches: new Map() };
    // Dates travel as { $date } so the client gets Date objects back.
    const send = (message: LiveServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(encodeDocument(message));
    };
    // Messages are handled in order, so a watch sent right after auth sees the new identity.
    let queue = Promise.resolve();
    socket.on('message', (raw) => {
      queue = queue
        .then(() => this.handle(connection, String(raw), send))
        .catch((error: unknown) => {
          send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
        });
    });
    socket.on('close', () => {
      queue = queue.then(() => this.signOut(connection));
    });
  }

  private async handle(connection: Connection, raw: string, send: (message: LiveServerMessage) => void) {
    let message: LiveClientMessage;
    try {
      message = JSON.parse(raw) as LiveClientMessage;
    } catch {
      send({ type: 'error', message: 'Messages must be JSON.' });
      return;
    }
    switch (message.type) {
      case 'auth': {
        let uid: string | null = null;
        if (message.token) {
          try {
            uid = (await this.verifyIdToken(message.token)).uid;
          } catch {
            send({ type: 'error', message: 'Please sign in again.' });
          }
        }
        if (uid !== connection.uid) {
          await this.signOut(connection);
          connection.uid = uid;
          if (uid) await this.connect(uid);
        }
        send({ type: 'auth', uid });
        return;
      }
      case 'watch':
        this.open(connection, message.id, message.path, send, (onError) =>
          this.store.watch<DocumentData>(
            message.path,
            (doc) => send({ type: 'snapshot', id: message.id, data: doc ?? null }),
            onError,
          ),
        );
        return;
      case 'watchQuery':
        this.open(connection, message.id, message.path, send, (onError) =>
          this.store.watchQuery<DocumentData>(
            message.path,
            message.query,
            (docs) => send({ type: 'results', id: message.id, docs }),
            onError,
          ),
        );
        return;
      case 'unwatch':
        connection.watches.get(message.id)?.();
        connection.watches.delete(message.id);
        return;
      default:
        send({ type: 'error', message: 'Unknown message.' });
    }
  }

  /** Starts a watch the connection's member may read (the same rules as firestore.rules), or denies it. */
  private open(
    connection: Connection,
    id: number,
    path: string,
    send: (message: LiveServerMessage) => void,
    start: (onError: (error: Error) => void) => Unsubscribe,
  ): void {
    connection.watches.get(id)?.();
    connection.watches.delete(id);
    const viewer = connection.uid ? { uid: connection.uid } : null;
    if (!canAccess(viewer, path, 'read')) {
      send({ type: 'denied', id, message: "You don't have permission to perform this action." });
      return;
    }
    try {
      connection.watches.set(
        id,
        start((error) => send({ type: 'denied', id, message: error.message })),
      );
    } catch (error) {
      send({ type: 'denied', id, message: error instanceof Error ? error.message : String(error) });
    }
  }

  private async connect(uid: string): Promise<void> {
    const count = (this.connectionsByUid.get(uid) ?? 0) + 1;
    this.connectionsByUid.set(uid, count);
    if (count === 1) await this.track(setPresence(this.store, uid, 'online', this.clock.now()));
  }

  private async signOut(connection: Connection): Promise<void> {
    for (const unsubscribe of connection.watches.values()) unsubscribe();
    connection.watches.clear();
    const uid = connection.uid;
    connection.uid = null;
    if (!uid) return;
    const count = (this.connectionsByUid.get(uid) ?? 1) - 1;
    if (count > 0) {
      this.connectionsByUid.set(uid, count);
      return;
    }
    this.connectionsByUid.delete(uid);
    await this.track(setPresence(this.store, uid, 'offline', this.clock.now()));
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => this.log(`presence failed: ${String(error)}`));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
    return tracked;
  }

  /** Waits for presence writes in flight, so a stopping server leaves no half-done work. */
  async close(): Promise<void> {
    await Promise.all(this.pending);
  }
}
