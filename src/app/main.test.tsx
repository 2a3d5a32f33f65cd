import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READ_GLOBAL } from '@/data/first-read-global';
import { storageKeys } from '@/lib/storage';

// What the first script loads, noted when it is loaded rather than only when it runs.
const loaded = vi.hoisted(() => ({ boot: 0, bootMemberRoute: vi.fn(), startApp: vi.fn() }));
vi.mock('./boot', () => {
  loaded.boot += 1;
  return { bootMemberRoute: loaded.bootMemberRoute };
});
vi.mock('./start', () => ({ startApp: loaded.startApp }));

async function openPage(): Promise<void> {
  vi.resetModules();
  await import('./main');
  await vi.waitFor(() => expect(loaded.startApp).toHaveBeenCalled());
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.clear();
  loaded.boot = 0;
  vi.clearAllMocks();
});

afterEach(() => {
  document.body.innerHTML = '';
  window[FIRST_READ_GLOBAL] = undefined;
});

describe('the first script', () => {
  it("does not load a member's head start on a visitor's device", async () => {
    await openPage();
    // The app has started; boot.ts was never even fetched.
    expect(loaded.boot).toBe(0);
    expect(loaded.bootMemberRoute).not.toHaveBeenCalled();
  });

  it('starts the member screen the address names on a device where a member is signed in', async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    await openPage();
    await vi.waitFor(() => expect(loaded.bootMemberRoute).toHaveBeenCalledTimes(1));
    expect(loaded.boot).toBe(1);
  });

  it("asks for the app's code only once the first photo the page's head drew has loaded", async () => {
    localStorage.setItem(storageKeys.memberHint, '1');
    let photoLoaded = () => {};
    const photoFirst = new Promise<void>((resolve) => {
      photoLoaded = resolve;
    });
    window[FIRST_READ_GLOBAL] = {
      at: 0,
      kept: Promise.resolve(undefined),
      feed: undefined,
      board: undefined,
      photoFirst,
    };
    vi.resetModules();
    await import('./main');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded.boot).toBe(0);
    expect(loaded.startApp).not.toHaveBeenCalled();
    photoLoaded();
    await vi.waitFor(() => expect(loaded.startApp).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(loaded.bootMemberRoute).toHaveBeenCalledOnce());
  });
});
