/**
 * The Photos tab: every photo, newest first, by uploader and active state, 20 a page with Load more.
 * Each opens the edit dialog (caption, active, labels; archive; permanent delete; AI comments) or its
 * votes (newest first, with bot votes).
 */
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import {
  ADMIN_PHOTO_ACTIVE_FILTERS,
  ADMIN_PHOTO_MESSAGES,
  GEN_COMMENT_MODES,
  GEN_COMMENTS_DEFAULT,
  labelsSchema,
  type AdminListedPhoto,
  type AdminPhotoActiveFilter,
  type AdminPhotoRow,
  type GenCommentMode,
} from '@/domain/admin-photos';
import { CAPTION_MAX } from '@/domain/limits';
import { formatScore } from '@/domain/scores';
import { logFailure } from '@/lib/report-error';
import { CancelSaveButtons } from './admin-form-dialog';
import { messageOf, shownDate, StateChip } from './admin-parts';
import { usePagedList } from './admin-reads';
import { actionsColumn, AdminTable, LoadMoreButton, RowButton, type AdminColumn } from './admin-table';
import { TagsInput } from './tags-input';
import { UploaderPicker, type Uploader } from './uploader-picker';
import { VotesDialog } from './votes-dialog';

const ACTIVE_LABELS: Record<AdminPhotoActiveFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

/** Who uploaded a photo: name over e-mail, or the uid of a member whose record is gone. */
function UploaderCell({ photo }: { photo: AdminListedPhoto }) {
  if (!photo.uploader) return photo.userId;
  return (
    <>
      {photo.uploader.displayName}
      {photo.uploader.email && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {photo.uploader.email}
        </Typography>
      )}
    </>
  );
}

export function PhotosTab() {
  const [uploader, setUploader] = useState<Uploader | null>(null);
  const [active, setActive] = useState<AdminPhotoActiveFilter>('all');
  const [editing, setEditing] = useState<AdminListedPhoto | null>(null);
  const [votesOf, setVotesOf] = useState<AdminListedPhoto | null>(null);

  const readPage = useCallback(
    async (after: string | null) => {
      const page = await call('adminListPhotos', {
        active,
        ...(uploader ? { userId: uploader.uid } : {}),
        ...(after ? { cursor: after } : {}),
      });
      return { rows: page.photos, cursor: page.cursor };
    },
    [active, uploader],
  );
  const { rows: photos, setRows: setPhotos, cursor, loadMore } = usePagedList(readPage, 300);

  const changed = (next: AdminPhotoRow | null, id: string) =>
    setPhotos((previous) =>
      next
        ? previous?.map((photo) => (photo.id === id ? { ...photo, ...next } : photo))
        : previous?.filter((p) => p.id !== id),
    );

  const columns: AdminColumn<AdminListedPhoto>[] = [
    {
      header: 'Photo',
      cell: (photo) => (
        <Box
          component="img"
          src={photo.smallImageUrl ?? photo.imageUrl}
          alt={photo.caption || `Photo ${photo.id}`}
          width={56}
          height={56}
          loading="lazy"
          sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1 }}
        />
      ),
    },
    { header: 'Caption', cell: (photo) => photo.caption },
    { header: 'Uploader', cell: (photo) => <UploaderCell photo={photo} /> },
    {
      header: 'Status',
      cell: (photo) => (
        <>
          <StateChip on={photo.active} onLabel="Active" offLabel="Inactive" />
          {photo.reportsCount > 0 && (
            <Chip size="small" color="warning" label={`${photo.reportsCount} reports`} sx={{ ml: 0.5 }} />
          )}
        </>
      ),
    },
    {
      header: 'Score',
      align: 'right',
      cell: (photo) => (photo.votesCount > 0 ? formatScore(photo.rate) : '–'),
    },
    { header: 'Votes', align: 'right', cell: (photo) => photo.votesCount },
    { header: 'Labels', cell: (photo) => photo.labels.join(', ') },
    { header: 'Uploaded', cell: (photo) => shownDate(photo.uploadedAt), sx: { whiteSpace: 'nowrap' } },
    actionsColumn((photo) => (
      <>
        <RowButton label="Edit" of={`photo ${photo.id}`} onClick={() => setEditing(photo)} />
        <RowButton label="Votes" ariaLabel={`Votes of photo ${photo.id}`} onClick={() => setVotesOf(photo)} />
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <UploaderPicker value={uploader} onChange={setUploader} />
        <TextField
          select
          label="Active"
          value={active}
          onChange={(event) => setActive(event.target.value as AdminPhotoActiveFilter)}
          sx={{ minWidth: 160 }}
        >
          {ADMIN_PHOTO_ACTIVE_FILTERS.map((key) => (
            <MenuItem key={key} value={key}>
              {ACTIVE_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <AdminTable
        label="Photos"
        rows={photos}
        rowKey={(photo) => `${photo.userId}/${photo.id}`}
        columns={columns}
        empty={ADMIN_PHOTO_MESSAGES.noPhotos}
      />
      {cursor && <LoadMoreButton onClick={loadMore} />}
      {editing && (
        <EditPhotoDialog
          photo={editing}
          onClose={() => setEditing(null)}
          onChanged={(next) => changed(next, editing.id)}
        />
      )}
      {votesOf && (
        <VotesDialog
          photo={votesOf}
          onClose={() => setVotesOf(null)}
          onVoted={(rate, votesCount) => changed({ ...votesOf, rate, votesCount }, votesOf.id)}
        />
      )}
    </Stack>
  );
}

/** What the edit dialog sends: the photo and only the fields that changed. */
export function changedPhotoFields(
  photo: AdminPhotoRow,
  values: { caption: string; active: boolean; labels: string[] },
): { caption?: string; active?: boolean; labels?: string[] } {
  const changes: { caption?: string; active?: boolean; labels?: string[] } = {};
  if (values.caption.trim() !== photo.caption) changes.caption = values.caption.trim();
  if (values.active !== photo.active) changes.active = values.active;
  if (values.labels.join('\n') !== photo.labels.join('\n')) changes.labels = values.labels;
  return changes;
}

function EditPhotoDialog({
  photo,
  onClose,
  onChanged,
}: {
  photo: AdminPhotoRow;
  onClose: () => void;
  onChanged: (photo: AdminPhotoRow | null) => void;
}) {
  const toast = useToast();
  const { confirm } = useDialogs();
  const [caption, setCaption] = useState(photo.caption);
  const [active, setActive] = useState(photo.active);
  const [labels, setLabels] = useState(photo.labels);
  const [labelError, setLabelError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [count, setCount] = useState(String(GEN_COMMENTS_DEFAULT));
  const [mode, setMode] = useState<GenCommentMode>('replace');
  const [comments, setComments] = useState(photo.genComments);

  const work = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      logFailure(error, { feature: 'admin' });
      toast({ message: messageOf(error), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const update = (changes: { caption?: string; active?: boolean; labels?: string[] }, done: string) =>
    work(async () => {
      if (Object.keys(changes).length === 0) return onClose();
      await call('adminUpdatePhoto', { userId: photo.userId, photoId: photo.id, ...changes });
      onChanged({ ...photo, caption, active, labels, genComments: comments, ...changes });
      toast({ message: done, severity: 'success' });
      onClose();
    });

  const save = () => {
    try {
      labelsSchema.validateSync(labels);
    } catch (error) {
      setLabelError(messageOf(error));
      return;
    }
    void update(changedPhotoFields(photo, { caption, active, labels }), 'Photo updated.');
  };

  const remove = async () => {
    const sure = await confirm({
      title: 'Delete photo permanently',
      message: 'This deletes the photo, its votes and its files. This cannot be undone.',
      confirmLabel: 'Delete permanently',
    });
    if (!sure) return;
    await work(async () => {
      await call('adminDeletePhoto', { userId: photo.userId, photoId: photo.id });
      onChanged(null);
      toast({ message: 'Photo deleted.', severity: 'success' });
      onClose();
    });
  };

  const generate = () =>
    work(async () => {
      const answer = await call('generateGenComments', {
        userId: photo.userId,
        photoId: photo.id,
        count: Number(count) || GEN_COMMENTS_DEFAULT,
        mode,
      });
      setComments(answer.genComments);
      onChanged({ ...photo, genComments: answer.genComments });
      toast({ message: `${answer.genComments.length} AI comments saved.`, severity: 'success' });
    });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-photo-title">
      <DialogTitle id="edit-photo-title">Edit photo</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box
            component="img"
            src={photo.imageUrl}
            alt={photo.caption || `Photo ${photo.id}`}
            sx={{ maxHeight: 240, objectFit: 'contain' }}
          />
          <TextField
            label="Caption"
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            slotProps={{ htmlInput: { maxLength: CAPTION_MAX } }}
          />
          <FormControlLabel
            control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
            label="Active"
          />
          <TagsInput
            label="Labels"
            value={labels}
            error={labelError}
            onChange={(next) => {
              setLabelError(undefined);
              setLabels(next);
            }}
          />
          <Typography variant="subtitle1" component="h3">
            AI comments
          </Typography>
          <Stack direction="row" spacing={1}>
            <TextField
              label="Count"
              value={count}
              onChange={(event) => setCount(event.target.value)}
              inputMode="numeric"
              sx={{ width: 100 }}
            />
            <TextField
              select
              label="Mode"
              value={mode}
              onChange={(event) => setMode(event.target.value as GenCommentMode)}
              sx={{ width: 140 }}
            >
              {GEN_COMMENT_MODES.map((each) => (
                <MenuItem key={each} value={each}>
                  {each === 'replace' ? 'Replace' : 'Add'}
                </MenuItem>
              ))}
            </TextField>
            <Button onClick={() => void generate()} disabled={busy}>
              Generate AI comments
            </Button>
          </Stack>
          {comments.length > 0 && (
            <Box
              component="ol"
              aria-label="AI comments"
              sx={{ m: 0, pl: 3, maxHeight: 160, overflowY: 'auto' }}
            >
              {comments.map((comment, index) => (
                <li key={index}>
                  <Typography variant="body2">{comment}</Typography>
                </li>
              ))}
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        <Button color="error" onClick={() => void remove()} disabled={busy}>
          Delete permanently
        </Button>
        {photo.active && (
          <Button onClick={() => void update({ active: false }, 'Photo archived.')} disabled={busy}>
            Archive (reversible)
          </Button>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <CancelSaveButtons onCancel={onClose} onSave={save} disabled={busy} />
      </DialogActions>
    </Dialog>
  );
}
