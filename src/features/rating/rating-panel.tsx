/**
 * The inputs under the photo in the feed: hearts, Skip / Rate, tags and the comment. The page holds
 * their values, so a swipe or a key can set the hearts and everything starts over with each photo.
 */
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  Rating,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { Theme } from '@mui/material/styles';
import { memo, useState, type CSSProperties } from 'react';
import { COMMENT_MAX, TAGS, TAGS_SHOWN, type Tag } from '@/domain/rating';
import { formatScore } from '@/domain/scores';

export interface RatingInput {
  rate: number;
  comment: string;
  chips: Tag[];
}

/** The inputs while the member is choosing: no hearts yet is null. */
export type RatingDraft = Omit<RatingInput, 'rate'> & { rate: number | null };

interface Props {
  /** The photo being rated: the hearts start over with each one. */
  photoId: string;
  value: RatingDraft;
  onChange: (change: Partial<Omit<RatingInput, 'rate'>>) => void;
  onRateChange: (rate: number | null) => void;
  error: string | null;
  onSubmit: () => void;
  onSkip: () => void;
}

/**
 * Memoised, as are the tags and the comment box: a swipe's every move renders the page, and a vote
 * starts the next photo over, changing the hearts and Rate but seldom the tags or the comment.
 */
export const RatingPanel = memo(function RatingPanel({
  photoId,
  value,
  onChange,
  onRateChange,
  error,
  onSubmit,
  onSkip,
}: Props) {
  const { rate, comment, chips } = value;

  return (
    <Stack spacing={2} component="section" aria-label="Your rating">
      <Hearts key={photoId} rate={rate} onRateChange={onRateChange} />
      {/* No touch ripple: a press shows the next photo at once, and the ripple's renders would delay it (the
          keyboard's focus ripple stays). */}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
        <Button variant="outlined" onClick={onSkip} disableTouchRipple sx={{ minWidth: 120 }}>
          Skip
        </Button>
        <Button
          variant="contained"
          disabled={rate === null || rate < 0.5}
          onClick={onSubmit}
          disableTouchRipple
          sx={{ minWidth: 120 }}
        >
          Rate
        </Button>
      </Stack>
      <TagChips chips={chips} onChange={onChange} />
      {error && (
        <Alert severity="error">
          <AlertTitle>Failed to submit photo rating</AlertTitle>
          <Typography variant="body2">{error}</Typography>
        </Alert>
      )}
      <CommentField comment={comment} onChange={onChange} />
    </Stack>
  );
});

/**
 * The hearts and the band they name. Keyed by photo: the heart pointed at or focused (a touch leaves
 * one behind, with no pointer to leave it) belongs to the photo it was on, not under the next one's
 * empty hearts.
 */
function Hearts({
  rate,
  onRateChange,
}: {
  rate: number | null;
  onRateChange: (rate: number | null) => void;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const label = hovered ?? rate;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
      <Rating
        role="radiogroup"
        aria-label="Hearts"
        name="hearts"
        value={rate}
        precision={0.5}
        max={5}
        size="large"
        onChange={(_event, value) => onRateChange(value)}
        onChangeActive={(_event, value) => setHovered(value > 0 ? value : null)}
        icon={HEART}
        emptyIcon={EMPTY_HEART}
        getLabelText={heartsLabel}
        sx={{ fontSize: 48 }}
      />
      {/* Always one line high, so the label coming and going moves nothing below it. */}
      <Typography variant="body2" aria-live="polite" sx={{ minHeight: '1.5em', fontWeight: 600 }}>
        {label === null ? '' : formatScore(label)}
      </Typography>
    </Box>
  );
}

const HEART = <FavoriteIcon fontSize="inherit" color="error" />;
const EMPTY_HEART = <FavoriteBorderIcon fontSize="inherit" />;
const heartsLabel = (value: number) => `${value} Heart${value === 1 ? '' : 's'}`;

type Change = Props['onChange'];

const TagChips = memo(function TagChips({ chips, onChange }: { chips: Tag[]; onChange: Change }) {
  const [showAllTags, setShowAllTags] = useState(false);
  // Read at once: after a first render at the phone's count, the chips would move.
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const shown = showAllTags ? TAGS : TAGS.slice(0, desktop ? TAGS_SHOWN.desktop : TAGS_SHOWN.mobile);
  const toggle = (tag: Tag) =>
    onChange({ chips: chips.includes(tag) ? chips.filter((chip) => chip !== tag) : [...chips, tag] });
  return (
    <Box>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        How does this person come across?
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {shown.map((tag) => (
          <Chip
            key={tag}
            label={tag}
            color={chips.includes(tag) ? 'primary' : 'default'}
            variant={chips.includes(tag) ? 'filled' : 'outlined'}
            onClick={() => toggle(tag)}
            aria-pressed={chips.includes(tag)}
          />
        ))}
        <Button size="small" onClick={() => setShowAllTags((all) => !all)}>
          {showAllTags ? 'Hide' : 'Show more'}
        </Button>
      </Box>
    </Box>
  );
});

const GROWS_WITH_TEXT: CSSProperties = { fieldSizing: 'content', minHeight: '2lh' };

/**
 * Renders again only when the comment changes. It grows with its text through CSS (`field-sizing`),
 * not MUI's autosize, which measures the box in a layout effect: the page's whole first layout, forced
 * in the middle of /rate's first render. Where the browser lacks it, two rows that scroll.
 */
const CommentField = memo(function CommentField({
  comment,
  onChange,
}: {
  comment: string;
  onChange: Change;
}) {
  return (
    <TextField
      label="Comment (optional)"
      multiline
      rows={2}
      value={comment}
      onChange={(event) => onChange({ comment: event.target.value })}
      slotProps={{
        // A plain textarea: with `multiline` alone MUI renders its autosizing one.
        input: { inputComponent: 'textarea' },
        htmlInput: { maxLength: COMMENT_MAX, style: GROWS_WITH_TEXT },
      }}
      helperText={`${comment.length}/${COMMENT_MAX}`}
    />
  );
});
