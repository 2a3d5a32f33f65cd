import { describe, expect, it } from 'vitest';
import type { ArticlePage, ArticleView } from '../../../src/domain/articles';
import { getArticle, getArticles } from '../handlers/articles';
import { testContext } from '../testing';
import { seedDemoContent } from './demo-content';

describe('demo articles', () => {
  it('a fresh local backend has three articles on the blog, newest first, each readable', async () => {
    const context = testContext();
    await seedDemoContent(context);
    const page = (await getArticles.run({ page: 1 }, context.as(null))) as ArticlePage;
    expect(page.pages).toBe(1);
    expect(page.articles.map((article) => article.id)).toEqual([
      'light-makes-the-photo',
      'what-the-fair-score-means',
      'choosing-your-dating-profile-photo',
    ]);
    for (const { id } of page.articles) {
      const article = (await getArticle.run({ id }, context.as(null))) as ArticleView;
      expect(article.content).toContain('<h2>');
      expect(article.imageUrl).toMatch(/^\/images\/blog-[a-z]+\.webp$/);
    }
  });
});
