/**
 * The blog (spec 2 sections 2, 3, 7): the Article, its limits, the schemas the admin's form and the
 * handlers share, and the one sanitiser every article body passes through, on save and on display.
 */
import * as yup from 'yup';
import { FilterXSS, type IWhiteList } from 'xss';
import { ARTICLE_ID } from './public-pages';
import { tenPointScore } from './scores';

export const BLOG_PAGE_SIZE = 6;

export const BLOG_MESSAGES = {
  empty: 'No articles found',
  emptyHint: 'Check back soon for new content!',
  /** The admin tab's empty list (spec 2 section 8). */
  adminEmpty: 'No articles found.',
  notFound: 'This article does not exist.',
  ideaRequired: 'Please enter an idea for the article.',
  generateFailed: 'Failed to generate article. Please try again.',
  imageSearchFailed: 'Failed to search images. Please check your API key configuration.',
  headlineRequired: 'Headline is required',
  contentRequired: 'Content is required',
} as const;

/** Who an article is by when the admin leaves it blank. */
export const DEFAULT_AUTHOR = 'Photorater Team';

/**
 * The article's rating chip (spec 2): the editors' own rating of the article (0 to 5, picked in the
 * admin's form), said as what it is and on the ten-point scale every score is shown on. None at 0,
 * the form's default, which means not rated.
 */
export function editorsRatingText(rate: number): string | null {
  return rate > 0 ? `Editors' rating ${tenPointScore(rate)}/10` : null;
}
export const ARTICLE_RATE_MAX = 5;
/** How many pictures the image search offers (spec 2, "Articles": 12 landscape results). */
export const ARTICLE_IMAGE_RESULTS = 12;
export const ARTICLE_CONTENT_MAX = 100_000;

export interface Article {
  id: string;
  headline: string;
  description: string;
  seoTitle: string;
  seoDescription: string;
  imageUrl: string;
  /** Sanitised HTML. */
  content: string;
  author: string;
  /** The rating chip: 0 to 5. */
  rate: number;
  dateAdded: Date;
  updatedAt: Date;
}

/** An article as it travels in a callable's answer: dates as ISO text. */
export type ArticleView = Omit<Article, 'dateAdded' | 'updatedAt'> & { dateAdded: string; updatedAt: string };
/** What the blog's list shows of each article. */
export type ArticleSummary = Omit<ArticleView, 'content'>;

export interface ArticlePage {
  articles: ArticleSummary[];
  /** Pages in all, for the pagination; 0 when there are no articles. */
  pages: number;
}

/** What the sitemap lists of each article, at most ARTICLE_INDEX_MAX of them, newest first. */
export interface ArticleIndex {
  articles: Array<Pick<ArticleView, 'id' | 'updatedAt'>>;
}

/** A sitemap holds at most 50,000 addresses; the site's own pages take a few. */
export const ARTICLE_INDEX_MAX = 49_000;

export const articlePath = (id: string) => `articles/${id}`;
export const ARTICLES = 'articles';

// Defined with the pages made on request, which the Vite config loads without xss or yup.
export { ARTICLE_ID };

/** An image is an https address or one of this site's own paths (`isArticleImage` has the last word). */
const IMAGE_URL = /^(https:\/\/[^\s"'<>]+|\/[A-Za-z0-9._~/-]*)$/;

/**
 * Where an article's relative addresses resolve: some page of the site, whose origin is all that counts
 * (an `.invalid` host never resolves, so `//site.invalid` leads nowhere either).
 */
const SITE_PAGE = 'https://site.invalid/article/page';
const SITE_ORIGIN = new URL(SITE_PAGE).origin;

/** An address as the browser reads it on one of the site's pages, and whether it was written absolute. */
function browserUrl(value: string): { url: URL; absolute: boolean } | null {
  const parse = (base?: string) => {
    try {
      return new URL(value, base);
    } catch {
      return null;
    }
  };
  const url = parse(SITE_PAGE);
  return url && { url, absolute: parse() !== null };
}

/** What an article may point at: absolute addresses of these schemes, and relative ones that start so. */
interface AddressKind {
  schemes: readonly string[];
  relative: RegExp;
}
const LINK: AddressKind = { schemes: ['https:', 'http:', 'mailto:'], relative: /^[/#]/ };
const IMAGE: AddressKind = { schemes: ['https:'], relative: /^\// };

/**
 * Whether an address has one of the kind's schemes or stays on the site, read as the browser reads it
 * (WHATWG URL parsing: `/\\evil.example` and `/<tab>/evil.example` are `//evil.example`, another host).
 */
function allowedUrl(value: string, kind: AddressKind): boolean {
  const read = browserUrl(value);
  if (!read) return false;
  if (read.absolute) return kind.schemes.includes(read.url.protocol);
  return kind.relative.test(value) && read.url.origin === SITE_ORIGIN;
}

/** An article's picture: over https, or from this site. */
export const isArticleImage = (value: string): boolean => IMAGE_URL.test(value) && allowedUrl(value, IMAGE);

const articleFields = {
  headline: yup
    .string()
    .trim()
    .max(200, 'Headline must be at most 200 characters')
    .required(BLOG_MESSAGES.headlineRequired),
  description: yup.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  seoTitle: yup.string().trim().max(70, 'SEO title must be at most 70 characters').default(''),
  seoDescription: yup.string().trim().max(160, 'SEO description must be at most 160 characters').default(''),
  imageUrl: yup
    .string()
    .trim()
    .max(2048, 'Image URL must be at most 2048 characters')
    .test('image-url', 'Image URL must start with https:// or /', (value) => !value || isArticleImage(value))
    .default(''),
  content: yup
    .string()
    .trim()
    .max(ARTICLE_CONTENT_MAX, `Content must be at most ${ARTICLE_CONTENT_MAX} characters`)
    .required(BLOG_MESSAGES.contentRequired),
  author: yup.string().trim().max(100, 'Author must be at most 100 characters').default(''),
  rate: yup
    .number()
    .typeError('Rate must be a number')
    .min(0, 'Rate must be at least 0')
    .max(ARTICLE_RATE_MAX, `Rate must be at most ${ARTICLE_RATE_MAX}`)
    .default(0),
};

/** The admin's article form. */
export const articleFormSchema = yup.object(articleFields);
export type ArticleFormValues = yup.InferType<typeof articleFormSchema>;

/** Saving: a new article without an id, an existing one with it. */
export const saveArticleSchema = articleFormSchema.shape({
  id: yup.string().matches(ARTICLE_ID, 'Article is not valid').optional(),
});
export type SaveArticleInput = yup.InferType<typeof saveArticleSchema>;

export const articleIdSchema = yup.object({
  id: yup.string().matches(ARTICLE_ID, 'Article is not valid').required('Article is required'),
});
export type ArticleIdInput = yup.InferType<typeof articleIdSchema>;

export const articlePageSchema = yup.object({
  page: yup
    .number()
    .integer('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page must be at most 10000')
    .required('Page is required'),
});
export type ArticlePageInput = yup.InferType<typeof articlePageSchema>;

/** AI generation needs a non-empty idea (spec 2 section 5). */
export const genArticleSchema = yup.object({
  prompt: yup
    .string()
    .trim()
    .max(1000, 'The idea must be at most 1000 characters')
    .required(BLOG_MESSAGES.ideaRequired),
});
export type GenArticleInput = yup.InferType<typeof genArticleSchema>;

/** What generation fills in: the form's fields but the image and the rate, which the admin picks. */
export type GeneratedArticle = Pick<
  ArticleFormValues,
  'headline' | 'description' | 'seoTitle' | 'seoDescription' | 'content'
>;

export const searchArticleImagesSchema = yup.object({
  query: yup.string().trim().max(100, 'Search must be at most 100 characters').required('Search is required'),
});
export type SearchArticleImagesInput = yup.InferType<typeof searchArticleImagesSchema>;

export interface ArticleImage {
  /** The picture to use, large. */
  url: string;
  thumbnailUrl: string;
  alt: string;
  /** The photographer, as the stock-image service asks to credit them. */
  credit: string;
}

/** The tags an article body may use: text structure, links and images; no scripts, styles, forms or frames. */
const ALLOWED_TAGS: IWhiteList = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  blockquote: [],
  code: [],
  pre: [],
  ul: [],
  ol: [],
  li: [],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  figure: [],
  figcaption: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};

/**
 * An attribute's value as the browser reads it, as far as an address needs: numeric character
 * references and the five named ones decoded. What is left (`&sol;`, say) is written back with its `&`
 * escaped (`attribute`), so the browser reads exactly the text that was checked.
 */
function decodedAttribute(raw: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return raw.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);?/gi, (_match, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()]!;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\ufffd';
  });
}

const attribute = (name: string, value: string) =>
  `${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`;

/** The attribute of an address the article may keep, written so the browser reads what was checked. */
function addressAttribute(name: string, raw: string, kind: AddressKind): string {
  const value = decodedAttribute(raw).trim();
  return allowedUrl(value, kind) ? attribute(name, value) : '';
}

const sanitizer = new FilterXSS({
  whiteList: ALLOWED_TAGS,
  // A forbidden tag goes with everything inside it, where that is code (script, style); others keep their text.
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math'],
  allowCommentTag: false,
  onTagAttr(tag, name, value) {
    if (name === 'href' && tag === 'a') return addressAttribute(name, value, LINK);
    if (name === 'src' && tag === 'img') return addressAttribute(name, value, IMAGE);
    if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value)) return '';
    return undefined;
  },
});

/**
 * Only the allowed tags and attributes survive, links to http(s), mail or this site and images over
 * https or from this site (each address read as the browser reads it); scripts, styles, event handlers
 * and `javascript:` go. Used when an article
 * is saved and again where its body is shown, so an article stored by older code is safe too.
 */
export function sanitizeArticleHtml(html: string): string {
  return sanitizer.process(html);
}

/** The text of an article's body, for descriptions and word counts. */
export function articleText(html: string): string {
  return sanitizeArticleHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

export function articleView(id: string, article: Omit<Article, 'id'>): ArticleView {
  return {
    id,
    headline: article.headline,
    description: article.description,
    seoTitle: article.seoTitle,
    seoDescription: article.seoDescription,
    // A picture saved by older code, which let `//elsewhere` pass as this site's, is dropped.
    imageUrl: isArticleImage(article.imageUrl) ? article.imageUrl : '',
    content: sanitizeArticleHtml(article.content),
    author: article.author || DEFAULT_AUTHOR,
    rate: article.rate,
    dateAdded: article.dateAdded.toISOString(),
    updatedAt: article.updatedAt.toISOString(),
  };
}

export function articleSummary(view: ArticleView): ArticleSummary {
  const summary: ArticleSummary & { content?: string } = { ...view };
  delete summary.content;
  return summary;
}

/** The page's title and description: the SEO fields when the admin set them. */
export function articleMeta(article: ArticleSummary): { title: string; description: string } {
  return {
    title: article.seoTitle || article.headline,
    description: article.seoDescription || article.description,
  };
}

/** The date as the article page shows it, in English, the same on the server and in the browser. */
export function articleDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
