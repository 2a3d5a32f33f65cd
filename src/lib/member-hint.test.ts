import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_HINT_CACHE, MEMBER_HINT_URL } from '@/config/app-pages';
import { IDLE_FALLBACK_MS } from './idle';
import { hasMemberHint, noteMemberForServiceWorker, setMemberHint } from './member-hint';
import { storageKeys } from './storage';

/** Cache Storage as the service worker reads it: one cache of entries by URL. */
function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    put: vi.fn(async (url: string, response: Response) => void entries.set(url, response)),
    delete: vi.fn(async (url: string) => entries.delete(url)),
  };
  const open = vi.fn(async () => cache);
  vi.stubGlobal('caches', { open });
  return { entries, open };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the member hint', () => {
  it('is noted for the page at once and for the service worker once the browser is idle', async () => {
    vi.useFakeTimers();
    const { entries, open } = fakeCaches();
    setMemberHint(true);
    expect(localStorage.getItem(storageKeys.memberHint)).toBe('1');
    expect(hasMemberHint()).toBe(true);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
    expect(open).toHaveBeenCalledWith(MEMBER_HINT_CACHE);
    expect([...entries.keys()]).toEqual([MEMBER_HINT_URL]);
    setMemberHint(false);
    expect(hasMemberHint()).toBe(false);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
    expect(entries.size).toBe(0);
  });

  it('is not written for the service worker again while the page’s hint stays the same (Auth answers on every start)', async () => {
    vi.useFakeTimers();
    const { entries, open } = fakeCaches();
    setMemberHint(true);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
    expect(open).toHaveBeenCalledTimes(1);
    setMemberHint(true);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
    expect(open).toHaveBeenCalledTimes(1);
    expect([...entries.keys()]).toEqual([MEMBER_HINT_URL]);
    setMemberHint(false);
    setMemberHint(false);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
    expect(open).toHaveBeenCalledTimes(2);
    expect(entries.size).toBe(0);
  });

  it('is written for the service worker each time where the page’s storage is blocked', async () => {
    vi.useFakeTimers();
    const { entries, open } = fakeCaches();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    try {
      setMemberHint(true);
      setMemberHint(true);
      await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_MS);
      expect(open).toHaveBeenCalledTimes(2);
      expect([...entries.keys()]).toEqual([MEMBER_HINT_URL]);
    } finally {
      getItem.mockRestore();
    }
  });

  it('never throws where the page’s storage is blocked: no hint, and noting one is skipped', () => {
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(blocked);
    try {
      expect(hasMemberHint()).toBe(false);
      expect(() => setMemberHint(true)).not.toThrow();
      expect(() => setMemberHint(false)).not.toThrow();
      expect(setItem).toHaveBeenCalled();
      expect(removeItem).toHaveBeenCalled();
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
      removeItem.mockRestore();
    }
  });

  it('leaves the page’s hint alone where Cache Storage fails or is missing', async () => {
    vi.stubGlobal('caches', { open: () => Promise.reject(new Error('SecurityError')) });
    await expect(noteMemberForServiceWorker(true)).resolves.toBeUndefined();
    vi.stubGlobal('caches', undefined);
    await expect(noteMemberForServiceWorker(false)).resolves.toBeUndefined();
  });
});
