/**
 * The public pages made on request, written once for both hosts: the local stack's preview server
 * (`scripts/prerender.ts`) and, on Firebase, the `publicPages` HTTPS function behind Hosting's rewrites
 * of `/article/**` and `/sitemap.xml`. Each host gives the articles (`PublicPageSources`) and the
 * renderer the app's build made (`src/app/prerender.tsx`); the answer is the same HTML on both.
 */
import type { ArticleIndex, ArticlePage, ArticleView } from './articles';

/** An article's id: what `/article/{id}` may name. */
export const ARTICLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Text for HTML or XML content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Where a pre-rendered page keeps the data it was made from (read by `src/lib/prerendered.ts`). */
export const PRERENDERED_DATA_ID = 'prerendered-data';

/** JSON safe inside a `<script>` element: no `</script>` or HTML comment can close it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What a page is made from: the static ones need nothing, the blog a page of articles, an article itself. */
export type PrerenderPage =
  | { kind: 'static'; path: '/' | '/about' | '/terms' | '/privacy' }
  | { kind: 'blog'; page: number; articles: ArticlePage | null }
  | { kind: 'article'; article: ArticleView }
  | { kind: 'not-found' };

export interface Prerendered {
  /** The tags for `<head>`: title, description, robots, canonical, social card. */
  head: string;
  /** The page's HTML for `#root`. */
  body: string;
  /** What the app starts from (see src/lib/prerendered.ts), when the page was made from data. */
  data: { key: string; data: unknown } | null;
}

/** The pre-renderer's entry, as the app's build makes it for Node. */
export type RenderPage = (page: PrerenderPage, origin: string) => Promise<Prerendered>;

export interface PageHtmlOptions {
  /** A script right after `#root`, before the app's (the landing page's LANDING_ONLY in scripts/prerender.ts). */
  afterRoot?: string;
}

/** Where a device keeps its colour mode (src/lib/storage.ts, storageKeys.colorMode). */
export const COLOR_MODE_KEY = 'photorater.colorMode';

/**
 * Pages are pre-rendered in light mode. On a device set to dark, the page starts empty and the app
 * draws it dark: the light page would show first, then sit under the app's dark background, light
 * text on dark, until the app took it over.
 */
export const DARK_STARTS_EMPTY = `<script>(function(){try{if(localStorage.getItem(${JSON.stringify(COLOR_MODE_KEY)})==='dark')document.getElementById('root').textContent=''}catch(e){}})()</script>`;

/**
 * The id of the template's line of script that starts a member's first read (src/data/first-read.ts):
 * a public page goes without it, as a visitor has nothing to read.
 */
export const FIRST_READ_SCRIPT_ID = 'first-read';
const FIRST_READ_SCRIPT = new RegExp(`\\s*<script id="${FIRST_READ_SCRIPT_ID}">[\\s\\S]*?</script>`);

/** The page: the template's head with the page's tags instead of its title, and the page in #root. */
export function pageHtml(template: string, page: Prerendered, options: PageHtmlOptions = {}): string {
  const data = page.data
    ? `<script id="${PRERENDERED_DATA_ID}" type="application/json">${scriptJson(page.data)}</script>`
    : '';
  // Replacer functions: a replacement string would read `$'`, `$&` and the like in an article's text.
  return template
    .replace(FIRST_READ_SCRIPT, () => '')
    .replace(/<title>[\s\S]*?<\/title>/, () => '')
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div>${DARK_STARTS_EMPTY}${options.afterRoot ?? ''}${data}`,
    );
}

/** The public pages the sitemap lists beside the articles. */
export const SITEMAP_PAGES = ['/', '/blog', '/about', '/contact', '/terms', '/privacy'] as const;

export function sitemap(origin: string, articles: ArticleIndex['articles']): string {
  const urls = [
    ...SITEMAP_PAGES.map((page) => `<url><loc>${escapeHtml(origin + page)}</loc></url>`),
    ...articles.map(
      (article) =>
        `<url><loc>${escapeHtml(`${origin}/article/${article.id}`)}</loc><lastmod>${escapeHtml(article.updatedAt.slice(0, 10))}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * How long browsers and the CDN keep each answer: an article a minute in the browser and five at the
 * CDN, so an admin's edit shows within minutes while a crawler's burst is served from the edge; the
 * sitemap an hour; a miss a minute, so an article published under a missed id shows soon.
 */
export const PUBLIC_PAGE_CACHE = {
  article: 'public, max-age=60, s-maxage=300',
  sitemap: 'public, max-age=3600, s-maxage=3600',
  notFound: 'public, max-age=60, s-maxage=60',
} as const;

/** Longer addresses are refused before anything is read: no article id comes near. */
export const PUBLIC_PATH_MAX = 256;

export interface PublicRequest {
  method: string;
  /** The path and query, as the request line has it. */
  url: string;
}

export interface PublicAnswer {
  status: number;
  headers: Record<string, string>;
  /** Empty for HEAD. */
  body: string;
}

export interface PublicPageSources {
  /** The article, or undefined when there is none by that id. */
  article(id: string): Promise<ArticleView | undefined>;
  /** Every article's id and last change. */
  articleIndex(): Promise<ArticleIndex['articles']>;
  render: RenderPage;
  /** The app's built index.html, with an empty `<div id="root"></div>`. */
  template: string;
  /** The address the pages name as theirs (canonical, sitemap). */
  origin: string;
}

const ARTICLE_PATH = /^\/article\/([^/]*)\/?$/;

/** Ids of the form `__name__` are the store's own (Firestore refuses them): no article has one. */
const RESERVED_ID = /^__.*__$/;

/** The article id a path names, or null when it names none a valid article could have. */
export function articleIdOf(pathname: string): string | null {
  const id = ARTICLE_PATH.exec(pathname)?.[1];
  return id !== undefined && ARTICLE_ID.test(id) && !RESERVED_ID.test(id) ? id : null;
}

/** Whether these paths are made on request: articles (valid or not) and the sitemap. */
export function isPublicRequestPath(pathname: string): boolean {
  return pathname === '/sitemap.xml' || pathname === '/article' || pathname.startsWith('/article/');
}

function answer(
  request: PublicRequest,
  status: number,
  type: string,
  body: string,
  cacheControl: string,
): PublicAnswer {
  return {
    status,
    headers: {
      'Content-Type': `${type}; charset=utf-8`,
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
    },
    body: request.method === 'HEAD' ? '' : body,
  };
}

/** The app's 404 page, made by the same renderer. */
async function notFound(request: PublicRequest, sources: PublicPageSources): Promise<PublicAnswer> {
  const page = await sources.render({ kind: 'not-found' }, sources.origin);
  return answer(request, 404, 'text/html', pageHtml(sources.template, page), PUBLIC_PAGE_CACHE.notFound);
}

/** The 405 for anything but GET and HEAD, or null when the method is one of them. */
export function refuseMethod(request: PublicRequest): PublicAnswer | null {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  return {
    status: 405,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      Allow: 'GET, HEAD',
      'Cache-Control': 'no-store',
    },
    body: 'Pages are read with GET.',
  };
}

/**
 * Answers `/article/{id}` and `/sitemap.xml`: GET and HEAD only; an id outside the articles' pattern,
 * an unknown one or an address longer than PUBLIC_PATH_MAX gets the app's 404 page without a read.
 * The query is ignored (the page's canonical address has none). Other paths get the 404 page too: the
 * hosts send only these here.
 */
export async function answerPublicRequest(
  request: PublicRequest,
  sources: PublicPageSources,
): Promise<PublicAnswer> {
  const refused = refuseMethod(request);
  if (refused) return refused;
  const pathname = request.url.split(/[?#]/, 1)[0]!;
  if (pathname.length > PUBLIC_PATH_MAX) return notFound(request, sources);
  if (pathname === '/sitemap.xml')
    return answer(
      request,
      200,
      'application/xml',
      sitemap(sources.origin, await sources.articleIndex()),
      PUBLIC_PAGE_CACHE.sitemap,
    );
  const id = articleIdOf(pathname);
  const article = id === null ? undefined : await sources.article(id);
  if (!article) return notFound(request, sources);
  const page = await sources.render({ kind: 'article', article }, sources.origin);
  return answer(request, 200, 'text/html', pageHtml(sources.template, page), PUBLIC_PAGE_CACHE.article);
}
