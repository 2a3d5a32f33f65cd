/**
 * `/article/{id}`: headline, author, date, the body (sanitised again here), the rating chip, a
 * breadcrumb to the blog, page metadata and Article plus BreadcrumbList structured data. An article
 * that fails to load shows the blog's empty state (spec 2 section 8).
 */
import StarIcon from '@mui/icons-material/Star';
import { Box, Breadcrumbs, Chip, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageMeta, useSiteOrigin } from '@/components/page-meta';
import { paths } from '@/config/paths';
import { call } from '@/data/callables';
import {
  articleDate,
  articleMeta,
  editorsRatingText,
  sanitizeArticleHtml,
  type ArticleView,
} from '@/domain/articles';
import { scriptJson, takePrerendered } from '@/lib/prerendered';
import { logFailure } from '@/lib/report-error';
import { BlogEmpty } from './blog-empty';
import { articleStructuredData } from './structured-data';

/** The article as the app and the pre-rendered page show it. */
export function ArticleView({ article }: { article: ArticleView }) {
  const origin = useSiteOrigin();
  const { title, description } = articleMeta(article);
  const rating = editorsRatingText(article.rate);
  return (
    <>
      <PageMeta
        title={title}
        description={description}
        canonicalPath={`${paths.article}/${article.id}`}
        image={article.imageUrl ? new URL(article.imageUrl, origin).href : undefined}
        type="article"
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: scriptJson(articleStructuredData(article, origin)) }}
      />
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2 }}>
        <Link component={RouterLink} to={paths.home} color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to={paths.blog} color="inherit">
          Blog
        </Link>
        <Typography color="text.primary" aria-current="page" noWrap sx={{ maxWidth: '50vw' }}>
          {article.headline}
        </Typography>
      </Breadcrumbs>
      <article>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
          {article.headline}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3, flexWrap: 'wrap' }} useFlexGap>
          <Typography color="text.secondary">
            By {article.author} · <time dateTime={article.dateAdded}>{articleDate(article.dateAdded)}</time>
          </Typography>
          {rating && (
            <Chip
              icon={<StarIcon />}
              label={rating}
              color="primary"
              variant="outlined"
              size="small"
              title="How useful our editors rate this article"
            />
          )}
        </Stack>
        {article.imageUrl && (
          <Box
            component="img"
            src={article.imageUrl}
            alt=""
            width={1200}
            height={675}
            fetchPriority="high"
            sx={{
              width: '100%',
              height: 'auto',
              aspectRatio: '16 / 9',
              objectFit: 'cover',
              borderRadius: 2,
              mb: 3,
            }}
          />
        )}
        <Box
          sx={{
            typography: 'body1',
            lineHeight: 1.7,
            '& h2': { typography: 'h5', mt: 4, mb: 1.5 },
            '& h3': { typography: 'h6', mt: 3, mb: 1 },
            '& img': { maxWidth: '100%', height: 'auto' },
            '& a': { color: 'primary.main' },
          }}
          dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(article.content) }}
        />
      </article>
    </>
  );
}

type Loaded = { id: string; article: ArticleView | null };

export function ArticlePage() {
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | undefined>(() => {
    const initial = takePrerendered<ArticleView>(`article:${id}`);
    return initial ? { id, article: initial } : undefined;
  });

  useEffect(() => {
    if (loaded?.id === id) return;
    let current = true;
    call('getArticle', { id })
      .catch((error: unknown) => {
        logFailure(error, { feature: 'blog', action: 'getArticle', metadata: { id } });
        return null;
      })
      .then((article) => {
        if (current) setLoaded({ id, article });
      });
    return () => {
      current = false;
    };
  }, [id, loaded?.id]);

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      {loaded?.id !== id ? (
        <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
          <PageMeta title="Blog" description="An article from the Photorater blog." />
          <CircularProgress aria-label="Loading the article" />
        </Box>
      ) : loaded.article ? (
        <ArticleView article={loaded.article} />
      ) : (
        <>
          <PageMeta
            title="Article not found"
            description="This article does not exist."
            robots="noindex, follow"
          />
          <BlogEmpty />
        </>
      )}
    </Container>
  );
}
