import { describe, expect, it } from 'vitest';
import type { ArticlePage, ArticleView } from '../../../src/domain/articles';
import { getFeatures } from '../handlers/admin-features';
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

  it("runs the landing page's A/B test, which every visitor can read", async () => {
    const context = testContext();
    await seedDemoContent(context);
    const { features } = await getFeatures.run({}, context.as(null));
    const test = features.find((feature) => feature.id === 'landingHeroTest');
    expect(test?.abTestConfig?.variants.map((variant) => variant.id)).toEqual([
      'control',
      'original',
      'social_proof',
    ]);
  });
});
