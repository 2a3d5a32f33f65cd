import { describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES, type AdminLogEntry } from '../../../src/domain/admin';
import {
  ARTICLE_INDEX_MAX,
  BLOG_MESSAGES,
  type ArticlePage,
  type ArticleView,
} from '../../../src/domain/articles';
import { SIGNED_OUT } from './handler';
import { caller, countingReads, seedMember, testContext } from '../testing';
import {
  ARTICLE_INDEX_PAGE,
  deleteArticle,
  getArticle,
  getArticleIndex,
  getArticles,
  saveArticle,
} from './articles';
import {
  genArticleHandler,
  imageSearchFromEnv,
  offlineArticleWriter,
  searchArticleImagesHandler,
} from './gen-article';

const admin = caller('ada', { isAdmin: true });
const draft = { headline: 'Light', content: '<p>Face the window.</p>', rate: 4 };

async function blog(count: number) {
  const context = testContext();
  await seedMember(context.store, 'ada', { isAdmin: true });
  await seedMember(context.store, 'm1');
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    context.clock.advanceMinutes(1);
    const { id } = (await saveArticle.run({ ...draft, headline: `Article ${n}` }, context.as(admin))) as {
      id: string;
    };
    ids.push(id);
  }
  return { context, ids };
}

describe('saveArticle', () => {
  it('refuses visitors and members without the admin claim, and writes nothing', async () => {
    const { context } = await blog(0);
    await expect(saveArticle.run(draft, context.as(null))).rejects.toThrow(SIGNED_OUT);
    for (const who of [caller('m1'), caller('ada')])
      await expect(saveArticle.run(draft, context.as(who))).rejects.toThrow(ADMIN_MESSAGES.adminOnly);
    expect(await context.store.query('articles')).toEqual([]);
  });

  it('sanitises the body: scripts, handlers and javascript: links go, the text stays', async () => {
    const { context } = await blog(0);
    const { id } = (await saveArticle.run(
      {
        ...draft,
        content:
          '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(2)">link</a></p><img src=x onerror=alert(3)><style>p{}</style>',
      },
      context.as(admin),
    )) as { id: string };
    const stored = await context.store.get<{ content: string }>(`articles/${id}`);
    expect(stored?.content).toBe('<p>Hello <a>link</a></p><img>');
  });

  it('refuses a body that is nothing but code', async () => {
    const { context } = await blog(0);
    await expect(
      saveArticle.run({ ...draft, content: '<script>alert(1)</script>' }, context.as(admin)),
    ).rejects.toThrow(BLOG_MESSAGES.contentRequired);
    expect(await context.store.query('articles')).toEqual([]);
  });

  it('edits an article, keeping its date; an unknown id is not found', async () => {
    const { context, ids } = await blog(1);
    const before = (await getArticle.run({ id: ids[0] }, context.as(null))) as ArticleView;
    context.clock.advanceMinutes(1);
    await saveArticle.run({ ...draft, id: ids[0], headline: 'Edited' }, context.as(admin));
    const after = (await getArticle.run({ id: ids[0] }, context.as(null))) as ArticleView;
    expect(after.headline).toBe('Edited');
    expect(after.dateAdded).toBe(before.dateAdded);
    expect(after.updatedAt).not.toBe(before.updatedAt);
    await expect(saveArticle.run({ ...draft, id: 'nope' }, context.as(admin))).rejects.toThrow(
      BLOG_MESSAGES.notFound,
    );
  });

  it('refuses a javascript: image address and a rate over 5', async () => {
    const { context } = await blog(0);
    await expect(
      saveArticle.run({ ...draft, imageUrl: 'javascript:alert(1)' }, context.as(admin)),
    ).rejects.toThrow('Image URL must start with https:// or /');
    await expect(saveArticle.run({ ...draft, rate: 6 }, context.as(admin))).rejects.toThrow(
      'Rate must be at most 5',
    );
  });

  it("refuses a picture on another host written as this site's path, and keeps a body's only as the browser reads it", async () => {
    const { context } = await blog(0);
    for (const imageUrl of ['//evil.example/pixel.png', '/\\evil.example/pixel.png'])
      await expect(saveArticle.run({ ...draft, imageUrl }, context.as(admin))).rejects.toThrow(
        'Image URL must start with https:// or /',
      );
    expect(await context.store.query('articles')).toEqual([]);
    const { id } = (await saveArticle.run(
      {
        ...draft,
        content:
          '<p>Hi<img src="/\\evil.example/pixel.png"><img src="/&#92;evil.example/p.png"><a href="/\\evil.example/">x</a></p>',
      },
      context.as(admin),
    )) as { id: string };
    expect((await context.store.get<{ content: string }>(`articles/${id}`))?.content).toBe(
      '<p>Hi<img><img><a>x</a></p>',
    );
  });
});

describe('getArticles and getArticle', () => {
  it('gives visitors 6 a page, newest first, with the number of pages', async () => {
    const { context } = await blog(8);
    const first = (await getArticles.run({ page: 1 }, context.as(null))) as ArticlePage;
    expect(first.pages).toBe(2);
    expect(first.articles.map((article) => article.headline)).toEqual([
      'Article 8',
      'Article 7',
      'Article 6',
      'Article 5',
      'Article 4',
      'Article 3',
    ]);
    expect(first.articles[0]).not.toHaveProperty('content');
    const second = (await getArticles.run({ page: 2 }, context.as(null))) as ArticlePage;
    expect(second.articles.map((article) => article.headline)).toEqual(['Article 2', 'Article 1']);
    expect(((await getArticles.run({ page: 3 }, context.as(null))) as ArticlePage).articles).toEqual([]);
  });

  it('reads only the articles up to the page asked for and counts the rest, however large the blog', async () => {
    const { context } = await blog(40);
    const counted = countingReads(context.store);
    const as = { ...context.as(null), store: counted.store };
    const first = (await getArticles.run({ page: 1 }, as)) as ArticlePage;
    expect(first).toMatchObject({ pages: 7 });
    expect(first.articles.map((article) => article.headline)).toEqual([
      'Article 40',
      'Article 39',
      'Article 38',
      'Article 37',
      'Article 36',
      'Article 35',
    ]);
    // Six articles and one count, not forty.
    expect(counted.reads.documents).toBe(7);
    counted.reads.documents = 0;
    const third = (await getArticles.run({ page: 3 }, as)) as ArticlePage;
    expect(third.articles.map((article) => article.headline)[0]).toBe('Article 28');
    expect(counted.reads.documents).toBeLessThanOrEqual(3 * 6 + 1);
    counted.reads.documents = 0;
    expect(((await getArticles.run({ page: 10_000 }, as)) as ArticlePage).articles).toEqual([]);
    expect(counted.reads.documents).toBe(1);
    const last = (await getArticles.run({ page: 7 }, as)) as ArticlePage;
    expect(last.articles.map((article) => article.headline)).toEqual([
      'Article 4',
      'Article 3',
      'Article 2',
      'Article 1',
    ]);
  });

  it('says when there are none, and that an unknown article is not found', async () => {
    const { context } = await blog(0);
    expect(await getArticles.run({ page: 1 }, context.as(null))).toEqual({ articles: [], pages: 0 });
    await expect(getArticle.run({ id: 'missing' }, context.as(null))).rejects.toThrow(BLOG_MESSAGES.notFound);
    await expect(getArticle.run({ id: '../users/m1' }, context.as(null))).rejects.toThrow(
      'Article is not valid',
    );
  });

  it('sanitises again on the way out, so an article stored by other means is safe too', async () => {
    const { context } = await blog(0);
    await context.store.runTransaction(async (tx) => {
      tx.set('articles/old', {
        ...draft,
        description: '',
        seoTitle: '',
        seoDescription: '',
        imageUrl: '',
        author: '',
        content: '<p>Old</p><script>alert(1)</script>',
        dateAdded: new Date(),
        updatedAt: new Date(),
      });
    });
    await context.store.runTransaction(async (tx) =>
      tx.update('articles/old', {
        content: '<p>Old</p><script>alert(1)</script><img src="/\\evil.example/pixel.png">',
        imageUrl: '//evil.example/pixel.png',
      }),
    );
    const article = (await getArticle.run({ id: 'old' }, context.as(null))) as ArticleView;
    expect(article.content).toBe('<p>Old</p><img>');
    expect(article.imageUrl).toBe('');
    expect(article.author).toBe('Photorater Team');
  });
});

describe('deleteArticle', () => {
  it('is for admins only, and removes the article', async () => {
    const { context, ids } = await blog(1);
    await expect(deleteArticle.run({ id: ids[0] }, context.as(caller('m1')))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
    await deleteArticle.run({ id: ids[0] }, context.as(admin));
    expect(await context.store.query('articles')).toEqual([]);
    await expect(deleteArticle.run({ id: ids[0] }, context.as(admin))).rejects.toThrow(
      BLOG_MESSAGES.notFound,
    );
  });
});

describe('getArticleIndex', () => {
  it("gives a visitor every article's id and last change, newest first, in one read", async () => {
    const { context, ids } = await blog(13);
    const queries = vi.spyOn(context.store, 'query');
    const gets = vi.spyOn(context.store, 'get');
    const { articles } = await getArticleIndex.run({}, context.as(null));
    expect(articles.map((article) => article.id)).toEqual([...ids].reverse());
    expect(articles[0]).toEqual({ id: ids[12], updatedAt: context.clock.now().toISOString() });
    expect(queries).toHaveBeenCalledTimes(1);
    expect(gets).not.toHaveBeenCalled();
  });

  it('reads a blog larger than a query in pages of it, each article once, none skipped on a tie', async () => {
    const { context } = await blog(0);
    const count = ARTICLE_INDEX_PAGE * 2 + 1;
    const at = context.clock.now();
    await context.store.runTransaction(async (tx) => {
      for (let n = 0; n < count; n++)
        tx.set(`articles/a${String(n).padStart(4, '0')}`, {
          ...draft,
          // Ties at every page's edge: ten articles share each instant.
          dateAdded: new Date(at.getTime() - Math.floor(n / 10) * 1000),
          updatedAt: at,
        });
    });
    const queries = vi.spyOn(context.store, 'query');
    const { articles } = await getArticleIndex.run({}, context.as(null));
    expect(articles).toHaveLength(count);
    expect(new Set(articles.map((article) => article.id)).size).toBe(count);
    expect(queries).toHaveBeenCalledTimes(3);
    expect(ARTICLE_INDEX_MAX).toBeGreaterThan(count);
  });

  it('takes no input', async () => {
    const { context } = await blog(0);
    await expect(getArticleIndex.run({ page: 2 }, context.as(null))).rejects.toThrow('Unknown field: page');
  });
});

describe('the audit log of article writes', () => {
  const log = async (context: ReturnType<typeof testContext>) =>
    (
      await context.store.query<AdminLogEntry>('adminLog', { orderBy: { field: 'at', direction: 'asc' } })
    ).map((entry) => entry.data);

  it('records who created, edited and deleted an article, with the article before and after', async () => {
    const { context, ids } = await blog(1);
    context.clock.advanceMinutes(1);
    await saveArticle.run({ ...draft, id: ids[0], headline: 'Edited' }, context.as(admin));
    context.clock.advanceMinutes(1);
    await deleteArticle.run({ id: ids[0] }, context.as(admin));
    const entries = await log(context);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      adminId: 'ada',
      action: 'saveArticle',
      targetPath: `articles/${ids[0]}`,
      before: {},
      after: { headline: 'Article 1' },
    });
    expect(entries[1]).toMatchObject({
      action: 'saveArticle',
      before: { headline: 'Article 1' },
      after: { headline: 'Edited' },
    });
    expect(entries[2]).toMatchObject({
      adminId: 'ada',
      action: 'deleteArticle',
      targetPath: `articles/${ids[0]}`,
      before: { headline: 'Edited' },
      after: {},
    });
  });

  it('records nothing for a refused write', async () => {
    const { context, ids } = await blog(0);
    await expect(saveArticle.run(draft, context.as(caller('m1')))).rejects.toThrow();
    await expect(saveArticle.run({ ...draft, id: 'nope' }, context.as(admin))).rejects.toThrow();
    await expect(deleteArticle.run({ id: 'nope' }, context.as(admin))).rejects.toThrow();
    expect(ids).toEqual([]);
    expect(await log(context)).toEqual([]);
  });
});

describe('genArticle', () => {
  const genArticle = genArticleHandler(() => offlineArticleWriter);

  it('needs a non-empty idea', async () => {
    const { context } = await blog(0);
    await expect(genArticle.run({ prompt: '   ' }, context.as(admin))).rejects.toThrow(
      BLOG_MESSAGES.ideaRequired,
    );
  });

  it('writes every field offline from the idea, within the form limits, escaping it in the body', async () => {
    const { context } = await blog(0);
    const article = (await genArticle.run(
      { prompt: 'smiling in <b>profile</b> photos' },
      context.as(admin),
    )) as { headline: string; seoTitle: string; seoDescription: string; content: string };
    expect(article.headline).toBe('Smiling In <b>profile</b> Photos');
    expect(article.seoTitle.length).toBeLessThanOrEqual(70);
    expect(article.seoDescription.length).toBeLessThanOrEqual(160);
    expect(article.content).toContain('&lt;b&gt;profile&lt;/b&gt;');
    expect(article.content).toContain('<h2>');
  });

  it("answers the spec's message when the AI service fails, and refuses non-admins", async () => {
    const { context } = await blog(0);
    const failing = genArticleHandler(() => ({
      write: () => Promise.reject(new Error('down')),
    }));
    await expect(failing.run({ prompt: 'idea' }, context.as(admin))).rejects.toThrow(
      BLOG_MESSAGES.generateFailed,
    );
    await expect(genArticle.run({ prompt: 'idea' }, context.as(caller('m1')))).rejects.toThrow(
      ADMIN_MESSAGES.adminOnly,
    );
  });
});

describe('searchArticleImages', () => {
  it('says to check the configuration when no key is set', async () => {
    const { context } = await blog(0);
    const search = searchArticleImagesHandler(() => null);
    await expect(search.run({ query: 'sea' }, context.as(admin))).rejects.toThrow(
      'Failed to search images. Please check your API key configuration.',
    );
  });

  it('is off for a blank key, the value a secret gets for a service left off', () => {
    expect(imageSearchFromEnv({ UNSPLASH_ACCESS_KEY: '\n' })).toBeNull();
    expect(imageSearchFromEnv({ UNSPLASH_ACCESS_KEY: 'key' })).not.toBeNull();
  });

  it('passes on the configured search, for admins only', async () => {
    const { context } = await blog(0);
    const image = { url: 'https://img/1', thumbnailUrl: 'https://img/1s', alt: 'sea', credit: 'Ann' };
    const search = searchArticleImagesHandler(() => ({ search: async () => [image] }));
    expect(await search.run({ query: 'sea' }, context.as(admin))).toEqual({ images: [image] });
    await expect(search.run({ query: 'sea' }, context.as(null))).rejects.toThrow(SIGNED_OUT);
  });
});
