/**
 * The admin's writing aids for articles: `genArticle` turns an idea into the article's fields (an
 * OpenAI-compatible chat API with AI_API_KEY, else offline templates), and `searchArticleImages` finds
 * 12 landscape pictures at Unsplash with UNSPLASH_ACCESS_KEY (off without it, with a clear message).
 */
import { HttpsError } from 'firebase-functions/v2/https';
import * as yup from 'yup';
import {
  ARTICLE_IMAGE_RESULTS,
  BLOG_MESSAGES,
  genArticleSchema,
  sanitizeArticleHtml,
  searchArticleImagesSchema,
  type ArticleImage,
  type GeneratedArticle,
} from '../../../src/domain/articles';
import type { Callables } from '../../../src/domain/callables';
import { escapeHtml } from '../../../src/domain/public-pages';
import { askForJson, chatOptionsFromEnv, type ChatOptions } from '../photos/ai-chat';
import { requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';

export interface ArticleWriter {
  write(idea: string): Promise<GeneratedArticle>;
}

export interface ImageSearch {
  search(query: string): Promise<ArticleImage[]>;
}

const clip = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

function titleCase(text: string): string {
  return text.replace(
    /(^|\s)(\p{L})/gu,
    (_match, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

/** Without an AI service: a sound first draft around the idea, in the product's voice, for the admin to edit. */
export const offlineArticleWriter: ArticleWriter = {
  async write(idea) {
    const topic = idea
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.!?]+$/, '');
    const headline = clip(titleCase(topic), 200);
    const safe = escapeHtml(topic);
    const description = clip(
      `What real people notice about ${topic.toLowerCase()}, and how honest ratings help you choose your best photo.`,
      500,
    );
    return {
      headline,
      description,
      seoTitle: clip(headline, 70),
      seoDescription: clip(description, 160),
      content: [
        `<p>${safe}: it is a question our members ask often, and the votes they receive give clear answers.</p>`,
        '<h2>What people notice first</h2>',
        '<p>Strangers decide in a second or two. Light on the face, a real smile and a clean background do more than any filter.</p>',
        '<h2>Test, do not guess</h2>',
        '<p>Upload two or three candidates and let the community rate them. The fair score takes each voter’s habits out, so the number you see is one you can trust.</p>',
        '<h2>Keep what works</h2>',
        '<p>Read the comments and tags, keep the photo with the best score, and try again with what you learned.</p>',
      ].join('\n'),
    };
  },
};

const generatedSchema = yup.object({
  headline: yup.string().trim().max(200).required(),
  description: yup.string().trim().max(500).default(''),
  seoTitle: yup.string().trim().max(70).default(''),
  seoDescription: yup.string().trim().max(160).default(''),
  content: yup.string().trim().max(100_000).required(),
});

/** An OpenAI-compatible chat completions client asked for the article as one JSON object. */
export function chatArticleWriter(options: ChatOptions): ArticleWriter {
  return {
    async write(idea) {
      const answer = await askForJson(options, {
        system:
          'You write blog articles for a community where people have their profile photos rated. Answer with one JSON object with the keys headline (at most 200 characters), description (at most 500), seoTitle (at most 70), seoDescription (at most 160) and content (the body as simple HTML: h2, p, ul, li, strong, em; no scripts, no styles).',
        user: idea,
        timeoutMs: 60_000,
        what: 'article',
      });
      return generatedSchema.validate(answer, { stripUnknown: true });
    },
  };
}

export function articleWriterFromEnv(env: NodeJS.ProcessEnv = process.env): ArticleWriter {
  const options = chatOptionsFromEnv(env);
  return options ? chatArticleWriter(options) : offlineArticleWriter;
}

interface UnsplashResult {
  alt_description?: string | null;
  description?: string | null;
  urls?: { regular?: string; small?: string };
  user?: { name?: string };
}

/** Unsplash's search, landscape only, 12 a query. */
export function unsplashImageSearch(accessKey: string, send: typeof fetch = fetch): ImageSearch {
  return {
    async search(query) {
      const url = new URL('https://api.unsplash.com/search/photos');
      url.searchParams.set('query', query);
      url.searchParams.set('per_page', String(ARTICLE_IMAGE_RESULTS));
      url.searchParams.set('orientation', 'landscape');
      const response = await send(url, {
        headers: { Authorization: `Client-ID ${accessKey}`, 'Accept-Version': 'v1' },
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`The image search answered ${response.status}.`);
      const body = (await response.json()) as { results?: UnsplashResult[] };
      return (body.results ?? [])
        .filter(
          (result) =>
            result.urls?.regular?.startsWith('https://') && result.urls.small?.startsWith('https://'),
        )
        .slice(0, ARTICLE_IMAGE_RESULTS)
        .map((result) => ({
          url: result.urls!.regular!,
          thumbnailUrl: result.urls!.small!,
          alt: result.alt_description ?? result.description ?? query,
          credit: result.user?.name ?? 'Unsplash',
        }));
    },
  };
}

/**
 * The configured search, or none: without a key (or with a blank one, a secret left off on Firebase) the
 * tab says to check the configuration.
 */
export function imageSearchFromEnv(env: NodeJS.ProcessEnv = process.env): ImageSearch | null {
  const key = env.UNSPLASH_ACCESS_KEY?.trim();
  return key ? unsplashImageSearch(key) : null;
}

export function genArticleHandler(writer: () => ArticleWriter): Handler<Callables['genArticle']['result']> {
  return {
    async run(data, context) {
      await requireAdmin(context);
      const { prompt } = await validate(genArticleSchema, data);
      let article: GeneratedArticle;
      try {
        article = await writer().write(prompt);
      } catch {
        throw new HttpsError('unavailable', BLOG_MESSAGES.generateFailed);
      }
      return { ...article, content: sanitizeArticleHtml(article.content) };
    },
  };
}

export function searchArticleImagesHandler(
  images: () => ImageSearch | null,
): Handler<Callables['searchArticleImages']['result']> {
  return {
    async run(data, context) {
      await requireAdmin(context);
      const { query } = await validate(searchArticleImagesSchema, data);
      const search = images();
      if (!search) throw new HttpsError('failed-precondition', BLOG_MESSAGES.imageSearchFailed);
      try {
        return { images: await search.search(query) };
      } catch {
        throw new HttpsError('unavailable', BLOG_MESSAGES.imageSearchFailed);
      }
    },
  };
}

export const genArticle = genArticleHandler(() => articleWriterFromEnv());
export const searchArticleImages = searchArticleImagesHandler(() => imageSearchFromEnv());
