/**
 * The Review tab: the photos the upload screening held (an explicit score in doubt, or a face that looks
 * under 18), longest held first, each with the reason in words and the model's figures; Approve (the
 * photo enters the feeds) or Remove (deleted for good). The owner is told either way.
 */
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  Chip,
  Grid,
  Stack,
  Typography,
} from '@mui/material';
import { call } from '@/data/callables';
import {
  CONTENT_CLASSES,
  SCREENING_MESSAGES,
  type AdminHeldPhoto,
  type ReviewDecision,
} from '@/domain/screening';
import { useAdminList, useAdminWrite } from './admin-reads';

const readHeld = () => call('adminListHeld', {}).then((answer) => answer.photos);

const REASON_LABELS = { explicit: 'May be explicit', minor: 'May be under 18' } as const;
const percent = (value: number) => `${Math.round(value * 100)}%`;

export function ReviewTab() {
  const write = useAdminWrite();
  const { rows: photos, setRows: setPhotos } = useAdminList(readHeld);

  const decide = (photo: AdminHeldPhoto, decision: ReviewDecision) =>
    write({
      ask:
        decision === 'remove'
          ? {
              title: 'Remove photo permanently',
              message: 'This deletes the photo and its files, and tells its owner. This cannot be undone.',
              confirmLabel: 'Remove permanently',
            }
          : undefined,
      work: () => call('adminDecideHeld', { userId: photo.userId, photoId: photo.id, decision }),
      done:
        decision === 'approve' ? 'Photo approved; its owner was told.' : 'Photo removed; its owner was told.',
      after: () =>
        setPhotos((previous) =>
          previous?.filter((each) => each.id !== photo.id || each.userId !== photo.userId),
        ),
    });

  if (photos?.length === 0) return <Typography>{SCREENING_MESSAGES.noneHeld}</Typography>;
  return (
    <Grid container spacing={2}>
      {photos?.map((photo) => (
        <Grid key={`${photo.userId}/${photo.id}`} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card component="article" aria-label={`Held photo ${photo.id}`}>
            <CardMedia
              component="img"
              image={photo.imageUrl}
              alt={photo.caption || `Photo ${photo.id}`}
              sx={{ height: 220, objectFit: 'cover' }}
            />
            <CardContent>
              <Chip color="warning" size="small" label={REASON_LABELS[photo.review.reason]} sx={{ mb: 1 }} />
              <Typography variant="body2">{photo.caption}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                Uploader {photo.userId} · held {new Date(photo.review.heldAt).toLocaleString()}
              </Typography>
              <Typography sx={{ mt: 1 }}>
                Explicit score {percent(photo.review.explicit)} · age estimate{' '}
                {photo.review.ageEstimate === null ? 'none' : Math.round(photo.review.ageEstimate)} · profile
                age {photo.profileAge ?? 'not given'}
              </Typography>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {CONTENT_CLASSES.map((name) => (
                  <Chip
                    key={name}
                    size="small"
                    variant="outlined"
                    label={`${name} ${percent(photo.review.scores[name])}`}
                  />
                ))}
              </Stack>
            </CardContent>
            <CardActions>
              <Button onClick={() => void decide(photo, 'approve')} aria-label={`Approve photo ${photo.id}`}>
                Approve
              </Button>
              <Box sx={{ flexGrow: 1 }} />
              <Button
                color="error"
                onClick={() => void decide(photo, 'remove')}
                aria-label={`Remove photo ${photo.id}`}
              >
                Remove
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
