import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRERENDERED_DATA_ID } from '../src/lib/prerendered';
import { pageHtml, SITEMAP_CACHE_MS, sitemap, sitemapArticles } from './prerender';

const TEMPLATE =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

describe('pageHtml', () => {
  it("keeps an article's `$'`, `$&` and `$`` as they are, in the page and in its data", () => {
    const text = "Costs $' and $& and $` and $$ and $1";
    const html = pageHtml(TEMPLATE, {
      head: `<title>${text}</title>`,
      body: `<article>${text}</article>`,
      data: { key: 'article:a', data: { content: text } },
    });
    expect(html).toContain(`<title>${text}</title>`);
    expect(html).toContain(`<div id="root"><article>${text}</article></div>`);
    const json = new RegExp(
      `<script id="${PRERENDERED_DATA_ID}" type="application/json">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(json![1]!)).toEqual({ key: 'article:a', data: { content: text } });
    expect(html.match(/<script src="\/app.js">/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });
});

describe('the sitemap', () => {
  const env = { VITE_LOCAL_SERVER_URL: 'http://server.test', VITE_FIREBASE_PROJECT_ID: 'demo-photorater' };
  const index = {
    articles: Array.from({ length: 40 }, (_, n) => ({ id: `a${n}`, updatedAt: '2026-11-20T10:00:00.000Z' })),
  };

  afterEach(() => vi.unstubAllGlobals());

  it('lists every article from one read, and reads again only after a minute', async () => {
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        return Response.json({ result: index });
      }),
    );
    const start = 1_000_000_000_000;
    const articles = await sitemapArticles(env, start);
    const xml = sitemap('https://example.test', articles);
    for (const { id } of index.articles)
      expect(xml).toContain(`<loc>https://example.test/article/${id}</loc>`);
    await sitemapArticles(env, start + SITEMAP_CACHE_MS - 1);
    expect(fetched).toEqual(['http://server.test/demo-photorater/us-central1/getArticleIndex']);
    await sitemapArticles(env, start + SITEMAP_CACHE_MS);
    expect(fetched).toHaveLength(2);
  });

  it('keeps no failed read', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls++;
        return calls === 1 ? new Response('down', { status: 503 }) : Response.json({ result: index });
      }),
    );
    const start = 2_000_000_000_000;
    expect(await sitemapArticles(env, start)).toEqual([]);
    expect(await sitemapArticles(env, start + 1)).toHaveLength(40);
  });
});
