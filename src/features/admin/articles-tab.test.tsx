import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ArticleSummary } from '@/domain/articles';
import { CallError } from '@/data/callables';
import { renderApp } from '@/testing/test-utils';
import { ArticlesTab } from './articles-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const summary = (n: number): ArticleSummary => ({
  id: `a${n}`,
  headline: `Article ${n}`,
  description: '',
  seoTitle: '',
  seoDescription: '',
  imageUrl: '',
  author: 'Photorater Team',
  rate: 4,
  dateAdded: new Date(Date.UTC(2026, 10, n)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, n)).toISOString(),
});

describe('ArticlesTab', () => {
  beforeEach(() => callables.call.mockReset());

  it("says 'No articles found.' when there are none", async () => {
    callables.call.mockResolvedValue({ articles: [], pages: 0 });
    renderApp(<ArticlesTab />);
    expect(await screen.findByText('No articles found.')).toBeInTheDocument();
  });

  it('lists articles with Load more, and deletes one after the confirmation', async () => {
    callables.call.mockImplementation(async (name: string, input: { page?: number }) => {
      if (name === 'getArticles')
        return input.page === 2 ? { articles: [summary(1)], pages: 2 } : { articles: [summary(2)], pages: 2 };
      if (name === 'deleteArticle') return { deleted: true };
      return undefined;
    });
    const { user } = renderApp(<ArticlesTab />);
    const table = await screen.findByRole('table', { name: 'Articles' });
    expect(within(table).getByText('Article 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Article 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Article 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('deleteArticle', { id: 'a2' }));
  });

  it('needs an idea to generate, fills the form from it, and saves a new article', async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getArticles') return { articles: [], pages: 0 };
      if (name === 'genArticle')
        return {
          headline: 'Smile',
          description: 'Why smiles win',
          seoTitle: 'Smile',
          seoDescription: 'Smiles',
          content: '<p>Smile more.</p>',
        };
      if (name === 'saveArticle') return { id: 'new' };
      return undefined;
    });
    const { user } = renderApp(<ArticlesTab />);
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Please enter an idea for the article.')).toBeInTheDocument();
    expect(callables.call).not.toHaveBeenCalledWith('genArticle', expect.anything());
    await user.type(screen.getByLabelText('Idea for the article'), 'smiling');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(screen.getByLabelText(/^Headline/)).toHaveValue('Smile'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith(
        'saveArticle',
        expect.objectContaining({ headline: 'Smile', content: '<p>Smile more.</p>' }),
      ),
    );
  });

  it("says generation failed in the spec's words, and that the image search needs its key", async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getArticles') return { articles: [], pages: 0 };
      if (name === 'genArticle') throw new CallError('unavailable', 'down');
      if (name === 'searchArticleImages')
        throw new CallError(
          'failed-precondition',
          'Failed to search images. Please check your API key configuration.',
        );
      return undefined;
    });
    const { user } = renderApp(<ArticlesTab />);
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    await user.type(screen.getByLabelText('Idea for the article'), 'smiling');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Failed to generate article. Please try again.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search images'), 'sea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Failed to search images. Please check your API key configuration.'),
    ).toBeInTheDocument();
  });

  it('puts a picked image into the form', async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'getArticles') return { articles: [], pages: 0 };
      if (name === 'searchArticleImages')
        return {
          images: Array.from({ length: 12 }, (_, n) => ({
            url: `https://img.example/${n}.jpg`,
            thumbnailUrl: `https://img.example/${n}s.jpg`,
            alt: `sea ${n}`,
            credit: 'Ann',
          })),
        };
      return undefined;
    });
    const { user } = renderApp(<ArticlesTab />);
    await user.click(await screen.findByRole('button', { name: 'New article' }));
    await user.type(screen.getByLabelText('Search images'), 'sea');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findAllByRole('button', { name: /^Use sea/ })).toHaveLength(12);
    await user.click(screen.getByRole('button', { name: 'Use sea 3' }));
    expect(screen.getByLabelText('Image URL')).toHaveValue('https://img.example/3.jpg');
  });
});
