import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_READ_GLOBAL } from '../src/data/first-read-global';
import { storageKeys } from '../src/lib/storage';
import { readEnv } from '../src/config/read-env';
import { firstReadConfig, firstReadScript, minifiedScript } from './first-read-script';
import { chunkFiles, routePreloadScript } from './route-preload';

const root = '/project';

function chunk(fileName: string, module: string | null, imports: string[] = []): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: module === null ? null : path.join(root, module),
    moduleIds: module === null ? [] : [path.join(root, module)],
    imports,
  } as unknown as Rolldown.OutputChunk;
}

/** A build as Rollup gives it: the app's chunk, two screens, the chunks they share. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', 'src/app/main.tsx'),
    // Auth bundled into a chunk it shares with others: found by the modules the chunk holds.
    {
      ...chunk('assets/shared.js', null, ['assets/firebase-app.js']),
      moduleIds: [path.join(root, 'src/components/toast.tsx'), path.join(root, 'src/data/auth.ts')],
    },
    chunk('assets/firebase-app.js', null),
    chunk('assets/start.js', 'src/app/start.tsx', ['assets/react-dom.js', 'assets/mui.js']),
    chunk('assets/react-dom.js', null),
    chunk('assets/mui.js', null),
    chunk('assets/rate-page.js', 'src/features/rating/rate-page.tsx', ['assets/mui.js', 'assets/chip.js']),
    chunk('assets/chip.js', null, ['assets/mui.js']),
    chunk('assets/my-photos-page.js', 'src/features/photos/my-photos-page.tsx', ['assets/mui.js']),
    chunk('assets/schemas.js', 'src/domain/schemas.ts'),
    // The head start, and what asks for /rate's first feed page: both read the session Auth kept.
    chunk('assets/boot.js', 'src/app/boot.ts', ['assets/kept-session.js']),
    chunk('assets/kept-session.js', null),
    chunk('assets/feed-prefetch.js', 'src/data/feed-prefetch.ts', [
      'assets/kept-session.js',
      'assets/wire.js',
    ]),
    chunk('assets/wire.js', null),
    // The backend's adapter this build carries, with a chunk of its own.
    chunk('assets/local-backend.js', 'src/data/local/local-backend.ts', [
      'assets/backend.js',
      'assets/mui.js',
    ]),
    chunk('assets/backend.js', null),
    chunk('assets/firebase-backend.js', 'src/data/firebase/firebase-backend.ts', ['assets/backend.js']),
  ].map((output) => [output.fileName, output]),
) as Rolldown.OutputBundle;

/**
 * Runs the page's line of script at an address, on a device with or without a member, and says what it
 * preloads (so far: the list grows once what the first read holds the code for has come).
 */
function preloadedAt(
  pathname: string,
  member: boolean,
  backend: 'local' | 'firebase' = 'local',
  firstRead?: { photoFirst?: Promise<void> },
): string[] {
  const preloaded: string[] = [];
  const page = {
    localStorage: { getItem: (key: string) => (member && key === storageKeys.memberHint ? '1' : null) },
    location: { pathname },
    document: {
      createElement: () => ({ rel: '', href: '' }),
      head: {
        // A throw here would be swallowed by the script: anything else shows in the list instead.
        appendChild: (link: { rel: string; href: string }) =>
          preloaded.push(link.rel === 'modulepreload' ? link.href : `${link.rel}: ${link.href}`),
      },
    },
  };
  const script = routePreloadScript(bundle, root, '/', backend);
  new Function('localStorage', 'location', 'document', 'window', script)(
    page.localStorage,
    page.location,
    page.document,
    { [FIRST_READ_GLOBAL]: firstRead },
  );
  return preloaded;
}

describe("a member screen's code asked for as the page is parsed", () => {
  it('follows each chunk a module imports, once', () => {
    expect(chunkFiles(bundle, root, 'src/features/rating/rate-page.tsx')).toEqual([
      'assets/rate-page.js',
      'assets/mui.js',
      'assets/chip.js',
    ]);
    expect(chunkFiles(bundle, root, 'src/features/profile/profile-page.tsx')).toEqual([]);
  });

  it("preloads the head start, the app's chunks, the screen's own and the backend's for the path, for a member", () => {
    // The head start first, then Auth, then the app.
    const app = [
      '/assets/boot.js',
      '/assets/kept-session.js',
      '/assets/shared.js',
      '/assets/firebase-app.js',
      '/assets/start.js',
      '/assets/react-dom.js',
      '/assets/mui.js',
    ];
    // The store's adapter, for the screen's first read of the store; what the app has is not asked twice.
    const backend = ['/assets/local-backend.js', '/assets/backend.js'];
    // What asks for the screen's first read goes right after the head start: with the token Auth kept on
    // the device, the read waits for neither Auth nor the app.
    const rate = [
      ...app.slice(0, 2),
      '/assets/feed-prefetch.js',
      '/assets/wire.js',
      ...app.slice(2),
      '/assets/rate-page.js',
      '/assets/chip.js',
      ...backend,
    ];
    expect(preloadedAt('/rate', true)).toEqual(rate);
    expect(preloadedAt('/rate/photo-1', true)).toEqual(rate);
    expect(preloadedAt('/', true)).toEqual([...app, '/assets/my-photos-page.js', ...backend]);
    expect(preloadedAt('/photos', true)).toEqual([...app, '/assets/my-photos-page.js', ...backend]);
    // A build for Firebase asks for Firebase's adapter, never the local one.
    expect(preloadedAt('/photos', true, 'firebase')).toEqual([
      ...app,
      '/assets/my-photos-page.js',
      '/assets/firebase-backend.js',
      '/assets/backend.js',
    ]);
  });

  it("waits, on /rate, for the first photo the page's head holds the code for", async () => {
    let photoLoaded = () => {};
    const photoFirst = new Promise<void>((resolve) => {
      photoLoaded = resolve;
    });
    const links = preloadedAt('/rate', true, 'local', { photoFirst });
    expect(links).toEqual([]);
    photoLoaded();
    await photoFirst;
    await Promise.resolve();
    expect(links).toEqual(preloadedAt('/rate', true));
    // Nothing held (another page, a page a service worker answers): at once.
    expect(preloadedAt('/rate', true, 'local', {})).toEqual(preloadedAt('/rate', true));
  });

  it('preloads nothing for a visitor, on a public page, or at an address that only looks alike', () => {
    expect(preloadedAt('/rate', false)).toEqual([]);
    expect(preloadedAt('/blog', true)).toEqual([]);
    expect(preloadedAt('/rates', true)).toEqual([]);
    expect(preloadedAt('/photos/extra', true)).toEqual([]);
  });
});

describe("the first read's line of script, as the page carries it", () => {
  it('is minified, and still a script that runs', async () => {
    const script = firstReadScript(firstReadConfig(readEnv({})));
    const minified = await minifiedScript(script);
    expect(minified.length).toBeLessThan(script.length * 0.8);
    // The same configuration, as data.
    expect(minified).toContain('http://127.0.0.1:5001/demo-photorater/us-central1/getPhotos');
    expect(minified).not.toMatch(/<\/script/i);
    // Without a page's storage here, it does nothing, and throws nothing.
    expect(() => new Function(minified)()).not.toThrow();
  });

  it('starts the first read on a member’s device, as the page runs it', async () => {
    const minified = await minifiedScript(firstReadScript(firstReadConfig(readEnv({}))));
    const page: { photoraterFirstRead?: { kept: Promise<unknown>; feed?: Promise<unknown> } } = {};
    // A device where Auth has made no database yet: nobody is kept, and nothing is asked for.
    const indexedDB = {
      open: () => {
        const request: { onerror?: () => void } = {};
        setTimeout(() => request.onerror?.());
        return request;
      },
    };
    const fetch = vi.fn();
    new Function('localStorage', 'location', 'indexedDB', 'window', 'fetch', minified)(
      { getItem: (key: string) => (key === storageKeys.memberHint ? '1' : null) },
      { pathname: '/rate' },
      indexedDB,
      page,
      fetch,
    );
    expect(page.photoraterFirstRead).toBeDefined();
    expect(await page.photoraterFirstRead?.kept).toBeUndefined();
    expect(await page.photoraterFirstRead?.feed).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });
});
