/**
 * Pre-rendered public pages, so crawlers and link previews read them without running JavaScript.
 *
 * At build time (a Vite plugin, after the app's bundle): the renderer (`src/app/prerender.tsx`) is
 * built for Node, and the landing page, /about, /terms, /privacy and /blog are written as HTML files
 * beside the app (`index.html`, `about.html`, ...; served at their clean paths), with robots.txt and
 * the template itself (`app-template.html`), and the app shell every other page of the app is served
 * with (`app-shell.html`, scripts/app-shell.ts; which page gets which HTML: src/config/app-pages.ts).
 * The landing page's HTML sits in `index.html`: a line of script empties it for a member, whom the
 * service worker gives the app shell at `/` instead.
 *
 * On request (the local stack's preview server): /blog (any page) is made with the articles the local
 * server's callables return, and /article/{id} and /sitemap.xml by `answerPublicRequest`
 * (src/domain/public-pages.ts), which on Firebase the `publicPages` function runs with the same renderer.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Plugin, type ResolvedConfig } from 'vite';
import type { ArticleIndex, ArticlePage, ArticleView } from '../src/domain/articles';
import { FUNCTIONS_REGION } from '../src/domain/functions-region';
import {
  answerPublicRequest,
  DARK_STARTS_EMPTY,
  isPublicRequestPath,
  pageHtml,
  type PublicPageSources,
  type RenderPage as Render,
} from '../src/domain/public-pages';
import { APP_SHELL_FILE, NOT_FOUND_FILE, PRERENDERED_PAGES, servesAppShell } from '../src/config/app-pages';
import { readEnv, type AppEnv } from '../src/config/read-env';
import { pagePolicy } from '../src/config/security-headers';
import { appShellHtml } from './app-shell';
import { inlineScriptHashes, withPagePolicy } from './security-headers';

const STATIC_PAGES = PRERENDERED_PAGES;

/** Who is a member on this device (src/lib/storage.ts, storageKeys.memberHint). */
const MEMBER_HINT = 'photorater.memberHint';

/** The landing page's HTML is only for a visitor at `/`: elsewhere, and for a member, the app starts from nothing. */
export const LANDING_ONLY = `<script>(function(){var r=document.getElementById('root');try{if(location.pathname!=='/'||localStorage.getItem('${MEMBER_HINT}'))r.textContent=''}catch(e){r.textContent=''}})()</script>`;

/** The built index.html before any page is put in it: `/app-template` on Hosting (see firebase.json). */
export const APP_TEMPLATE_FILE = 'app-template.html';

const rendererDir = (outDir: string) =>
  path.resolve(
    'node_modules/.cache/photorater-prerender',
    createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16),
  );

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

export interface RendererBuild {
  root: string;
  mode: string;
  alias: AliasOptions;
  /** The folder it is written to, emptied first. */
  dir: string;
  file: string;
  /** ES modules for the build's own use; CommonJS for the Functions bundle, which requires it. */
  format?: 'es' | 'cjs';
}

/**
 * Builds the renderer (`src/app/prerender.tsx`) for Node as one file: parts the app loads on demand
 * inlined, so one copy of each package renders a page. Also what the Functions bundle serves the
 * articles with (scripts/build-functions.ts). Returns the file's path.
 */
export async function buildRendererFile({
  root,
  mode,
  alias,
  dir,
  file,
  format = 'es',
}: RendererBuild): Promise<string> {
  await build({
    configFile: false,
    root,
    mode,
    logLevel: 'error',
    publicDir: false,
    resolve: { alias },
    plugins: [react()],
    // Bundled whole: several packages are CommonJS, which Node's ESM loader cannot name-import.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/app/prerender.tsx',
      outDir: dir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { entryFileNames: file, codeSplitting: false, format } },
    },
  });
  return path.join(dir, file);
}

/** The build's renderer, under a new name each build: Node keeps a module once imported. */
async function buildRenderer(config: ResolvedConfig, outDir: string, origin: string): Promise<Render> {
  const dir = rendererDir(outDir);
  const file = `prerender-${Date.now().toString(36)}.mjs`;
  await buildRendererFile({ root: config.root, mode: config.mode, alias: config.resolve.alias, dir, file });
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
  const response = await fetch(`${server}/${project}/${FUNCTIONS_REGION}/${name}`, {
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

/** The local server's articles, as `answerPublicRequest` reads them. */
function localSources(
  env: Record<string, string>,
  render: Render,
  template: string,
  origin: string,
): PublicPageSources {
  return {
    // A refused or failed read is the app's 404 page, as a missing article is.
    article: (id) => callLocal<ArticleView>(env, 'getArticle', { id }).catch(() => undefined),
    articleIndex: () => sitemapArticles(env),
    render,
    template,
    origin,
  };
}

/** Whether the address names one of the build's files (which the preview server then serves). */
function isBuiltFile(outDir: string, pathname: string): boolean {
  let file: string;
  try {
    file = path.join(outDir, path.normalize(decodeURIComponent(pathname)));
  } catch {
    return false;
  }
  if (!file.startsWith(outDir + path.sep)) return false;
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Answers the app shell and the pages made on request, or says it did not (the preview server then serves the build). */
async function renderOnRequest(
  outDir: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://local');
  const onRequest = isPublicRequestPath(url.pathname);
  if (!onRequest && request.method !== 'GET' && request.method !== 'HEAD') return false;
  const isBlog = url.pathname === '/blog' || url.pathname === '/blog/';
  const isRobots = url.pathname === '/robots.txt';
  const staticPage = STATIC_PAGES.find((page) => page.path === url.pathname);
  if (servesAppShell(url.pathname)) {
    const shell = path.join(outDir, APP_SHELL_FILE);
    if (!existsSync(shell)) return false;
    send(response, 'text/html', readFileSync(shell, 'utf8'));
    return true;
  }
  if (!onRequest && !isBlog && !isRobots && !staticPage) {
    if (isBuiltFile(outDir, url.pathname)) return false;
    // No route and no file: the 404 page with its status, as Hosting answers it (no soft 404).
    const notFoundPage = path.join(outDir, NOT_FOUND_FILE);
    if (!existsSync(notFoundPage)) return false;
    send(response, 'text/html', readFileSync(notFoundPage, 'utf8'), 404);
    return true;
  }
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
  const answer = await answerPublicRequest(
    { method: request.method ?? 'GET', url: request.url ?? '/' },
    localSources(env, render, template, origin),
  );
  // On this machine an admin's edit shows at the next reload: no caching.
  response.writeHead(answer.status, { ...answer.headers, 'Cache-Control': 'no-cache' });
  response.end(answer.body);
  return true;
}

/**
 * The template with the build's page policy (src/config/security-headers.ts) ahead of its scripts:
 * the hashes of every inline script a page made from it can carry (the template's own, the app
 * shell's, the landing page's and the dark-mode one). None when the build's settings are incomplete
 * (the app then says what is missing).
 */
export function withBuildPolicy(template: string, env: Record<string, string | boolean | undefined>): string {
  let appEnv: AppEnv;
  try {
    appEnv = readEnv(env);
  } catch {
    return template;
  }
  const pages = [appShellHtml(template), LANDING_ONLY, DARK_STARTS_EMPTY].join('');
  return withPagePolicy(template, pagePolicy(appEnv, inlineScriptHashes(pages)));
}

/** A page with an inline script its own policy does not name would have it refused: the build stops instead. */
export function assertPagesAllowed(pages: { file: string; html: string }[]): void {
  for (const { file, html } of pages) {
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
    if (policy === undefined) continue;
    const refused = inlineScriptHashes(html).filter((hash) => !policy.includes(`'${hash}'`));
    if (refused.length)
      throw new Error(
        `${file} carries inline scripts its Content-Security-Policy refuses (${refused.join(', ')}).`,
      );
  }
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
      const template = withBuildPolicy(readFileSync(indexFile, 'utf8'), config.env);
      writeFileSync(path.join(rendererDir(outDir), 'template.html'), template);
      for (const { path: page, file } of STATIC_PAGES)
        writeFileSync(
          path.join(outDir, file),
          pageHtml(
            template,
            await render({ kind: 'static', path: page }, origin),
            page === '/' ? { afterRoot: LANDING_ONLY } : {},
          ),
        );
      writeFileSync(
        path.join(outDir, 'blog.html'),
        pageHtml(template, await render({ kind: 'blog', page: 1, articles: null }, origin)),
      );
      const rules = readFileSync(path.join(config.root, 'public', 'robots.txt'), 'utf8');
      writeFileSync(path.join(outDir, 'robots.txt'), robots(rules, origin));
      // The template of the pages made on request, which the Firebase function reads from Hosting.
      writeFileSync(path.join(outDir, APP_TEMPLATE_FILE), template);
      writeFileSync(path.join(outDir, APP_SHELL_FILE), appShellHtml(template));
      // Hosting answers it, with status 404, for any address no rewrite or file matches.
      writeFileSync(
        path.join(outDir, NOT_FOUND_FILE),
        pageHtml(template, await render({ kind: 'not-found' }, origin)),
      );
      const files = [...STATIC_PAGES.map((page) => page.file), 'blog.html', APP_SHELL_FILE, NOT_FOUND_FILE];
      assertPagesAllowed(
        files.map((file) => ({ file, html: readFileSync(path.join(outDir, file), 'utf8') })),
      );
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
