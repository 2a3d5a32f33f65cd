import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone, TIME_ZONE_WORKER_TIMEOUT_MS } from './time-zone';
import { zoneHere } from './time-zone-here';

/** A stand-in for the browser's Worker: records what was started and lets a test answer for it. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.started.push(this);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeWorker.started = [];
});

describe('deviceTimeZone', () => {
  it('is read in a module worker of its own, which is ended once it answers', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const zone = deviceTimeZone();
    const [worker] = FakeWorker.started;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/time-zone\.worker\.ts$/);
    worker?.answer('Pacific/Auckland');
    await expect(zone).resolves.toBe('Pacific/Auckland');
    expect(worker?.terminated).toBe(true);
  });

  it('is read on the page when the worker answers with something other than a zone name', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const zone = deviceTimeZone();
    FakeWorker.started[0]?.answer({ __proto__: { polluted: true } });
    await expect(zone).resolves.toBe(zoneHere());
  });

  it('is read on the page when the worker fails to load, without the failure reaching the page', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const zone = deviceTimeZone();
    const failure = new Event('error', { cancelable: true });
    FakeWorker.started[0]?.onerror?.(failure);
    await expect(zone).resolves.toBe(zoneHere());
    expect(failure.defaultPrevented).toBe(true);
    expect(FakeWorker.started[0]?.terminated).toBe(true);
  });

  it('is read on the page when the worker does not answer in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
    const zone = deviceTimeZone();
    await vi.advanceTimersByTimeAsync(TIME_ZONE_WORKER_TIMEOUT_MS);
    await expect(zone).resolves.toBe(zoneHere());
    expect(FakeWorker.started[0]?.terminated).toBe(true);
  });

  it('is read on the page where no worker can be started', async () => {
    vi.stubGlobal(
      'Worker',
      vi.fn(() => {
        throw new DOMException('Refused by the page policy', 'SecurityError');
      }),
    );
    await expect(deviceTimeZone()).resolves.toBe(zoneHere());
    vi.stubGlobal('Worker', undefined);
    await expect(deviceTimeZone()).resolves.toBe(zoneHere());
  });
});

describe('zoneHere', () => {
  it('names an IANA zone, or UTC', () => {
    expect(zoneHere()).toMatch(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/);
  });
});
