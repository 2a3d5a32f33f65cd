// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../src/config/read-env';
import { KEPT_TOKEN_MARGIN_MS, PHOTO_FIRST_LIMIT_MS, PHOTO_PAINT_WAIT_MS } from '../src/data/first-read';
import { FIRST_READ_GLOBAL } from '../src/data/first-read-global';
import { DEFAULT_CAPTION } from '../src/domain/rating';
import { FIRST_PHOTO_ID, resetFirstPhoto } from '../src/lib/first-photo';
import { offlineCopyKey, screenSnapshotKey, storageKeys } from '../src/lib/storage';
import { BOARD_PHOTO_SIZES, FIRST_BOARD_ID, resetFirstBoard } from '../src/lib/first-board';
import {
  DETAIL_SNAPSHOT_ID,
  resetScreenSnapshot,
  SCREEN_SNAPSHOT_ID,
  SNAPSHOT_LOOK,
  type DetailSnapshot,
  type ScreenSnapshot,
} from '../src/lib/screen-snapshot';
import { PHOTO_ID_ATTRIBUTE } from '../src/lib/screen-marks';
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

/** The browser's record of the largest paint, as the page's head watches it: the test says what was painted. */
class PaintRecord {
  static current: PaintRecord | undefined;
  static disconnected = false;
  constructor(private readonly onPaint: (list: { getEntries(): unknown[] }) => void) {
    PaintRecord.current = this;
    PaintRecord.disconnected = false;
  }
  observe(options: { type: string; buffered: boolean }) {
    if (options.type !== 'largest-contentful-paint')
      throw new TypeError(`Not watched here: ${options.type}.`);
  }
  disconnect() {
    PaintRecord.disconnected = true;
  }
  static report(entries: Array<{ element: Element | undefined }>) {
    PaintRecord.current?.onPaint({ getEntries: () => entries });
  }
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
  resetFirstBoard();
  resetScreenSnapshot();
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

  it("holds the app's code until the first photo has loaded and been painted", async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    vi.stubGlobal('PerformanceObserver', PaintRecord);
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    // The browser's record of the largest paint names another element first: still held.
    PaintRecord.report([{ element: document.body }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    PaintRecord.report([{ element: image }]);
    await vi.waitFor(() => expect(codeMayLoad).toBe(true));
    expect(PaintRecord.disconnected).toBe(true);
  });

  it('holds the code a moment after the load where the browser says nothing of its paint, and no longer where it keeps no record', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    vi.stubGlobal('PerformanceObserver', PaintRecord);
    const loaded = runAt('/rate', answering({ result: page }));
    await vi.waitFor(() => expect(document.querySelector(`#${FIRST_PHOTO_ID} img`)).not.toBeNull());
    const loadedAt = performance.now();
    document.querySelector(`#${FIRST_PHOTO_ID} img`)!.dispatchEvent(new Event('load'));
    await loaded.started?.photoFirst;
    expect(performance.now() - loadedAt).toBeGreaterThanOrEqual(PHOTO_PAINT_WAIT_MS - 5);

    window[FIRST_READ_GLOBAL] = undefined;
    resetFirstPhoto();
    // A browser that keeps no record of the largest paint: the load is enough.
    vi.stubGlobal('PerformanceObserver', undefined);
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
    runAt('/admin', answering({ result: page }));
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

  it("asks for the leaderboard for the member's show-me choice, draws its first row and holds the code for it", async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    localStorage.setItem(offlineCopyKey('user.maya'), JSON.stringify({ uid: 'maya', showGender: 'female' }));
    const photos = ['a', 'b', 'c', 'd', 'e'].map((id) => ({
      id,
      imageUrl: `http://files.test/${id}.webp`,
      smallImageUrl: id === 'a' ? null : `http://files.test/${id}_small.webp`,
      imageWidth: 720,
      imageHeight: 960,
      caption: null,
    }));
    vi.stubGlobal('PerformanceObserver', PaintRecord);
    const { fetch, started } = runAt('/leaderboard', answering({ result: { photos } }));
    const board = await started?.board;
    expect(board?.uid).toBe('maya');
    expect(board?.gender).toBe('female');
    expect(await board?.answer).toEqual({ photos });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:5001/demo-photorater/us-central1/getLeaderboard');
    expect(JSON.parse(String(init.body))).toEqual({ data: { gender: 'female' } });
    await vi.waitFor(() => expect(document.querySelectorAll(`#${FIRST_BOARD_ID} img`)).toHaveLength(4));
    const images = [...document.querySelectorAll<HTMLImageElement>(`#${FIRST_BOARD_ID} img`)];
    expect(images.map((image) => image.getAttribute('src'))).toEqual(
      photos.slice(0, 4).map((p) => p.imageUrl),
    );
    // The grid's candidates, so the page's own copies come from the cache.
    expect(images[0]!.getAttribute('srcset')).toBeNull();
    expect(images[1]!.getAttribute('srcset')).toBe(
      'http://files.test/b_small.webp 360w, http://files.test/b.webp 720w',
    );
    expect(images[1]!.getAttribute('sizes')).toBe(BOARD_PHOTO_SIZES);
    let codeMayLoad = false;
    void started?.photoFirst?.then(() => {
      codeMayLoad = true;
    });
    for (const image of images.slice(0, 3)) image.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    images[3]!.dispatchEvent(new Event('error'));
    // The largest of them painted.
    PaintRecord.report([{ element: images[1] }]);
    await vi.waitFor(() => expect(codeMayLoad).toBe(true));
  });

  it('draws My Photos and /profile as the device last showed them to the member, and holds the code until they are painted', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    vi.stubGlobal('PerformanceObserver', PaintRecord);
    const copy: ScreenSnapshot = {
      uid: 'maya',
      path: '/photos',
      width: window.innerWidth,
      dark: false,
      top: 56,
      background: 'rgb(255, 255, 255)',
      html: '<main><h1 class="css-title">My Photos</h1><img src="http://files.test/a.webp" alt=""></main>',
      css: '.css-title{margin:0}',
      savedAt: 1,
    };
    localStorage.setItem(screenSnapshotKey('/photos'), JSON.stringify(copy));
    const { fetch, started } = runAt('/photos', answering({ result: page }));
    let codeMayLoad = false;
    void started?.photoFirst?.then(() => {
      codeMayLoad = true;
    });
    await vi.waitFor(() => expect(document.getElementById(SCREEN_SNAPSHOT_ID)).not.toBeNull());
    const layer = document.getElementById(SCREEN_SNAPSHOT_ID)!;
    expect(layer.querySelector('h1')?.textContent).toBe('My Photos');
    expect(fetch).not.toHaveBeenCalled();
    // Painted, but its photo not yet loaded: still held.
    PaintRecord.report([{ element: layer.querySelector('h1')! }]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    layer.querySelector('img')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(codeMayLoad).toBe(true));
    window[FIRST_READ_GLOBAL] = undefined;
    resetScreenSnapshot();

    // A copy without photos (the text is the screen's largest paint): held until that is painted.
    localStorage.setItem(
      screenSnapshotKey('/profile'),
      JSON.stringify({ ...copy, path: '/profile', html: '<main><p>12 tokens</p></main>' }),
    );
    const profile = runAt('/profile', answering({ result: page }));
    let profileCodeMayLoad = false;
    void profile.started?.photoFirst?.then(() => {
      profileCodeMayLoad = true;
    });
    await vi.waitFor(() => expect(document.getElementById(SCREEN_SNAPSHOT_ID)).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(profileCodeMayLoad).toBe(false);
    PaintRecord.report([{ element: document.querySelector(`#${SCREEN_SNAPSHOT_ID} p`)! }]);
    await vi.waitFor(() => expect(profileCodeMayLoad).toBe(true));
  });

  it("draws the photo detail the address opens over My Photos' copy, and holds the code until its photo is painted", async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    vi.stubGlobal('PerformanceObserver', PaintRecord);
    const copy: ScreenSnapshot = {
      uid: 'maya',
      path: '/photos',
      width: window.innerWidth,
      dark: false,
      top: 56,
      background: 'rgb(255, 255, 255)',
      html: `<main><article ${PHOTO_ID_ATTRIBUTE}="p1"><img src="http://files.test/a.webp" alt="Sunday hike"></article></main>`,
      css: '',
      savedAt: 1,
    };
    localStorage.setItem(screenSnapshotKey('/photos'), JSON.stringify(copy));
    const detail: DetailSnapshot = {
      uid: 'maya',
      width: window.innerWidth,
      dark: false,
      html: '<div class="css-container"><h2 class="css-title"></h2><img class="css-photo" sizes="100vw"></div>',
      css: '.css-title{margin:0}',
      savedAt: 1,
    };
    localStorage.setItem(SNAPSHOT_LOOK.detail.key, JSON.stringify(detail));
    const { started } = runAt('/photos?photo=p1', answering({ result: page }));
    let codeMayLoad = false;
    void started?.photoFirst?.then(() => {
      codeMayLoad = true;
    });
    await vi.waitFor(() => expect(document.getElementById(DETAIL_SNAPSHOT_ID)).not.toBeNull());
    const over = document.getElementById(DETAIL_SNAPSHOT_ID)!;
    const photo = over.querySelector('img')!;
    expect(photo.getAttribute('src')).toBe('http://files.test/a.webp');
    expect(over.querySelector('h2')?.textContent).toBe('Sunday hike');
    // The grid's photo painted, or the detail's before it has loaded: still held.
    PaintRecord.report([{ element: document.querySelector(`#${SCREEN_SNAPSHOT_ID} img`)! }]);
    photo.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(codeMayLoad).toBe(false);
    PaintRecord.report([{ element: photo }]);
    await vi.waitFor(() => expect(codeMayLoad).toBe(true));
  });

  it('draws the copy for the member Auth kept even once their token has run out: it needs only whose it is', async () => {
    await keepInAuthStorage(storedUser(Date.now() - 60_000));
    localStorage.setItem(
      screenSnapshotKey('/profile'),
      JSON.stringify({
        uid: 'maya',
        path: '/profile',
        width: window.innerWidth,
        dark: false,
        top: 56,
        background: '#fff',
        html: '<main><p>12 tokens</p></main>',
        css: '',
        savedAt: 1,
      }),
    );
    const { started } = runAt('/profile', answering({ result: page }));
    expect(await started?.kept).toBeUndefined();
    await vi.waitFor(() => expect(document.getElementById(SCREEN_SNAPSHOT_ID)).not.toBeNull());
  });

  it("draws no copy of another member's, nor any where none was kept, and holds nothing then", async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const none = runAt('/photos', answering({ result: page }));
    await expect(none.started?.photoFirst).resolves.toBeUndefined();
    window[FIRST_READ_GLOBAL] = undefined;
    localStorage.setItem(
      screenSnapshotKey('/photos'),
      JSON.stringify({
        uid: 'leo',
        path: '/photos',
        width: window.innerWidth,
        dark: false,
        top: 56,
        background: '#fff',
        html: '<main><p>Leo</p></main>',
        css: '',
        savedAt: 1,
      }),
    );
    const another = runAt('/photos', answering({ result: page }));
    await expect(another.started?.photoFirst).resolves.toBeUndefined();
    expect(document.getElementById(SCREEN_SNAPSHOT_ID)).toBeNull();
  });

  it('asks for no board without a show-me choice kept on the device, or with one it does not know', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    for (const copy of [
      null,
      '{not json',
      JSON.stringify({ showGender: '__proto__' }),
      JSON.stringify({ showGender: 'constructor' }),
      JSON.stringify({ showGender: 7 }),
    ]) {
      if (copy === null) localStorage.removeItem(offlineCopyKey('user.maya'));
      else localStorage.setItem(offlineCopyKey('user.maya'), copy);
      const { fetch, started } = runAt('/leaderboard', answering({ result: { photos: [] } }));
      expect(await started?.board).toBeUndefined();
      await expect(started?.photoFirst).resolves.toBeUndefined();
      expect(fetch).not.toHaveBeenCalled();
      window[FIRST_READ_GLOBAL] = undefined;
    }
    expect(document.getElementById(FIRST_BOARD_ID)).toBeNull();
  });

  it('only reads the kept session on other pages, and nothing for a visitor', async () => {
    await keepInAuthStorage(storedUser(Date.now() + KEPT_TOKEN_MARGIN_MS + 60_000));
    const member = runAt('/profile', answering({ result: page }));
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
