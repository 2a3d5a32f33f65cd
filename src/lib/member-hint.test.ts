import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_HINT_CACHE, MEMBER_HINT_URL } from '@/config/app-pages';
import { hasMemberHint, setMemberHint } from './member-hint';
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
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the member hint', () => {
  it('is noted for the page and for the service worker at sign-in, and forgotten at sign-out', async () => {
    const { entries, open } = fakeCaches();
    await setMemberHint(true);
    expect(localStorage.getItem(storageKeys.memberHint)).toBe('1');
    expect(hasMemberHint()).toBe(true);
    expect(open).toHaveBeenCalledWith(MEMBER_HINT_CACHE);
    expect([...entries.keys()]).toEqual([MEMBER_HINT_URL]);
    await setMemberHint(false);
    expect(hasMemberHint()).toBe(false);
    expect(entries.size).toBe(0);
  });

  it('still holds for the page where Cache Storage fails or is missing', async () => {
    vi.stubGlobal('caches', { open: () => Promise.reject(new Error('SecurityError')) });
    await expect(setMemberHint(true)).resolves.toBeUndefined();
    expect(hasMemberHint()).toBe(true);
    vi.stubGlobal('caches', undefined);
    await setMemberHint(false);
    expect(hasMemberHint()).toBe(false);
  });
});
