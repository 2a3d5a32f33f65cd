/**
 * The blog's articles: anyone (visitors too) reads them, newest first, 6 a page, or one by id; admins
 * create, edit and delete them. Bodies are sanitised when saved and again when read.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ARTICLE_INDEX_MAX,
  ARTICLES,
  BLOG_MESSAGES,
  BLOG_PAGE_SIZE,
  articleIdSchema,
  articlePageSchema,
  articlePath,
  articleSummary,
  articleView,
  sanitizeArticleHtml,
  saveArticleSchema,
  type Article,
  type ArticleIndex,
  type ArticlePage,
  type ArticleView,
} from '../../../src/domain/articles';
import type { Callables } from '../../../src/domain/callables';
import { noInputSchema } from '../../../src/domain/schemas';
import type { Store } from '../store/store';
import { logAdminWrite } from './admin-log';
import { requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';

type StoredArticle = Omit<Article, 'id'>;

export async function readArticle(store: Store, id: string): Promise<ArticleView | undefined> {
  const article = await store.get<StoredArticle>(articlePath(id));
  return article ? articleView(id, article) : undefined;
}

/**
 * One page of the blog, newest first: the articles up to the end of that page and a count of them all,
 * so the first page reads six articles whether the blog holds ten or ten thousand (a later page reads
 * the pages before it too, as Firestore's offset would bill them).
 */
export async function readArticlePage(store: Store, page: number): Promise<ArticlePage> {
  const start = (page - 1) * BLOG_PAGE_SIZE;
  const pages = Math.ceil((await store.count(ARTICLES, [])) / BLOG_PAGE_SIZE);
  // A page past the last reads nothing, however far past it a caller asks.
  if (page > pages) return { articles: [], pages };
  const docs = await store.query<StoredArticle>(ARTICLES, {
    orderBy: { field: 'dateAdded', direction: 'desc' },
    limit: start + BLOG_PAGE_SIZE,
  });
  return { articles: docs.slice(start).map(({ id, data }) => articleSummary(articleView(id, data))), pages };
}

export const getArticles: Handler<Callables['getArticles']['result']> = {
  async run(data, context) {
    const { page } = await validate(articlePageSchema, data);
    return readArticlePage(context.store, page);
  },
};

/** Articles read at once for the index: the most a store query returns. */
export const ARTICLE_INDEX_PAGE = 1000;

/**
 * Every article's id and last change, for the sitemap: one pass over the articles, in pages the store
 * allows, however many pages the blog has; at most ARTICLE_INDEX_MAX.
 */
export async function readArticleIndex(store: Store): Promise<ArticleIndex['articles']> {
  const articles: ArticleIndex['articles'] = [];
  let after: { startAfter: Date; startAfterPath: string } | undefined;
  while (articles.length < ARTICLE_INDEX_MAX) {
    const docs = await store.query<StoredArticle>(ARTICLES, {
      orderBy: { field: 'dateAdded', direction: 'desc' },
      ...after,
      limit: Math.min(ARTICLE_INDEX_PAGE, ARTICLE_INDEX_MAX - articles.length),
    });
    for (const { id, data: article } of docs)
      articles.push({ id, updatedAt: article.updatedAt.toISOString() });
    const last = docs.at(-1);
    if (docs.length < ARTICLE_INDEX_PAGE || !last) break;
    after = { startAfter: last.data.dateAdded, startAfterPath: articlePath(last.id) };
  }
  return articles;
}

export const getArticleIndex: Handler<Callables['getArticleIndex']['result']> = {
  async run(data, context) {
    await validate(noInputSchema, data);
    return { articles: await readArticleIndex(context.store) };
  },
};

export const getArticle: Handler<Callables['getArticle']['result']> = {
  async run(data, context) {
    const { id } = await validate(articleIdSchema, data);
    const article = await readArticle(context.store, id);
    if (!article) throw new HttpsError('not-found', BLOG_MESSAGES.notFound);
    return article;
  },
};

export const saveArticle: Handler<Callables['saveArticle']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { id, ...fields } = await validate(saveArticleSchema, data);
    const content = sanitizeArticleHtml(fields.content);
    if (!content.replace(/<[^>]*>/g, '').trim())
      throw new HttpsError('invalid-argument', BLOG_MESSAGES.contentRequired);
    const now = context.clock.now();
    return context.store.runTransaction(async (tx) => {
      const articleId = id ?? randomUUID();
      const current = id ? await tx.get<StoredArticle>(articlePath(id)) : undefined;
      if (id && !current) throw new HttpsError('not-found', BLOG_MESSAGES.notFound);
      const article: StoredArticle = {
        ...fields,
        content,
        dateAdded: current?.dateAdded ?? now,
        updatedAt: now,
      };
      tx.set(articlePath(articleId), { ...article });
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'saveArticle',
        targetPath: articlePath(articleId),
        at: now,
        before: current ?? {},
        after: article,
      });
      return { id: articleId };
    });
  },
};

export const deleteArticle: Handler<Callables['deleteArticle']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { id } = await validate(articleIdSchema, data);
    return context.store.runTransaction(async (tx) => {
      const current = await tx.get<StoredArticle>(articlePath(id));
      if (!current) throw new HttpsError('not-found', BLOG_MESSAGES.notFound);
      tx.delete(articlePath(id));
      logAdminWrite(tx, {
        adminId: admin.uid,
        action: 'deleteArticle',
        targetPath: articlePath(id),
        at: context.clock.now(),
        before: current,
      });
      return { deleted: true as const };
    });
  },
};
