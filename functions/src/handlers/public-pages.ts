/**
 * The public pages made on request on Firebase (`publicPages`, an HTTPS function behind Hosting's
 * rewrites of `/article/**` and `/sitemap.xml`): `answerPublicRequest` (src/domain/public-pages.ts),
 * which the local preview server runs too, over the store's articles. The host gives the renderer
 * (bundled beside the functions by scripts/build-functions.ts) and the app's template (read from
 * Hosting, `/app-template`, so the page names the scripts Hosting serves now).
 */
import {
  answerPublicRequest,
  PUBLIC_PATH_MAX,
  refuseMethod,
  type PublicAnswer,
  type PublicRequest,
  type RenderPage,
} from '../../../src/domain/public-pages';
import type { Store } from '../store/store';
import { readArticle, readArticleIndex } from './articles';

export interface PublicPagesHost {
  store: Store;
  /** The renderer, loaded once (it is the whole app's components). */
  renderer(): Promise<RenderPage>;
  /** The app's built index.html with an empty `#root`. */
  template(): Promise<string>;
  origin: string;
  now?: () => number;
}

/** How long an instance keeps the template and the sitemap's articles. */
export const PUBLIC_PAGES_KEEP_MS = 60_000;

/** Keeps a read for PUBLIC_PAGES_KEEP_MS; a failed read is not kept. */
export function kept<T>(read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let cache: { until: number; value: Promise<T> } | undefined;
  return () => {
    if (cache && now() < cache.until) return cache.value;
    const value = read();
    const entry = { until: now() + PUBLIC_PAGES_KEEP_MS, value };
    cache = entry;
    value.catch(() => {
      if (cache === entry) cache = undefined;
    });
    return value;
  };
}

/**
 * How many pages an instance keeps made. A page is kept by its path, not its query, so a burst of one
 * article under many queries (each its own CDN entry) or of one missing id costs one read and one
 * render a minute, not one each.
 */
export const PUBLIC_PAGES_KEPT = 200;

const serviceUnavailable = (request: PublicRequest): PublicAnswer => ({
  status: 503,
  headers: {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Retry-After': '10',
  },
  body: request.method === 'HEAD' ? '' : 'This page is not available right now. Please try again shortly.',
});

/** The answer for one request; a failed read is a 503 that no cache keeps. */
export function publicPagesHandler(host: PublicPagesHost): (request: PublicRequest) => Promise<PublicAnswer> {
  const now = host.now ?? Date.now;
  const articleIndex = kept(() => readArticleIndex(host.store), now);
  const pages = new Map<string, { until: number; answer: Promise<PublicAnswer> }>();
  // Every miss shows the same 404 page: made once per renderer and template.
  let notFoundPage: { render: RenderPage; template: string; page: ReturnType<RenderPage> } | undefined;

  async function make(pathname: string): Promise<PublicAnswer> {
    const render = await host.renderer();
    const template = await host.template();
    return answerPublicRequest(
      { method: 'GET', url: pathname },
      {
        article: (id) => readArticle(host.store, id),
        articleIndex,
        render: (page, origin) => {
          if (page.kind !== 'not-found') return render(page, origin);
          if (notFoundPage?.render !== render || notFoundPage.template !== template) {
            const made = { render, template, page: render(page, origin) };
            notFoundPage = made;
            // A failed making is not kept: the next miss makes it again.
            made.page.catch(() => {
              if (notFoundPage === made) notFoundPage = undefined;
            });
          }
          return notFoundPage.page;
        },
        template,
        origin: host.origin,
      },
    );
  }

  function keptPage(pathname: string): Promise<PublicAnswer> {
    const at = now();
    const entry = pages.get(pathname);
    if (entry && at < entry.until) return entry.answer;
    pages.delete(pathname);
    // Oldest first: a Map iterates in insertion order.
    for (const [path, old] of pages)
      if (pages.size >= PUBLIC_PAGES_KEPT || old.until <= at) pages.delete(path);
      else break;
    const answer = make(pathname);
    const made = { until: at + PUBLIC_PAGES_KEEP_MS, answer };
    pages.set(pathname, made);
    answer.catch(() => {
      if (pages.get(pathname) === made) pages.delete(pathname);
    });
    return answer;
  }

  return async (request) => {
    const refused = refuseMethod(request);
    if (refused) return refused;
    const pathname = request.url.split(/[?#]/, 1)[0]!;
    try {
      // An over-long address is the 404 page, made without a read: not worth a place among the kept.
      const answer = await (pathname.length > PUBLIC_PATH_MAX ? make(pathname) : keptPage(pathname));
      return request.method === 'HEAD' ? { ...answer, body: '' } : answer;
    } catch (error) {
      console.error('A public page could not be made:', error);
      return serviceUnavailable(request);
    }
  };
}

/** The template from Hosting: the app's index.html before any page was put in it. */
export async function hostingTemplate(origin: string): Promise<string> {
  const response = await fetch(`${origin}/app-template`, { signal: AbortSignal.timeout(5000) });
  const text = response.ok ? await response.text() : '';
  if (!text.includes('<div id="root"></div>'))
    throw new Error(`${origin}/app-template is not the app's template (HTTP ${response.status}).`);
  return text;
}
