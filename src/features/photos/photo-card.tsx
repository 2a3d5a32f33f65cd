/** One photo in My Photos: its display image, score and votes, badges, state, the active switch and delete. */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FavoriteIcon from '@mui/icons-material/Favorite';
import {
  Alert,
  Box,
  Card,
  CardActionArea,
  CardActions,
  Chip,
  IconButton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { DisplayImage } from '@/components/display-image';
import { PHOTO_ID_ATTRIBUTE } from '@/lib/screen-marks';
import { PHOTO_MESSAGES } from '@/domain/limits';
import { isNewPhoto, leaderboardBadge, type Photo } from '@/domain/photo';
import { formatScore } from '@/domain/scores';
import { SCREENING_MESSAGES } from '@/domain/screening';

/** My Photos' grid: one column on phones, two from 600 pixels, four (at most 1,200 in all) from 900. */
export const PHOTO_CARD_SIZES = '(min-width: 900px) min(25vw, 280px), (min-width: 600px) 50vw, 100vw';

interface Props {
  photo: Photo;
  now: Date;
  busy: boolean;
  onToggleActive: (active: boolean) => void;
  onDelete: () => void;
  onOpen: () => void;
}

export function PhotoCard({ photo, now, busy, onToggleActive, onDelete, onOpen }: Props) {
  const badge = leaderboardBadge(photo);
  const label = photo.caption || 'Photo';
  const score = photo.votesCount > 0 ? formatScore(photo.rate) : null;
  return (
    <Card
      component="article"
      aria-label={label}
      {...{ [PHOTO_ID_ATTRIBUTE]: photo.id }}
      sx={{ position: 'relative', height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ position: 'relative', opacity: photo.active ? 1 : 0.45 }}>
        <CardActionArea onClick={onOpen} aria-label={`Open ${label}`}>
          <DisplayImage
            src={photo.imageUrl}
            fallbackSrc={photo.originalUrl}
            smallSrc={photo.smallImageUrl}
            width={photo.imageWidth}
            height={photo.imageHeight}
            sizes={PHOTO_CARD_SIZES}
            alt={label}
            sx={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover', display: 'block' }}
          />
        </CardActionArea>
        <Stack direction="row" spacing={0.5} sx={{ position: 'absolute', top: 8, left: 8 }}>
          {isNewPhoto(photo, now) && <Chip label="New" color="secondary" size="small" />}
          {photo.review && <Chip label={SCREENING_MESSAGES.inReview} color="warning" size="small" />}
          {badge && (
            <Chip
              icon={<EmojiEventsIcon />}
              label={badge}
              size="small"
              sx={{ bgcolor: 'gold', color: 'black' }}
            />
          )}
        </Stack>
        {/* Wrapping: on a narrow card the votes go above a long verdict rather than over it. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            position: 'absolute',
            bottom: 8,
            left: 8,
            right: 8,
            justifyContent: 'space-between',
            flexWrap: 'wrap-reverse',
          }}
        >
          <Chip
            icon={<FavoriteIcon />}
            label={score ?? '–'}
            size="small"
            aria-label={`Score ${score ?? 'not yet rated'}`}
            sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'white' }}
          />
          <Chip
            label={`${photo.votesCount} vote${photo.votesCount === 1 ? '' : 's'}`}
            size="small"
            sx={{ bgcolor: 'rgba(0,0,0,0.6)', color: 'white' }}
          />
        </Stack>
      </Box>
      {photo.caption && (
        <Typography variant="body2" sx={{ px: 2, pt: 1 }}>
          {photo.caption}
        </Typography>
      )}
      {photo.review && (
        <Alert severity="info" sx={{ m: 1 }}>
          {SCREENING_MESSAGES.reason[photo.review.reason]}
        </Alert>
      )}
      {!photo.active && !photo.error && !photo.review && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1 }}>
          {PHOTO_MESSAGES.notActive}
        </Typography>
      )}
      {photo.error && (
        <Alert severity="error" sx={{ m: 1 }}>
          {photo.error}. Please remove this photo and upload another one.
        </Alert>
      )}
      <CardActions sx={{ mt: 'auto', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Switch
            checked={photo.active}
            disabled={busy || Boolean(photo.error) || Boolean(photo.review)}
            onChange={(event) => onToggleActive(event.target.checked)}
            slotProps={{ input: { 'aria-label': `Active: ${label}` } }}
          />
          <Typography variant="body2" aria-hidden>
            Active
          </Typography>
        </Box>
        <IconButton aria-label={`Delete ${label}`} title="Delete" onClick={onDelete} disabled={busy}>
          <DeleteOutlineIcon />
        </IconButton>
      </CardActions>
    </Card>
  );
}
