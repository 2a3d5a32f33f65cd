/**
 * The Articles tab: the blog's articles newest first (Load more), create, edit and delete. The edit
 * dialog can draft the fields from an idea (genArticle) and pick a picture from the image search
 * (12 landscape results); the server sanitises the body, and the blog sanitises it again on display.
 */
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import {
  Alert,
  Box,
  Button,
  ButtonBase,
  ImageList,
  ImageListItem,
  ImageListItemBar,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormikProps } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call, CallError } from '@/data/callables';
import {
  articleDate,
  articleFormSchema,
  BLOG_MESSAGES,
  editorsRatingText,
  type ArticleFormValues,
  type ArticleImage,
  type ArticlePage,
  type ArticleSummary,
} from '@/domain/articles';
import { logFailure } from '@/lib/report-error';
import { AdminFormDialog } from './admin-form-dialog';
import { messageOf } from './admin-parts';
import { useAdminWrite } from './admin-reads';
import { actionsColumn, AdminTable, EditDeleteButtons, type AdminColumn } from './admin-table';

const EMPTY: ArticleFormValues = {
  headline: '',
  description: '',
  seoTitle: '',
  seoDescription: '',
  imageUrl: '',
  content: '',
  author: '',
  rate: 0,
};

type Editing = { id?: string; values: ArticleFormValues };

export function ArticlesTab() {
  const toast = useToast();
  const write = useAdminWrite();
  const [articles, setArticles] = useState<ArticleSummary[] | undefined>(undefined);
  const [pages, setPages] = useState({ loaded: 0, count: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);

  /** A page of the list, or an empty one when it cannot be read (said in a toast). */
  const fetchPage = useCallback(
    async (page: number): Promise<ArticlePage> => {
      try {
        return await call('getArticles', { page });
      } catch (error) {
        logFailure(error, { feature: 'admin', action: 'getArticles' });
        toast({ message: messageOf(error), severity: 'error' });
        return { articles: [], pages: 0 };
      }
    },
    [toast],
  );

  const show = useCallback((page: number, answer: ArticlePage) => {
    setArticles((shown) => (page === 1 ? answer.articles : [...(shown ?? []), ...answer.articles]));
    setPages({ loaded: page, count: answer.pages });
  }, []);

  const load = useCallback(async (page: number) => show(page, await fetchPage(page)), [fetchPage, show]);

  useEffect(() => {
    let current = true;
    void fetchPage(1).then((answer) => {
      if (current) show(1, answer);
    });
    return () => {
      current = false;
    };
  }, [fetchPage, show]);

  async function edit(id: string) {
    try {
      const article = await call('getArticle', { id });
      setEditing({
        id,
        values: {
          headline: article.headline,
          description: article.description,
          seoTitle: article.seoTitle,
          seoDescription: article.seoDescription,
          imageUrl: article.imageUrl,
          content: article.content,
          author: article.author,
          rate: article.rate,
        },
      });
    } catch (error) {
      toast({ message: messageOf(error), severity: 'error' });
    }
  }

  const remove = (article: ArticleSummary) =>
    write({
      ask: {
        title: 'Delete article?',
        message: `"${article.headline}" will be removed from the blog. This is permanent and cannot be undone.`,
        confirmLabel: 'Delete',
      },
      work: () => call('deleteArticle', { id: article.id }),
      done: 'Article deleted.',
      after: () => load(1),
    });

  const columns: AdminColumn<ArticleSummary>[] = [
    { header: 'Headline', cell: (article) => article.headline },
    { header: 'Added', cell: (article) => articleDate(article.dateAdded) },
    { header: "Editors' rating", cell: (article) => editorsRatingText(article.rate) ?? '–' },
    actionsColumn(
      (article) => (
        <EditDeleteButtons
          of={article.headline}
          onEdit={() => void edit(article.id)}
          onDelete={() => void remove(article)}
        />
      ),
      { header: 'Actions', align: 'right' },
    ),
  ];

  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">
          Articles
        </Typography>
        <Button variant="contained" onClick={() => setEditing({ values: EMPTY })}>
          New article
        </Button>
      </Stack>
      <AdminTable
        label="Articles"
        rows={articles}
        rowKey={(article) => article.id}
        columns={columns}
        loading="Loading articles..."
        empty={BLOG_MESSAGES.adminEmpty}
        quiet
      />
      {pages.loaded < pages.count && (
        <Button sx={{ mt: 2 }} onClick={() => void load(pages.loaded + 1)}>
          Load more
        </Button>
      )}
      {editing && (
        <ArticleDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast({ message: 'Article saved.', severity: 'success' });
            void load(1);
          }}
        />
      )}
    </Box>
  );
}

function ArticleDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <AdminFormDialog
      titleId="article-dialog-title"
      title={editing.id ? 'Edit article' : 'New article'}
      maxWidth="md"
      initialValues={editing.values}
      validationSchema={articleFormSchema}
      save={async (values) => {
        const clean = articleFormSchema.cast(values, { stripUnknown: true });
        await call('saveArticle', { ...clean, ...(editing.id ? { id: editing.id } : {}) });
        onSaved();
      }}
      failureInDialog
      onClose={onClose}
    >
      {(form) => (
        <>
          <GenerateFromIdea form={form} />
          <FormTextField name="headline" label="Headline" required />
          <FormTextField name="description" label="Description" multiline minRows={2} />
          <FormTextField name="seoTitle" label="SEO title" />
          <FormTextField name="seoDescription" label="SEO description" />
          <FormTextField name="author" label="Author" placeholder="Photorater Team" />
          <FormTextField
            name="rate"
            label="Editors' rating (0 to 5, shown out of 10)"
            type="number"
            slotProps={{ htmlInput: { step: 0.1, min: 0, max: 5 } }}
          />
          <FormTextField name="imageUrl" label="Image URL" />
          <ImageSearch onPick={(image) => void form.setFieldValue('imageUrl', image.url)} />
          <FormTextField name="content" label="Content (HTML)" multiline minRows={10} required />
        </>
      )}
    </AdminFormDialog>
  );
}

/** AI generation: a non-empty idea fills the article's fields (spec 2 section 5). */
function GenerateFromIdea({ form }: { form: FormikProps<ArticleFormValues> }) {
  const [idea, setIdea] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function generate() {
    if (!idea.trim()) {
      setError(BLOG_MESSAGES.ideaRequired);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const article = await call('genArticle', { prompt: idea.trim() });
      await form.setValues({ ...form.values, ...article });
    } catch (failure) {
      setError(
        failure instanceof CallError && failure.code === 'invalid-argument'
          ? failure.message
          : BLOG_MESSAGES.generateFailed,
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, pb: 1 }}
    >
      <TextField
        label="Idea for the article"
        value={idea}
        onChange={(event) => setIdea(event.target.value)}
        fullWidth
        error={Boolean(error)}
        helperText={error ?? 'Describe the article; the fields below are filled in for you to edit.'}
      />
      <Button
        variant="outlined"
        startIcon={<AutoAwesomeIcon />}
        onClick={() => void generate()}
        disabled={busy}
        sx={{ flexShrink: 0, mt: { sm: 1 } }}
      >
        {busy ? 'Generating...' : 'Generate'}
      </Button>
    </Stack>
  );
}

/** The stock-image search: 12 landscape pictures; a click puts one's address in the image field. */
function ImageSearch({ onPick }: { onPick: (image: ArticleImage) => void }) {
  const [query, setQuery] = useState('');
  const [images, setImages] = useState<ArticleImage[]>([]);
  const [error, setError] = useState<string | null>(null);
  async function search() {
    if (!query.trim()) return;
    setError(null);
    try {
      setImages((await call('searchArticleImages', { query: query.trim() })).images);
    } catch (failure) {
      setImages([]);
      setError(BLOG_MESSAGES.imageSearchFailed);
      logFailure(failure, { feature: 'admin', action: 'searchArticleImages' });
    }
  }
  return (
    <Box sx={{ pb: 2 }}>
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label="Search images"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void search();
            }
          }}
          fullWidth
        />
        <Button onClick={() => void search()}>Search</Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {images.length > 0 && (
        <ImageList cols={3} gap={8} sx={{ mt: 1 }}>
          {images.map((image) => (
            <ImageListItem key={image.url}>
              <ButtonBase onClick={() => onPick(image)} aria-label={`Use ${image.alt}`}>
                <img src={image.thumbnailUrl} alt={image.alt} loading="lazy" style={{ width: '100%' }} />
              </ButtonBase>
              <ImageListItemBar subtitle={image.credit} />
            </ImageListItem>
          ))}
        </ImageList>
      )}
    </Box>
  );
}
