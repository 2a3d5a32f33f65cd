// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../src/config/read-env';
import { KEPT_TOKEN_MARGIN_MS, PHOTO_FIRST_LIMIT_MS } from '../src/data/first-read';
import { FIRST_READ_GLOBAL } from '../src/data/first-read-global';
import { DEFAULT_CAPTION } from '../src/domain/rating';
import { FIRST_PHOTO_ID, resetFirstPhoto } from '../src/lib/first-photo';
import { storageKeys } from '../src/lib/storage';
import { deleteAuthDatabase, keepInAuthStorage, storedUser } from '../src/testing/auth-storage';
import { firstReadConfig, firstReadScript } from './first-read-script';

const config = firstReadConfig(
  readEnv({ VITE_FIREBASE_API_KEY: 'test-key', VITE_LOCAL_SERVER_URL: 'http://127.0.0.1:5001' }),
);
const FEED_URL = 'http://127.0.0.1:5001/demo-photorater/us-central1/getPhotos';
const page = {
  photos: [
    { id: 'p1', userId: 'leo', imageUrl: 'http://files.test/p1.webp', originalUrl: null, caption: null },
  ],
  next: null,
};

/** Runs the page's line of script at `pathname`, as the parser would, with `fetch` answering `answer`. */
function runAt(pathname: string, answer: () => Promise<Response>) {
  window.history.replaceState(null, '', pathname);
  const fetch = vi.fn(answer);
  vi.stubGlobal('fetch', fetch);
  new Function(firstReadScript(config))();
  return { fetch, started: window[FIRST_READ_GLOBAL] };
}

const answering =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(new Response(JSON.stringify(body), { status }));

beforeEach(async () => {
  await deleteAuthDatabase();
  localStorage.setItem(storageKeys.memberHint, '1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('link[rel="preconnect"]').forEach((link) => link.remove());
  window[FIRST_READ_GLOBAL] = undefined;
  resetFirstPhoto();
  localStorage.clear();
});

describe("the page head's first read", () => {
  it('asks for the first feed page on /rate with the kept token, and draws its first photo', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const { fetch, started } = runAt('/rate', answering({ result: page }));
    expect(await started?.kept).toEqual({ uid: 'maya', email: 'maya@example.com', idToken: 'id-token' });
    expect(await started?.feed).toEqual(page);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(FEED_URL);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer id-token' });
    expect(JSON.parse(String(init.body))).toEqual({ data: { limit: 2 } });
    await vi.waitFor(() => expect(document.getElementById(FIRST_PHOTO_ID)).not.toBeNull());
    const layer = document.getElementById(FIRST_PHOTO_ID)!;
    expect(layer.querySelector('img')?.getAttribute('src')).toBe('http://files.test/p1.webp');
    expect(layer.querySelector('p')?.textContent).toBe(DEFAULT_CAPTION);
  });

  it("holds the app's code until the first photo has loaded, or failed to", async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const held = runAt('/rate', answering({ result: page }));
    let codeMayLoad = false;
    void held.started?.photoFirst?.then(() => {
      codeMayLoad = true;
    });
    await vi.waitFor(() => expect(document.querySelector(`#${FIRST_PHOTO_ID} img`)).not.toBeNull());
    const image = document.querySelector<HTMLImageElement>(`#${FIRST_PHOTO_ID} img`)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    image.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(codeMayLoad).toBe(true));

    window[FIRST_READ_GLOBAL] = undefined;
    resetFirstPhoto();
    const broken = runAt('/rate', answering({ result: page }));
    await vi.waitFor(() => expect(document.querySelector(`#${FIRST_PHOTO_ID} img`)).not.toBeNull());
    document.querySelector(`#${FIRST_PHOTO_ID} img`)!.dispatchEvent(new Event('error'));
    await expect(broken.started?.photoFirst).resolves.toBeUndefined();
  });

  it('holds the code no longer than its limit, nor for a read that failed or brought no photo', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const refused = runAt('/rate', answering({ error: { status: 'UNAUTHENTICATED' } }, 401));
    await expect(refused.started?.photoFirst).resolves.toBeUndefined();
    window[FIRST_READ_GLOBAL] = undefined;
    const empty = runAt('/rate', answering({ result: { photos: [], next: null } }));
    await expect(empty.started?.photoFirst).resolves.toBeUndefined();
    expect(document.getElementById(FIRST_PHOTO_ID)).toBeNull();
    window[FIRST_READ_GLOBAL] = undefined;

    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      // An answer that never comes.
      const silent = runAt('/rate', () => new Promise<Response>(() => undefined));
      let codeMayLoad = false;
      void silent.started?.photoFirst?.then(() => {
        codeMayLoad = true;
      });
      await vi.advanceTimersByTimeAsync(PHOTO_FIRST_LIMIT_MS - 1);
      expect(codeMayLoad).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(codeMayLoad).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds nothing where a service worker answers the page, and still draws the photo', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    vi.stubGlobal('navigator', { serviceWorker: { controller: {} } });
    const answered = runAt('/rate', answering({ result: page }));
    expect(answered.started?.feed).toBeDefined();
    expect(answered.started?.photoFirst).toBeUndefined();
    await vi.waitFor(() => expect(document.getElementById(FIRST_PHOTO_ID)).not.toBeNull());
  });

  it("connects to the member's servers on a member's device", async () => {
    runAt('/leaderboard', answering({ result: page }));
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preconnect"]')].map(
      (link) => [link.href, link.getAttribute('crossorigin')],
    );
    expect(links).toEqual([
      ['http://127.0.0.1:5001/', 'anonymous'],
      ['http://127.0.0.1:5001/', null],
      ['http://127.0.0.1:9099/', 'anonymous'],
    ]);
    expect(window[FIRST_READ_GLOBAL]?.photoFirst).toBeUndefined();
  });

  it('only reads the kept session on other pages, and nothing for a visitor', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const member = runAt('/leaderboard', answering({ result: page }));
    expect((await member.started?.kept)?.uid).toBe('maya');
    expect(member.started?.feed).toBeUndefined();
    expect(member.fetch).not.toHaveBeenCalled();
    window[FIRST_READ_GLOBAL] = undefined;

    localStorage.removeItem(storageKeys.memberHint);
    const visitor = runAt('/rate', answering({ result: page }));
    expect(visitor.started).toBeUndefined();
    expect(visitor.fetch).not.toHaveBeenCalled();
  });

  it('asks for nothing without a session fit to use, and leaves a refusal to the app', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS - 1000));
    const nearItsEnd = runAt('/rate', answering({ result: page }));
    expect(await nearItsEnd.started?.kept).toBeUndefined();
    expect(await nearItsEnd.started?.feed).toBeUndefined();
    expect(nearItsEnd.fetch).not.toHaveBeenCalled();

    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const refused = runAt('/rate', answering({ error: { status: 'UNAUTHENTICATED' } }, 401));
    await expect(refused.started?.feed).rejects.toThrow('getPhotos answered 401.');
    expect(document.getElementById(FIRST_PHOTO_ID)).toBeNull();
  });

  it('is a script a page can carry: its data cannot end the script element', () => {
    const script = firstReadScript({ ...config, defaultCaption: '</script><script>alert(1)</script>' });
    expect(script).not.toContain('</script>');
    expect(() => new Function(script)).not.toThrow();
  });
});
