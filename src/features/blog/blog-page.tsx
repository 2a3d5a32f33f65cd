/** `/blog`: the articles, newest first, 6 a page with pagination; `?page=N` names the page. */
import {
  Box,
  Card,
  CardActionArea,
  CardContent,
  CardMedia,
  CircularProgress,
  Container,
  Pagination,
  PaginationItem,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageMeta } from '@/components/page-meta';
import { paths } from '@/config/paths';
import { call } from '@/data/callables';
import { articleDate, type ArticlePage } from '@/domain/articles';
import { takePrerendered } from '@/lib/prerendered';
import { logFailure } from '@/lib/report-error';
import { BlogEmpty } from './blog-empty';

export const BLOG_TITLE = 'Blog';
export const BLOG_DESCRIPTION =
  'Tips on choosing your best photo, what ratings mean and how the community works, from the Photorater team.';

function pageFrom(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** A page of the list, as the app and the pre-rendered page show it. */
export function BlogList({ page, articles }: { page: number; articles: ArticlePage }) {
  if (articles.articles.length === 0) return <BlogEmpty />;
  return (
    <>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {articles.articles.map((article, index) => (
          <li key={article.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={`${paths.article}/${article.id}`}
                sx={{ height: '100%' }}
              >
                {article.imageUrl && (
                  <CardMedia
                    component="img"
                    image={article.imageUrl}
                    alt=""
                    width={640}
                    height={360}
                    loading={index < 2 ? 'eager' : 'lazy'}
                    fetchPriority={index === 0 ? 'high' : 'auto'}
                    sx={{ aspectRatio: '16 / 9', objectFit: 'cover', height: 'auto' }}
                  />
                )}
                <CardContent>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {article.headline}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" gutterBottom>
                    {article.author} ·{' '}
                    <time dateTime={article.dateAdded}>{articleDate(article.dateAdded)}</time>
                  </Typography>
                  <Typography variant="body2">{article.description}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
      {articles.pages > 1 && (
        <Pagination
          page={page}
          count={articles.pages}
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
          aria-label="Blog pages"
          renderItem={(item) => (
            <PaginationItem
              component={RouterLink}
              to={item.page === 1 ? paths.blog : `${paths.blog}?page=${item.page}`}
              {...item}
            />
          )}
        />
      )}
    </>
  );
}

export function BlogPage() {
  const [params] = useSearchParams();
  const page = pageFrom(params.get('page'));
  const [shown, setShown] = useState<{ page: number; articles: ArticlePage } | undefined>(() => {
    const initial = takePrerendered<ArticlePage>(`blog:${page}`);
    return initial ? { page, articles: initial } : undefined;
  });

  useEffect(() => {
    if (shown?.page === page) return;
    let current = true;
    call('getArticles', { page })
      .catch((error: unknown) => {
        // Articles that fail to load become an empty list (spec 2 section 8).
        logFailure(error, { feature: 'blog', action: 'getArticles' });
        return { articles: [], pages: 0 };
      })
      .then((articles) => {
        if (current) setShown({ page, articles });
      });
    return () => {
      current = false;
    };
  }, [page, shown?.page]);

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
      {shown?.page === page ? (
        <BlogList page={page} articles={shown.articles} />
      ) : (
        <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label="Loading articles" />
        </Box>
      )}
    </Container>
  );
}
