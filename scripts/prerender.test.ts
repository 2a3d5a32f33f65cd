import { afterEach, describe, expect, it, vi } from 'vitest';
import { sitemap } from '../src/domain/public-pages';
import { SITEMAP_CACHE_MS, sitemapArticles } from './prerender';

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
