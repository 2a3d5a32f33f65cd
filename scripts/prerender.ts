/**
 * Pre-rendered public pages, so crawlers and link previews read them without running JavaScript.
 *
 * At build time (a Vite plugin, after the app's bundle): the renderer (`src/app/prerender.tsx`) is
 * built for Node, and the landing page, /about, /terms, /privacy and /blog are written as HTML files
 * beside the app (`index.html`, `about.html`, ...; served at their clean paths), with robots.txt and a
 * sitemap of those pages. The landing page's HTML sits in `index.html`, which the service worker gives
 * every page: a line of script empties it on any other path, and for a member, before the app starts.
 *
 * On request (the local stack's preview server): /blog (any page) and /article/{id} are made with the
 * articles the local server's callables return, and /sitemap.xml lists every article. On Firebase,
 * the same renderer would run in an HTTPS function behind a hosting rewrite of those paths; until then
 * the build's /blog is served and the app loads the articles.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { ArticleIndex, ArticlePage, ArticleView } from '../src/domain/articles';
import type { PrerenderPage, Prerendered } from '../src/app/prerender';
import { scriptJson, PRERENDERED_DATA_ID } from '../src/lib/prerendered';

type Render = (page: PrerenderPage, origin: string) => Promise<Prerendered>;

const STATIC_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about.html' },
  { path: '/terms', file: 'terms.html' },
  { path: '/privacy', file: 'privacy.html' },
] as const;

/** Who is a member on this device (src/lib/storage.ts, storageKeys.memberHint). */
const MEMBER_HINT = 'photorater.memberHint';

/** The landing page's HTML is only for a visitor at `/`: elsewhere, and for a member, the app starts from nothing. */
const LANDING_ONLY = `<script>(function(){var r=document.getElementById('root');try{if(location.pathname!=='/'||localStorage.getItem('${MEMBER_HINT}'))r.textContent=''}catch(e){r.textContent=''}})()</script>`;

const rendererDir = (outDir: string) =>
  path.resolve(
    'node_modules/.cache/photorater-prerender',
    createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16),
  );

/** The page: the template's head with the page's tags instead of its title, and the page in #root. */
export function pageHtml(template: string, page: Prerendered, landing = false): string {
  const data = page.data
    ? `<script id="${PRERENDERED_DATA_ID}" type="application/json">${scriptJson(page.data)}</script>`
    : '';
  // Replacer functions: a replacement string would read `$'`, `$&` and the like in an article's text.
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => '')
    .replace('</head>', () => `  ${page.head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${page.body}</div>${landing ? LANDING_ONLY : ''}${data}`,
    );
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemap(origin: string, articles: Array<Pick<ArticleView, 'id' | 'updatedAt'>>): string {
  const urls = [
    ...['/', '/blog', '/about', '/contact', '/terms', '/privacy'].map(
      (page) => `<url><loc>${xml(origin + page)}</loc></url>`,
    ),
    ...articles.map(
      (article) =>
        `<url><loc>${xml(`${origin}/article/${article.id}`)}</loc><lastmod>${article.updatedAt.slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(publicRobots: string, origin: string): string {
  return `${publicRobots.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The address the built pages name as theirs: SITE_ORIGIN, else the Firebase project's, else the local app's. */
function siteOrigin(env: Record<string, string | undefined>): string {
  if (env.SITE_ORIGIN) return env.SITE_ORIGIN.replace(/\/$/, '');
  if (env.VITE_BACKEND === 'firebase' && env.VITE_FIREBASE_PROJECT_ID)
    return `https://${env.VITE_FIREBASE_PROJECT_ID}.web.app`;
  return 'http://127.0.0.1:5173';
}

/**
 * Builds the renderer as one file (parts the app loads on demand inlined, so one copy of each package
 * renders a page), under a new name each build: Node keeps a module once imported.
 */
async function buildRenderer(config: ResolvedConfig, outDir: string, origin: string): Promise<Render> {
  const dir = rendererDir(outDir);
  const file = `prerender-${Date.now().toString(36)}.mjs`;
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'error',
    publicDir: false,
    resolve: { alias: config.resolve.alias },
    plugins: [react()],
    // Bundled whole: several packages are CommonJS, which Node's ESM loader cannot name-import.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: dir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: file, codeSplitting: false } },
    },
  });
  writeFileSync(path.join(dir, 'renderer.json'), JSON.stringify({ file, origin }));
  return ((await import(pathToFileURL(path.join(dir, file)).href)) as { prerender: Render }).prerender;
}

async function loadRenderer(outDir: string): Promise<Render | undefined> {
  const dir = rendererDir(outDir);
  const pointer = path.join(dir, 'renderer.json');
  if (!existsSync(pointer)) return undefined;
  const { file } = JSON.parse(readFileSync(pointer, 'utf8')) as { file: string };
  return ((await import(pathToFileURL(path.join(dir, file)).href)) as { prerender: Render }).prerender;
}

/** Calls one of the local server's callables as a visitor would. */
async function callLocal<T>(
  env: Record<string, string>,
  name: string,
  data: unknown,
): Promise<T | undefined> {
  const server = env.VITE_LOCAL_SERVER_URL;
  if (!server) return undefined;
  const project = env.VITE_FIREBASE_PROJECT_ID || 'demo-photorater';
  const region = env.VITE_FIREBASE_FUNCTIONS_REGION || 'us-central1';
  const response = await fetch(`${server}/${project}/${region}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ data }),
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) return undefined;
  return ((await response.json()) as { result: T }).result;
}

/** How long the sitemap's articles are kept: a crawler's burst reads the blog once. */
export const SITEMAP_CACHE_MS = 60_000;

let sitemapCache: { server: string; until: number; articles: Promise<ArticleIndex['articles']> } | undefined;

/** Every article's id and last change, in one read (getArticleIndex), kept SITEMAP_CACHE_MS. */
export function sitemapArticles(
  env: Record<string, string>,
  now = Date.now(),
): Promise<ArticleIndex['articles']> {
  const server = env.VITE_LOCAL_SERVER_URL ?? '';
  if (sitemapCache?.server === server && now < sitemapCache.until) return sitemapCache.articles;
  const read = callLocal<ArticleIndex>(env, 'getArticleIndex', {}).catch(() => undefined);
  const cache = {
    server,
    until: now + SITEMAP_CACHE_MS,
    articles: read.then((index) => index?.articles ?? []),
  };
  sitemapCache = cache;
  // A failed read is not kept: the next request asks again.
  void read.then((index) => {
    if (!index && sitemapCache === cache) sitemapCache = undefined;
  });
  return cache.articles;
}

/** The settings the build was made with (scripts/app-build.ts keeps them beside it). */
function buildEnv(outDir: string): Record<string, string> {
  try {
    return (
      JSON.parse(readFileSync(path.join(outDir, 'photorater-build.json'), 'utf8')) as {
        env: Record<string, string>;
      }
    ).env;
  } catch {
    return Object.fromEntries(
      Object.entries(process.env).filter(
        (entry): entry is [string, string] => entry[0].startsWith('VITE_') && typeof entry[1] === 'string',
      ),
    );
  }
}

function originOf(request: IncomingMessage): string {
  return `http://${request.headers.host ?? '127.0.0.1'}`;
}

function send(response: ServerResponse, type: string, body: string, status = 200): void {
  response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-cache' });
  response.end(body);
}

/** Answers the pages made on request, or says it did not (the preview server then serves the build). */
async function renderOnRequest(
  outDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = new URL(request.url ?? '/', 'http://local');
  const article = /^\/article\/([A-Za-z0-9_-]{1,64})\/?$/.exec(url.pathname);
  const isBlog = url.pathname === '/blog' || url.pathname === '/blog/';
  const isSitemap = url.pathname === '/sitemap.xml';
  const isRobots = url.pathname === '/robots.txt';
  const staticPage = STATIC_PAGES.find((page) => page.path === url.pathname);
  if (!article && !isBlog && !isSitemap && !isRobots && !staticPage) return false;
  const env = buildEnv(outDir);
  const origin = originOf(request);
  if (staticPage) {
    // Made for the address the build named; served with the one the page is asked at.
    const pointer = path.join(rendererDir(outDir), 'renderer.json');
    const file = path.join(outDir, staticPage.file);
    if (!existsSync(pointer) || !existsSync(file)) return false;
    const built = (JSON.parse(readFileSync(pointer, 'utf8')) as { origin: string }).origin;
    send(
      response,
      'text/html',
      readFileSync(file, 'utf8').replaceAll(`${built}/`, () => `${origin}/`),
    );
    return true;
  }
  if (isRobots) {
    const rules = readFileSync(path.resolve('public/robots.txt'), 'utf8');
    send(response, 'text/plain', robots(rules, origin));
    return true;
  }
  if (isSitemap) {
    send(response, 'application/xml', sitemap(origin, await sitemapArticles(env)));
    return true;
  }
  const render = await loadRenderer(outDir);
  const templateFile = path.join(rendererDir(outDir), 'template.html');
  if (!render || !existsSync(templateFile)) return false;
  const template = readFileSync(templateFile, 'utf8');
  if (isBlog) {
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > 10_000) return false;
    const articles = await callLocal<ArticlePage>(env, 'getArticles', { page }).catch(() => undefined);
    send(
      response,
      'text/html',
      pageHtml(template, await render({ kind: 'blog', page, articles: articles ?? null }, origin)),
    );
    return true;
  }
  const found = await callLocal<ArticleView>(env, 'getArticle', { id: article![1] }).catch(() => undefined);
  if (!found) return false;
  send(response, 'text/html', pageHtml(template, await render({ kind: 'article', article: found }, origin)));
  return true;
}

export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'photorater-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr || config.isWorker) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const indexFile = path.join(outDir, 'index.html');
      if (!existsSync(indexFile)) return;
      const origin = siteOrigin({ ...process.env, ...config.env });
      const render = await buildRenderer(config, outDir, origin);
      const template = readFileSync(indexFile, 'utf8');
      writeFileSync(path.join(rendererDir(outDir), 'template.html'), template);
      for (const { path: page, file } of STATIC_PAGES)
        writeFileSync(
          path.join(outDir, file),
          pageHtml(template, await render({ kind: 'static', path: page }, origin), page === '/'),
        );
      writeFileSync(
        path.join(outDir, 'blog.html'),
        pageHtml(template, await render({ kind: 'blog', page: 1, articles: null }, origin)),
      );
      const rules = readFileSync(path.join(config.root, 'public', 'robots.txt'), 'utf8');
      writeFileSync(path.join(outDir, 'robots.txt'), robots(rules, origin));
      writeFileSync(path.join(outDir, 'sitemap.xml'), sitemap(origin, []));
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((request, response, next) => {
        renderOnRequest(outDir, request, response)
          .then((answered) => {
            if (!answered) next();
          })
          .catch(next);
      });
    },
  };
}
