/**
 * The public pages made on request on Firebase (`publicPages`, an HTTPS function behind Hosting's
 * rewrites of `/article/**` and `/sitemap.xml`): `answerPublicRequest` (src/domain/public-pages.ts),
 * which the local preview server runs too, over the store's articles. The host gives the renderer
 * (bundled beside the functions by scripts/build-functions.ts) and the app's template (read from
 * Hosting, `/app-template`, so the page names the scripts Hosting serves now).
 */
import {
  answerPublicRequest,
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

/** The answer for one request; a failed read is a 503 that no cache keeps. */
export function publicPagesHandler(host: PublicPagesHost): (request: PublicRequest) => Promise<PublicAnswer> {
  const articleIndex = kept(() => readArticleIndex(host.store), host.now);
  return async (request) => {
    try {
      return await answerPublicRequest(request, {
        article: (id) => readArticle(host.store, id),
        articleIndex,
        render: await host.renderer(),
        template: await host.template(),
        origin: host.origin,
      });
    } catch (error) {
      console.error('A public page could not be made:', error);
      return {
        status: 503,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'Retry-After': '10',
        },
        body:
          request.method === 'HEAD' ? '' : 'This page is not available right now. Please try again shortly.',
      };
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
