import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import type { ArticleSummary, ArticleView } from '@/domain/articles';
import { renderApp } from '@/testing/test-utils';
import { ArticlePage } from './article-page';
import { BlogPage } from './blog-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));
const reports = vi.hoisted(() => ({ logFailure: vi.fn() }));
vi.mock('@/lib/report-error', () => reports);

const summary = (n: number): ArticleSummary => ({
  id: `a${n}`,
  headline: `Article ${n}`,
  description: `About ${n}`,
  seoTitle: '',
  seoDescription: '',
  imageUrl: '',
  author: 'Photorater Team',
  rate: 4.5,
  dateAdded: new Date(Date.UTC(2026, 10, n)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
});

describe('BlogPage', () => {
  beforeEach(() => callables.call.mockReset());

  it('shows the page the address names, with links to the others', async () => {
    callables.call.mockResolvedValue({ articles: [summary(2), summary(1)], pages: 2 });
    renderApp(<BlogPage />, { route: '/blog?page=2' });
    expect(await screen.findByRole('heading', { name: 'Article 2' })).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getArticles', { page: 2 });
    expect(screen.getByRole('link', { name: /Article 1/ })).toHaveAttribute('href', '/article/a1');
    const pages = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pages).getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/blog');
  });

  it("says 'No articles found' when there are none, and when they fail to load", async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getArticles') throw new Error('offline');
    });
    renderApp(<BlogPage />, { route: '/blog' });
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for new content!')).toBeInTheDocument();
    expect(reports.logFailure).toHaveBeenCalled();
  });
});

describe('ArticlePage', () => {
  beforeEach(() => callables.call.mockReset());

  const article: ArticleView = {
    ...summary(3),
    seoTitle: 'SEO title',
    content:
      '<h2>Light</h2><p>Face the window.</p><img src=x onerror="window.hacked=true"><script>window.hacked=true</script>',
  };

  it('shows the headline, author, date, rating chip, breadcrumb, the sanitised body and structured data', async () => {
    callables.call.mockResolvedValue(article);
    const { container } = renderApp(
      <Routes>
        <Route path="/article/:id" element={<ArticlePage />} />
      </Routes>,
      { route: '/article/a3' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Article 3' })).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getArticle', { id: 'a3' });
    expect(screen.getByText(/By Photorater Team/)).toHaveTextContent('November 3, 2026');
    // The editors' rating, said as such and on the scale every score is shown on.
    expect(screen.getByText("Editors' rating 9.0/10")).toBeInTheDocument();
    expect(screen.queryByText(/\/ 5/)).not.toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('heading', { level: 2, name: 'Light' })).toBeInTheDocument();
    expect(container.querySelector('article script, article [onerror]')).toBeNull();
    const data = JSON.parse(
      container.querySelector('script[type="application/ld+json"]')!.textContent!,
    ) as Array<{
      '@type': string;
    }>;
    expect(data.map((item) => item['@type'])).toEqual(['Article', 'BreadcrumbList']);
    expect(document.title).toBe('SEO title | Photorater');
  });

  it('shows the empty list when the article fails to load', async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getArticle') throw new Error('not found');
    });
    renderApp(
      <Routes>
        <Route path="/article/:id" element={<ArticlePage />} />
      </Routes>,
      { route: '/article/nope' },
    );
    expect(await screen.findByText('No articles found')).toBeInTheDocument();
  });
});
