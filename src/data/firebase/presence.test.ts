/**
 * Presence's own logic, with the Realtime Database SDK replaced: its emulator is not on every machine
 * (firebase-backend.test.ts runs presence against it where `npm run test:emulators` gives it). The
 * stand-in keeps what the server would: the status, the writes queued for a disconnect, and runs them
 * when the connection drops, as the Realtime Database does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackPresence } from './presence';

const PROJECT = vi.hoisted(() => `demo-presence-${Math.random().toString(36).slice(2, 10)}`);
vi.mock('@/config/env', async () =>
  (await import('./testing/env')).adapterEnv(PROJECT, { VITE_USE_EMULATORS: 'true' }),
);

const server = vi.hoisted(() => {
  type Snapshot = { val(): unknown };
  type Reference = { path: string };
  const state = {
    // The page is connected unless a test says otherwise or the SDK was told to go offline.
    connected: true,
    interrupted: false,
    status: new Map<string, unknown>(),
    queued: new Map<string, unknown>(),
    listeners: new Set<(snapshot: Snapshot) => void>(),
    /** When set, the answer to the next disconnect write waits for it. */
    holdQueueing: undefined as Promise<void> | undefined,
    refuse: undefined as Error | undefined,
  };
  const fire = () => {
    for (const listener of state.listeners) listener({ val: () => state.connected });
  };
  const connect = () => {
    if (state.connected) return;
    state.connected = true;
    fire();
  };
  /** The connection ends: the server runs what was queued for it. */
  const drop = () => {
    if (!state.connected) return;
    for (const [path, value] of state.queued) state.status.set(path, value);
    state.queued.clear();
    state.connected = false;
    fire();
  };
  const database = { name: 'database' };
  const sdk = {
    getDatabase: vi.fn(() => database),
    connectDatabaseEmulator: vi.fn(),
    ref: vi.fn((_database: unknown, path: string): Reference => ({ path })),
    serverTimestamp: () => ({ '.sv': 'timestamp' }),
    onValue: vi.fn((reference: Reference, listener: (snapshot: Snapshot) => void) => {
      if (reference.path !== '.info/connected') throw new Error(`Unexpected watch of ${reference.path}`);
      state.listeners.add(listener);
      listener({ val: () => state.connected });
      return () => state.listeners.delete(listener);
    }),
    onDisconnect: vi.fn((reference: Reference) => ({
      set: async (value: unknown) => {
        if (state.refuse) throw state.refuse;
        // Queued on the server as it is asked; the answer may come later.
        if (state.connected) state.queued.set(reference.path, value);
        await state.holdQueueing;
      },
    })),
    set: vi.fn(async (reference: Reference, value: unknown) => {
      state.status.set(reference.path, value);
    }),
    goOffline: vi.fn(() => {
      state.interrupted = true;
      drop();
    }),
    // Undoes goOffline only: it does not bring a lost network back.
    goOnline: vi.fn(() => {
      if (!state.interrupted) return;
      state.interrupted = false;
      connect();
    }),
  };
  return {
    state,
    sdk,
    database,
    connect,
    drop,
    reset() {
      state.connected = true;
      state.interrupted = false;
      state.status.clear();
      state.queued.clear();
      state.listeners.clear();
      state.holdQueueing = undefined;
      state.refuse = undefined;
    },
  };
});
vi.mock('firebase/database', () => server.sdk);

const app = { name: 'app' } as unknown as Parameters<typeof trackPresence>[0];
const statusOf = (uid: string) => server.state.status.get(`status/${uid}`) as { state: string } | undefined;
// The stand-in's promises settle within a few microtasks; a task lets them all.
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  server.reset();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('presence on the Realtime Database (its SDK replaced)', () => {
  it('marks the member online once connected, having first queued the offline write for a disconnect', async () => {
    trackPresence(app, 'maya', undefined);
    await settled();
    expect(statusOf('maya')).toEqual({ state: 'online', lastChanged: { '.sv': 'timestamp' } });
    expect(server.state.queued.get('status/maya')).toEqual({
      state: 'offline',
      lastChanged: { '.sv': 'timestamp' },
    });
    const queuedFirst = server.sdk.onDisconnect.mock.invocationCallOrder[0]!;
    expect(queuedFirst).toBeLessThan(server.sdk.set.mock.invocationCallOrder[0]!);
  });

  it('writes nothing while the page is not connected, and marks the member online again after each reconnection', async () => {
    server.state.connected = false;
    trackPresence(app, 'maya', undefined);
    await settled();
    expect(statusOf('maya')).toBeUndefined();

    server.connect();
    await settled();
    expect(statusOf('maya')?.state).toBe('online');
    server.drop();
    expect(statusOf('maya')?.state).toBe('offline');
    server.connect();
    await settled();
    expect(statusOf('maya')?.state).toBe('online');
  });

  it('marks the member offline as soon as tracking stops (a sign-out), not when the page closes', async () => {
    const stop = trackPresence(app, 'maya', undefined);
    await settled();
    expect(statusOf('maya')?.state).toBe('online');
    stop();
    await settled();
    expect(statusOf('maya')?.state).toBe('offline');
    // A reconnection after the stop marks nobody online.
    server.connect();
    await settled();
    expect(statusOf('maya')?.state).toBe('offline');
  });

  it('does not mark the member online when the queued write is answered after the stop', async () => {
    let answer: () => void = () => undefined;
    server.state.holdQueueing = new Promise<void>((resolve) => (answer = resolve));
    const stop = trackPresence(app, 'maya', undefined);
    await settled();
    stop();
    answer();
    await settled();
    expect(statusOf('maya')?.state).toBe('offline');
  });

  it('tracks the next member to sign in on the same page', async () => {
    trackPresence(app, 'maya', undefined)();
    trackPresence(app, 'noah', undefined);
    await settled();
    expect(statusOf('maya')?.state).toBe('offline');
    expect(statusOf('noah')?.state).toBe('online');
  });

  it('reports a refused write rather than leaving it unhandled', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.state.refuse = new Error('PERMISSION_DENIED: Permission denied');
    trackPresence(app, 'maya', undefined);
    await settled();
    expect(statusOf('maya')).toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('PERMISSION_DENIED'),
      expect.objectContaining({ feature: 'presence' }),
    );
  });

  it("connects to the emulator suite's database (firebase.json's port) only in emulator mode", () => {
    trackPresence(app, 'maya', undefined);
    expect(server.sdk.connectDatabaseEmulator).not.toHaveBeenCalled();
    trackPresence(app, 'maya', '127.0.0.1:9000');
    expect(server.sdk.connectDatabaseEmulator).toHaveBeenCalledWith(server.database, '127.0.0.1', 9000);
  });
});

describe("the backend's presence", () => {
  it('loads the Realtime Database with the first tracking and stops it with the returned function', async () => {
    const { createFirebaseBackend } = await import('./firebase-backend');
    const stop = createFirebaseBackend().presence.trackPresence('maya');
    await vi.waitFor(() => expect(statusOf('maya')?.state).toBe('online'));
    // The emulator suite's database, as the configuration says the app runs against the emulators.
    expect(server.sdk.connectDatabaseEmulator).toHaveBeenCalledWith(server.database, '127.0.0.1', 9000);
    stop();
    expect(statusOf('maya')?.state).toBe('offline');
  });

  it('starts nothing when stopped before the Realtime Database has loaded', async () => {
    const { createFirebaseBackend } = await import('./firebase-backend');
    createFirebaseBackend().presence.trackPresence('maya')();
    // The backend's own wait for the module is answered before this one.
    await import('./presence');
    await settled();
    expect(server.sdk.onValue).not.toHaveBeenCalled();
    expect(statusOf('maya')).toBeUndefined();
  });
});
