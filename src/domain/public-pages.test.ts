import { describe, expect, it, vi } from 'vitest';
import type { ArticleView } from './articles';
import {
  PRERENDERED_DATA_ID,
  PUBLIC_PAGE_CACHE,
  PUBLIC_PATH_MAX,
  answerPublicRequest,
  articleIdOf,
  COLOR_MODE_KEY,
  DARK_STARTS_EMPTY,
  escapeHtml,
  FIRST_READ_SCRIPT_ID,
  pageHtml,
  type PrerenderPage,
  type PublicPageSources,
} from './public-pages';

const TEMPLATE =
  '<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

const article: ArticleView = {
  id: 'light-makes-the-photo',
  headline: 'Light <makes> the photo',
  description: 'Five minutes to a better profile picture.',
  seoTitle: 'Light makes the photo',
  seoDescription: 'Five minutes to a better profile picture.',
  imageUrl: '/images/blog-light.webp',
  content: '<p>Face the window.</p>',
  author: 'Photorater',
  rate: 4,
  dateAdded: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

/** A renderer that says what it was asked for, as the real one's head and body would. */
function sources(articles: ArticleView[] = [article]) {
  const reads: string[] = [];
  const render = vi.fn(async (page: PrerenderPage, origin: string) => ({
    head: `<title>${page.kind === 'article' ? escapeHtml(page.article.headline) : 'Page not found'}</title><link rel="canonical" href="${origin}/x">`,
    body: page.kind === 'article' ? `<h1>${escapeHtml(page.article.headline)}</h1>` : '<h1>Oops</h1>',
    data: page.kind === 'article' ? { key: `article:${page.article.id}`, data: page.article } : null,
  }));
  const given: PublicPageSources = {
    article: async (id) => {
      reads.push(id);
      return articles.find((each) => each.id === id);
    },
    articleIndex: async () => articles.map(({ id, updatedAt }) => ({ id, updatedAt })),
    render,
    template: TEMPLATE,
    origin: 'https://photos.example',
  };
  return { given, reads, render };
}

const get = (url: string) => ({ method: 'GET', url });

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

  it('keeps a `</script>` in the data from closing its element', () => {
    const html = pageHtml(TEMPLATE, {
      head: '',
      body: '',
      data: { key: 'article:a', data: { content: '</script><script>alert(1)</script>' } },
    });
    expect(html).not.toContain('<script>alert(1)');
  });

  it("leaves out the template's first read, a member's, and keeps its other scripts", () => {
    const template = TEMPLATE.replace(
      '</head>',
      `<script id="${FIRST_READ_SCRIPT_ID}">try{read()}catch{}</script><script>preload()</script></head>`,
    );
    const html = pageHtml(template, { head: '<title>Blog</title>', body: '<h1>Blog</h1>', data: null });
    expect(html).not.toContain(FIRST_READ_SCRIPT_ID);
    expect(html).not.toContain('read()');
    expect(html).toContain('<script>preload()</script>');
    expect(html).toContain('<script src="/app.js"></script>');
  });
});

describe('escapeHtml', () => {
  it('escapes what could end text or a double-quoted attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Ann</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Ann&lt;/a&gt;',
    );
  });
});

describe('answerPublicRequest', () => {
  it('makes an article page from the template, with its data and the CDN caching', async () => {
    const { given } = sources();
    const answer = await answerPublicRequest(get('/article/light-makes-the-photo'), given);
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['Cache-Control']).toBe(PUBLIC_PAGE_CACHE.article);
    expect(answer.headers['Cache-Control']).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    expect(answer.body).toContain('<div id="root"><h1>Light &lt;makes&gt; the photo</h1></div>');
    expect(answer.body).toContain('<title>Light &lt;makes&gt; the photo</title>');
    expect(answer.body).toContain('https://photos.example/x');
    expect(answer.body).toContain(`<script id="${PRERENDERED_DATA_ID}"`);
    expect(answer.body).not.toContain('<title>App</title>');
  });

  it('ignores the query and takes a trailing slash', async () => {
    const { given } = sources();
    for (const url of [
      '/article/light-makes-the-photo?utm_source=x&page=2',
      '/article/light-makes-the-photo/',
    ])
      expect((await answerPublicRequest(get(url), given)).status, url).toBe(200);
  });

  it("answers an unknown id with the app's 404 page, kept a minute", async () => {
    const { given, render } = sources();
    const answer = await answerPublicRequest(get('/article/no-such-article'), given);
    expect(answer.status).toBe(404);
    expect(answer.headers['Cache-Control']).toBe(PUBLIC_PAGE_CACHE.notFound);
    expect(answer.body).toContain('<div id="root"><h1>Oops</h1></div>');
    expect(render).toHaveBeenCalledWith({ kind: 'not-found' }, 'https://photos.example');
  });

  it('answers odd ids, path traversal and huge paths with the 404 page without reading anything', async () => {
    const { given, reads } = sources();
    const hostile = [
      '/article/',
      '/article',
      '/article/..',
      '/article/../../etc/passwd',
      '/article/%2e%2e%2fetc%2fpasswd',
      '/article/a%00b',
      '/article/<script>alert(1)</script>',
      '/article/a b',
      '/article/a.b',
      '/article/light-makes-the-photo/extra',
      '/article//light-makes-the-photo',
      '/article/__proto__',
      '/article/constructor/..',
      `/article/${'a'.repeat(65)}`,
      `/article/${'a'.repeat(PUBLIC_PATH_MAX * 40)}`,
      `/article/light-makes-the-photo/${'../'.repeat(200)}`,
    ];
    for (const url of hostile) {
      const answer = await answerPublicRequest(get(url), given);
      expect(answer.status, url).toBe(404);
      expect(answer.body, url).not.toContain('<script>alert');
    }
    expect(reads).toEqual([]);
  });

  it('reads valid ids only, as the articles name them', () => {
    expect(articleIdOf('/article/Abc_12-x')).toBe('Abc_12-x');
    expect(articleIdOf('/article/__proto__')).toBeNull();
    expect(articleIdOf('/articles/abc')).toBeNull();
  });

  it('answers HEAD with the headers and no body, and refuses other methods with a 405', async () => {
    const { given } = sources();
    const head = await answerPublicRequest({ method: 'HEAD', url: '/article/light-makes-the-photo' }, given);
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      const answer = await answerPublicRequest({ method, url: '/article/light-makes-the-photo' }, given);
      expect(answer.status, method).toBe(405);
      expect(answer.headers.Allow).toBe('GET, HEAD');
    }
  });

  it('lists the public pages and every article in the sitemap, cached an hour', async () => {
    const { given } = sources([article, { ...article, id: 'a&b' }]);
    const answer = await answerPublicRequest(get('/sitemap.xml?x=1'), given);
    expect(answer.status).toBe(200);
    expect(answer.headers['Content-Type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['Cache-Control']).toBe(PUBLIC_PAGE_CACHE.sitemap);
    expect(answer.body).toContain('<loc>https://photos.example/blog</loc>');
    expect(answer.body).toContain(
      '<loc>https://photos.example/article/light-makes-the-photo</loc><lastmod>2026-11-21</lastmod>',
    );
    expect(answer.body).toContain('<loc>https://photos.example/article/a&amp;b</loc>');
  });
});

describe('DARK_STARTS_EMPTY', () => {
  /** Runs the page's script as a browser would, on a root holding the pre-rendered page. */
  function runOnDevice(stored: string | null | Error) {
    const root = { textContent: '<h1>Light makes the photo</h1>' };
    const localStorage = {
      getItem: (key: string) => {
        if (stored instanceof Error) throw stored;
        return key === COLOR_MODE_KEY ? stored : null;
      },
    };
    const document = { getElementById: (id: string) => (id === 'root' ? root : null) };
    const script = /^<script>([\s\S]*)<\/script>$/.exec(DARK_STARTS_EMPTY)![1]!;
    new Function('localStorage', 'document', script)(localStorage, document);
    return root.textContent;
  }

  it('empties the pre-rendered page on a device set to dark, so the app draws it dark', () => {
    expect(runOnDevice('dark')).toBe('');
  });

  it('keeps it in light mode, with no mode chosen, and where storage is blocked', () => {
    expect(runOnDevice('light')).toContain('Light makes the photo');
    expect(runOnDevice(null)).toContain('Light makes the photo');
    expect(runOnDevice(new Error('SecurityError'))).toContain('Light makes the photo');
  });

  it('runs on every page made, right after the root and before the app', () => {
    const html = pageHtml(TEMPLATE, { head: '', body: '<h1>Hi</h1>', data: null }, { afterRoot: '<i></i>' });
    expect(html).toContain(`<div id="root"><h1>Hi</h1></div>${DARK_STARTS_EMPTY}<i></i>`);
  });
});
