/**
 * Compare: the member's active photos side by side, ranked by fair score, each with its 90% range
 * drawn as a bar, the verdict between each photo and the next in plain words, and the photos with
 * too few votes to rank said so. Opening it asks the server to bring the photos that need votes
 * first in the feed for a while (`startComparing`).
 */
import {
  Alert,
  Box,
  Card,
  CircularProgress,
  Dialog,
  DialogContent,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { DisplayImage } from '@/components/display-image';
import { call } from '@/data/callables';
import { usePhotoStanding } from '@/data/use-photo-standing';
import { COMPARE_TEXT, comparePhotos, tallyOf, verdictText } from '@/domain/compare';
import type { Photo } from '@/domain/photo';
import { formatScore, formatScoreRange, tenPointScore } from '@/domain/scores';
import { RATING_MIN } from '@/domain/rating';
import { UNWEIGHED_VOTES_NOTE, weighedVotesText, type FairScore } from '@/domain/score-quality';
import { ClosableDialogTitle } from '@/components/closable-dialog-title';

/** The scale the range bar spans: the fewest hearts to the most (1 to 10 as shown). */
const SCALE_LOW = RATING_MIN;
const SCALE_HIGH = 5;
const along = (value: number) => `${((value - SCALE_LOW) / (SCALE_HIGH - SCALE_LOW)) * 100}%`;

type Exposure =
  | { state: 'asking' }
  | { state: 'comparing'; count: number; until: Date | null }
  | { state: 'failed'; message: string };

interface Props {
  /** The member's active photos, two or more. */
  photos: Photo[];
  onClose: () => void;
}

export function CompareDialog({ photos, onClose }: Props) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  // The site's average the fair scores weigh against, as the server tells it for one of the photos.
  const standing = usePhotoStanding(photos[0]);
  const [exposure, setExposure] = useState<Exposure>({ state: 'asking' });
  // Asked once per opening, for the photos shown when it opened.
  const [photoIds] = useState(() => photos.map((photo) => photo.id));

  useEffect(() => {
    let current = true;
    call('startComparing', { photoIds }).then(
      (result) => {
        if (current)
          setExposure({
            state: 'comparing',
            count: result.comparing.length,
            until: result.comparingUntil ? new Date(result.comparingUntil) : null,
          });
      },
      (failure: unknown) => {
        if (current)
          setExposure({
            state: 'failed',
            message: failure instanceof Error ? failure.message : String(failure),
          });
      },
    );
    return () => {
      current = false;
    };
  }, [photoIds]);

  const comparison = standing ? comparePhotos(photos, standing.siteAverage) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="lg"
      aria-labelledby="compare-title"
    >
      <ClosableDialogTitle id="compare-title" onClose={onClose}>
        Compare your photos
      </ClosableDialogTitle>
      {/* Focusable, so it scrolls by keyboard: nothing in it takes focus otherwise. */}
      <DialogContent dividers tabIndex={0}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Ranked by fair score: each voter&apos;s habit of rating high or low is taken out. The bar is the
          range the score is 90% sure to lie in; it narrows as votes arrive.
        </Typography>
        <ExposureNotice exposure={exposure} />
        {!comparison ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the scores" />
          </Box>
        ) : (
          <Stack spacing={3}>
            {comparison.ranked.length > 0 && (
              <Box component="section" aria-labelledby="compare-ranked">
                <Typography id="compare-ranked" variant="h6" component="h3" sx={{ mb: 1 }}>
                  Ranked
                </Typography>
                <PhotoGrid>
                  {comparison.ranked.map(({ photo, fair, rank }) => (
                    <ComparedPhoto key={photo.id} photo={photo} label={`Photo ${rank}`}>
                      <RangeBar fair={fair} votesCount={photo.votesCount} />
                    </ComparedPhoto>
                  ))}
                </PhotoGrid>
                {comparison.verdicts.length > 0 && (
                  <Box component="ol" aria-label="Verdicts" sx={{ mt: 2, mb: 0, pl: 3 }}>
                    {comparison.verdicts.map((verdict, index) => (
                      <Typography
                        key={comparison.ranked[index]!.photo.id}
                        component="li"
                        sx={{ fontWeight: verdict.kind === 'better' ? 700 : 400 }}
                      >
                        {verdictText(verdict, index + 1, index + 2)}
                      </Typography>
                    ))}
                  </Box>
                )}
              </Box>
            )}
            {comparison.tooFew.length > 0 && (
              <Box component="section" aria-labelledby="compare-too-few">
                <Typography id="compare-too-few" variant="h6" component="h3" sx={{ mb: 1 }}>
                  Not ranked yet
                </Typography>
                <PhotoGrid>
                  {comparison.tooFew.map((photo, index) => (
                    <ComparedPhoto
                      key={photo.id}
                      photo={photo}
                      label={photo.caption || `Unranked photo ${index + 1}`}
                    >
                      <Typography variant="body2" color="text.secondary">
                        {COMPARE_TEXT.tooFew(tallyOf(photo).qualityVotes, photo.votesCount)}
                      </Typography>
                    </ComparedPhoto>
                  ))}
                </PhotoGrid>
              </Box>
            )}
            {[...comparison.ranked.map(({ photo }) => photo), ...comparison.tooFew].some(
              (photo) => tallyOf(photo).qualityVotes < photo.votesCount,
            ) && (
              <Typography variant="body2" color="text.secondary">
                {UNWEIGHED_VOTES_NOTE}
              </Typography>
            )}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}

function ExposureNotice({ exposure }: { exposure: Exposure }) {
  if (exposure.state === 'asking') return null;
  if (exposure.state === 'failed')
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {exposure.message}
      </Alert>
    );
  if (exposure.count === 0 || !exposure.until)
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        No photo needs more votes to settle its place.
      </Alert>
    );
  const until = exposure.until.toLocaleString(undefined, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {exposure.count === 1
        ? 'The photo that needs votes is'
        : `The ${exposure.count} photos that need votes are`}{' '}
      shown first in the rating feed until {until}, so the verdicts arrive sooner.
    </Alert>
  );
}

/** Side by side: two a row on phones, up to four on wider screens. */
function PhotoGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
      }}
    >
      {children}
    </Box>
  );
}

function ComparedPhoto({ photo, label, children }: { photo: Photo; label: string; children: ReactNode }) {
  const caption = photo.caption && photo.caption !== label ? photo.caption : null;
  return (
    <Card component="article" aria-label={caption ? `${label}: ${caption}` : label} variant="outlined">
      <DisplayImage
        src={photo.imageUrl}
        fallbackSrc={photo.originalUrl}
        alt={caption ?? label}
        sx={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover', display: 'block' }}
      />
      <Box sx={{ p: 1.5 }}>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {label}
        </Typography>
        {caption && (
          <Typography variant="body2" color="text.secondary" noWrap title={caption}>
            {caption}
          </Typography>
        )}
        <Box sx={{ mt: 1 }}>{children}</Box>
      </Box>
    </Card>
  );
}

/** The fair score and its 90% range on the ten-point scale, drawn and said. */
function RangeBar({ fair, votesCount }: { fair: FairScore; votesCount: number }) {
  const said = `Fair score ${formatScore(fair.score)}, 90% sure between ${tenPointScore(fair.low)} and ${tenPointScore(fair.high)}`;
  return (
    <>
      <Typography variant="body2">
        Fair score <strong>{formatScore(fair.score)}</strong>
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {formatScoreRange(fair.low, fair.high)} · {weighedVotesText(fair.votes, votesCount)}
      </Typography>
      <Box
        role="img"
        aria-label={said}
        sx={{ position: 'relative', height: 12, mt: 0.5, borderRadius: 6, bgcolor: 'action.hover' }}
      >
        <Box
          sx={{
            position: 'absolute',
            top: 2,
            bottom: 2,
            left: along(fair.low),
            width: `calc(${along(fair.high)} - ${along(fair.low)})`,
            borderRadius: 4,
            bgcolor: 'primary.main',
            opacity: 0.45,
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            bottom: 0,
            left: `calc(${along(fair.score)} - 2px)`,
            width: 4,
            borderRadius: 2,
            bgcolor: 'primary.main',
          }}
        />
      </Box>
    </>
  );
}
