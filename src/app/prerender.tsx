/**
 * The pre-renderer's entry (built for Node by `scripts/prerender.ts`): the public pages as the app
 * renders them for a visitor, as HTML a crawler or a link preview reads without running JavaScript.
 * The app then starts over it (`createRoot` replaces it). Parts the app loads on demand are waited
 * for. The head tags React renders are returned apart, for the page's `<head>`.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import { DialogsProvider } from '@/components/dialogs';
import { SiteOriginContext } from '@/components/page-meta';
import { ToastProvider } from '@/components/toast';
import { paths } from '@/config/paths';
import { StaticSessionProvider } from '@/data/session';
import type { ArticlePage as ArticleList } from '@/domain/articles';
import type { PrerenderPage, Prerendered } from '@/domain/public-pages';
import { ArticleView as ArticleContent } from '@/features/blog/article-page';
import { BLOG_DESCRIPTION, BLOG_TITLE, BlogList } from '@/features/blog/blog-page';
import { AboutPage, PrivacyPage, TermsPage } from '@/features/legal/legal-pages';
import { LandingPage } from '@/features/landing/landing-page';
import { PageMeta } from '@/components/page-meta';
import { Container, Typography } from '@mui/material';
import { ColorModeProvider } from './color-mode';
import { AppShell } from './layout/app-shell';
import { PaymentOffersProvider } from './payment-offers-provider';
import { NotFoundRoute } from './routes';

export type { PrerenderPage, Prerendered } from '@/domain/public-pages';

// Node has no storage; the app's providers read the visitor's choices from it (none here).
if (typeof globalThis.localStorage === 'undefined') {
  const values = new Map<string, string>();
  const memory: Storage = {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
  Object.assign(globalThis, { localStorage: memory, sessionStorage: memory });
}

const noop = () => undefined;

function BlogPrerender({ page, articles }: { page: number; articles: ArticleList | null }) {
  return (
    <Container maxWidth="lg" sx={{ py: 4 }}>
      <PageMeta
        title={page === 1 ? BLOG_TITLE : `${BLOG_TITLE}, page ${page}`}
        description={BLOG_DESCRIPTION}
        canonicalPath={page === 1 ? paths.blog : `${paths.blog}?page=${page}`}
      />
      <Typography variant="h4" component="h1" gutterBottom>
        {BLOG_TITLE}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {BLOG_DESCRIPTION}
      </Typography>
      {articles && <BlogList page={page} articles={articles} />}
    </Container>
  );
}

function pageElement(page: PrerenderPage) {
  if (page.kind === 'not-found') return <NotFoundRoute />;
  if (page.kind === 'blog') return <BlogPrerender page={page.page} articles={page.articles} />;
  if (page.kind === 'article')
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <ArticleContent article={page.article} />
      </Container>
    );
  switch (page.path) {
    case '/about':
      return <AboutPage />;
    case '/terms':
      return <TermsPage />;
    case '/privacy':
      return <PrivacyPage />;
    default:
      return <LandingPage onGetStarted={noop} onSignIn={noop} />;
  }
}

function locationOf(page: PrerenderPage): string {
  if (page.kind === 'blog') return page.page === 1 ? paths.blog : `${paths.blog}?page=${page.page}`;
  if (page.kind === 'article') return `${paths.article}/${page.article.id}`;
  if (page.kind === 'not-found') return paths.notFound;
  return page.path;
}

const HEAD_TAG = /<(title)>[\s\S]*?<\/title>|<(meta|link)\b[^>]*\/?>/g;

/** Renders the page, waiting for the parts the app loads on demand, as a crawler would see them. */
export async function prerender(page: PrerenderPage, origin: string): Promise<Prerendered> {
  const location = locationOf(page);
  const { prelude } = await prerenderToNodeStream(
    <SiteOriginContext.Provider value={origin}>
      <ColorModeProvider>
        <ToastProvider>
          <DialogsProvider>
            <StaticSessionProvider
              session={{
                member: null,
                user: null,
                initError: null,
                retry: noop,
                signOut: async () => undefined,
              }}
            >
              <PaymentOffersProvider>
                <StaticRouter location={location}>
                  <Routes>
                    <Route element={<AppShell />}>
                      <Route path="*" element={pageElement(page)} />
                    </Route>
                  </Routes>
                </StaticRouter>
              </PaymentOffersProvider>
            </StaticSessionProvider>
          </DialogsProvider>
        </ToastProvider>
      </ColorModeProvider>
    </SiteOriginContext.Provider>,
    // No boundary is set apart and revealed by React's inline scripts: the page's policy allows only
    // the inline scripts it knows by hash (src/config/security-headers.ts).
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  const head = (html.match(HEAD_TAG) ?? []).join('\n    ');
  const body = html.replace(HEAD_TAG, '');
  const data =
    page.kind === 'blog' && page.articles
      ? { key: `blog:${page.page}`, data: page.articles }
      : page.kind === 'article'
        ? { key: `article:${page.article.id}`, data: page.article }
        : null;
  return { head, body, data };
}
