import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_PAGE_CACHE, type PrerenderPage, type RenderPage } from '../../../src/domain/public-pages';
import { caller, seedMember, testContext } from '../testing';
import { saveArticle } from './articles';
import {
  hostingTemplate,
  kept,
  PUBLIC_PAGES_KEEP_MS,
  PUBLIC_PAGES_KEPT,
  publicPagesHandler,
} from './public-pages';

const TEMPLATE =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>';

const render: RenderPage = async (page: PrerenderPage) => ({
  head: '<title>Page</title>',
  body:
    page.kind === 'article' ? `<h1>${page.article.headline}</h1>${page.article.content}` : '<h1>Oops</h1>',
  data: null,
});

async function host(options: { template?: () => Promise<string>; render?: RenderPage } = {}) {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  const { id } = (await saveArticle.run(
    {
      headline: 'Light makes the photo',
      content: '<p>Face the window.</p><script>alert(1)</script>',
      rate: 4,
    },
    context.as(caller('ada', { isAdmin: true })),
  )) as { id: string };
  const clock = { now: 1_000 };
  const serve = publicPagesHandler({
    store: context.store,
    renderer: async () => options.render ?? render,
    template: options.template ?? (async () => TEMPLATE),
    origin: 'https://photos.example',
    now: () => clock.now,
  });
  return { context, id, serve, clock };
}

afterEach(() => vi.unstubAllGlobals());

describe('publicPages', () => {
  it('serves a stored article with its sanitised body, cached by the CDN', async () => {
    const { id, serve } = await host();
    const answer = await serve({ method: 'GET', url: `/article/${id}?ref=x` });
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe(PUBLIC_PAGE_CACHE.article);
    expect(answer.body).toContain('<h1>Light makes the photo</h1><p>Face the window.</p>');
    expect(answer.body).not.toContain('<script>alert(1)');
  });

  it("answers unknown, odd and hostile ids with the app's 404 page", async () => {
    const { serve } = await host();
    for (const url of [
      '/article/nothing-here',
      '/article/../../etc/passwd',
      '/article/__proto__',
      `/article/${'x'.repeat(5000)}`,
    ]) {
      const answer = await serve({ method: 'GET', url });
      expect(answer.status, url).toBe(404);
      expect(answer.body, url).toContain('<h1>Oops</h1>');
    }
  });

  it('lists the stored articles in the sitemap, read again only after a minute', async () => {
    const { context, id, serve, clock } = await host();
    const query = vi.spyOn(context.store, 'query');
    expect((await serve({ method: 'GET', url: '/sitemap.xml' })).body).toContain(
      `<loc>https://photos.example/article/${id}</loc>`,
    );
    await serve({ method: 'GET', url: '/sitemap.xml' });
    expect(query).toHaveBeenCalledTimes(1);
    clock.now += PUBLIC_PAGES_KEEP_MS;
    await serve({ method: 'GET', url: '/sitemap.xml' });
    expect(query).toHaveBeenCalledTimes(2);
  });

  it('answers a 503 that no cache keeps when the template cannot be read', async () => {
    const { id, serve } = await host({ template: () => Promise.reject(new Error('Hosting is down')) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = await serve({ method: 'GET', url: `/article/${id}` });
    expect(answer.status).toBe(503);
    expect(answer.headers['Cache-Control']).toBe('no-store');
  });

  it('makes a page once a minute whatever its query, and serves HEAD from it', async () => {
    const renders = vi.fn(render);
    const { context, id, serve, clock } = await host({ render: renders });
    const read = vi.spyOn(context.store, 'get');
    for (const query of ['', '?utm_source=x', '?a=1&b=2', '#top'])
      expect((await serve({ method: 'GET', url: `/article/${id}${query}` })).status).toBe(200);
    const head = await serve({ method: 'HEAD', url: `/article/${id}?z` });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(renders).toHaveBeenCalledTimes(1);
    const reads = read.mock.calls.length;
    expect(reads).toBeGreaterThan(0);
    clock.now += PUBLIC_PAGES_KEEP_MS;
    expect((await serve({ method: 'GET', url: `/article/${id}` })).body).toContain('Light makes the photo');
    expect(renders).toHaveBeenCalledTimes(2);
    expect(read.mock.calls.length).toBe(2 * reads);
  });

  it('renders the 404 page once for every miss, and reads a missing id once a minute', async () => {
    const renders = vi.fn(render);
    const { context, serve } = await host({ render: renders });
    const read = vi.spyOn(context.store, 'get');
    for (let n = 0; n < 5; n++) {
      expect((await serve({ method: 'GET', url: `/article/missing-${n}` })).status).toBe(404);
      expect((await serve({ method: 'GET', url: `/article/missing-${n}?again` })).status).toBe(404);
    }
    expect((await serve({ method: 'GET', url: `/article/${'x'.repeat(5000)}` })).status).toBe(404);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(new Set(read.mock.calls.map(([path]) => path)).size).toBe(5);
    expect(read.mock.calls.length).toBe(5);
  });

  it(`keeps at most ${PUBLIC_PAGES_KEPT} pages, forgetting the oldest`, async () => {
    const { context, serve } = await host();
    const read = vi.spyOn(context.store, 'get');
    for (let n = 0; n <= PUBLIC_PAGES_KEPT; n++) await serve({ method: 'GET', url: `/article/missing-${n}` });
    expect(read).toHaveBeenCalledTimes(PUBLIC_PAGES_KEPT + 1);
    await serve({ method: 'GET', url: `/article/missing-${PUBLIC_PAGES_KEPT}` });
    expect(read).toHaveBeenCalledTimes(PUBLIC_PAGES_KEPT + 1);
    await serve({ method: 'GET', url: '/article/missing-0' });
    expect(read).toHaveBeenCalledTimes(PUBLIC_PAGES_KEPT + 2);
  });

  it('does not keep a page whose making failed', async () => {
    const template = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error('Hosting is down'));
    template.mockResolvedValue(TEMPLATE);
    const { id, serve } = await host({ template });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await serve({ method: 'GET', url: `/article/${id}` })).status).toBe(503);
    expect((await serve({ method: 'GET', url: `/article/${id}` })).status).toBe(200);
  });

  it('makes the 404 page again after its making failed, instead of answering every miss with a 503', async () => {
    const renders = vi.fn(render).mockRejectedValueOnce(new Error('The renderer stumbled'));
    const { serve } = await host({ render: renders });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await serve({ method: 'GET', url: '/article/missing-1' })).status).toBe(503);
    expect((await serve({ method: 'GET', url: '/article/missing-2' })).status).toBe(404);
    expect((await serve({ method: 'GET', url: '/article/missing-1' })).status).toBe(404);
  });

  it('refuses writes with a 405', async () => {
    const { id, serve } = await host();
    expect((await serve({ method: 'POST', url: `/article/${id}` })).status).toBe(405);
  });
});

describe('kept', () => {
  it('keeps a read a minute and forgets a failed one', async () => {
    let now = 0;
    let calls = 0;
    const read = kept(
      async () => {
        calls++;
        if (calls === 1) throw new Error('down');
        return calls;
      },
      () => now,
    );
    await expect(read()).rejects.toThrow('down');
    expect(await read()).toBe(2);
    now += PUBLIC_PAGES_KEEP_MS - 1;
    expect(await read()).toBe(2);
    now += 1;
    expect(await read()).toBe(3);
  });
});

describe('hostingTemplate', () => {
  it("reads /app-template from Hosting and refuses anything that is not the app's template", async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return new Response(fetched.length === 1 ? TEMPLATE : '<html>Page not found</html>', {
          status: fetched.length === 1 ? 200 : 404,
        });
      }),
    );
    expect(await hostingTemplate('https://photos.example')).toBe(TEMPLATE);
    expect(fetched).toEqual(['https://photos.example/app-template']);
    await expect(hostingTemplate('https://photos.example')).rejects.toThrow(
      /not the app's template \(HTTP 404\)/,
    );
  });
});

describe("firebase.json's hosting", () => {
  const hosting = (
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../firebase.json'), 'utf8')) as {
      hosting: {
        cleanUrls: boolean;
        trailingSlash: boolean;
        rewrites: Array<{ source: string; function?: string; destination?: string }>;
        headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
      };
    }
  ).hosting;

  it("sends /about/ and /blog/ to their pre-rendered page's own address, not to the app shell", () => {
    // Without it Hosting looks for /about/index.html, finds none and serves the shell: an empty page to a crawler.
    expect(hosting.cleanUrls).toBe(true);
    expect(hosting.trailingSlash).toBe(false);
  });

  it("sends articles and the sitemap to publicPages, before any of the app's routes", () => {
    const rewrites = hosting.rewrites.map((rule) => rule.source);
    const firstShell = hosting.rewrites.findIndex((rule) => rule.destination !== undefined);
    for (const source of ['/article/**', '/sitemap.xml']) {
      expect(hosting.rewrites.find((rule) => rule.source === source)?.function).toBe('publicPages');
      expect(rewrites.indexOf(source)).toBeLessThan(firstShell);
    }
  });

  it('leaves their caching to the function, whose 503 no cache may keep: no Cache-Control rule matches them', () => {
    const caching = hosting.headers.filter((rule) => rule.headers.some((h) => h.key === 'Cache-Control'));
    for (const pathname of ['/article/light', '/article', '/sitemap.xml'])
      expect(
        caching.filter((rule) => minimatch(pathname, rule.source)).map((rule) => rule.source),
        pathname,
      ).toEqual([]);
    // Everything else is still revalidated or, for the hashed assets, kept.
    for (const pathname of ['/', '/rate', '/index.html', '/sw.js', '/articles', '/assets/index-a.js'])
      expect(
        caching.some((rule) => minimatch(pathname, rule.source)),
        pathname,
      ).toBe(true);
  });
});
