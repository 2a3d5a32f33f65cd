/**
 * The owner's view of one photo, live: score, verdict, votes, badges, percentile and viewing time,
 * AI insights, the face analysis on the back of the photo, the lightbox, the active switch and delete.
 * Comments, tags and voter analytics fill in as votes arrive.
 */
import { DisplayImage } from '@/components/display-image';
import { Lightbox } from '@/components/lightbox';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogContent,
  Divider,
  Grid,
  Stack,
  Switch,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { DetailSection } from './detail-section';
import { VotesSections } from './votes-sections';
import { canShare, leaderboardBadge, type AiInsights, type FaceDetail, type Photo } from '@/domain/photo';
import { PHOTO_MESSAGES } from '@/domain/limits';
import {
  FAIR_SCORE_MIN_VOTES,
  fairScore,
  fairScorePendingText,
  UNWEIGHED_VOTES_NOTE,
  weighedVotesText,
} from '@/domain/score-quality';
import {
  formatScore,
  percentileText,
  rateColor,
  scoreParts,
  tenPointScore,
  viewingTimeMessages,
} from '@/domain/scores';
import { usePhotoStanding } from '@/data/use-photo-standing';
import { InsightsReaction } from './insights-reaction';
import { PeerPercentile } from './peer-percentile';
import { ClosableDialogTitle } from '@/components/closable-dialog-title';
import { useFirstPaintDone } from '@/lib/use-first-paint-done';
import { useDetailSnapshot } from '@/lib/use-detail-snapshot';

interface Props {
  photo: Photo;
  photos: Photo[];
  busy: boolean;
  onShare: () => void;
  onClose: () => void;
  onToggleActive: (active: boolean) => void;
  onDelete: () => void;
  /** The member whose device keeps the detail's look for its next start (src/lib/use-detail-snapshot.ts). */
  keptFor?: string;
}

function InsightsPanel({ insights }: { insights: AiInsights }) {
  return (
    <Stack spacing={1.5}>
      <Typography>{insights.photoVibe}</Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {insights.personalityTraits.slice(0, 4).map((trait) => (
          <Chip key={trait} label={trait} color="secondary" variant="outlined" />
        ))}
      </Stack>
      {insights.celebrityLookAlikes.length > 0 && (
        <Typography>Looks like: {insights.celebrityLookAlikes.slice(0, 3).join(', ')}</Typography>
      )}
      {insights.funFacts.length > 0 && (
        <Box>
          <Typography>Fun facts</Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }} aria-label="Fun facts">
            {insights.funFacts.map((fact) => (
              <li key={fact}>
                <Typography variant="body2">{fact}</Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
      <Typography>
        Zodiac vibe: <strong>{insights.zodiacVibes.primarySign}</strong>. {insights.zodiacVibes.reason} Best
        match: {insights.zodiacVibes.compatibility}.
      </Typography>
      <Box>
        <Typography>Swipeability: {insights.datingAppOptimization.swipeability}</Typography>
        {insights.datingAppOptimization.strengths.length > 0 && (
          <Typography variant="body2" color="text.secondary">
            Strengths: {insights.datingAppOptimization.strengths.join(', ')}
          </Typography>
        )}
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {insights.datingAppOptimization.suggestions.map((suggestion) => (
            <li key={suggestion}>
              <Typography variant="body2">{suggestion}</Typography>
            </li>
          ))}
        </Box>
      </Box>
      <Typography>
        Aura {insights.mysticalReadings.aura}, element {insights.mysticalReadings.element}, spirit animal{' '}
        {insights.mysticalReadings.spirit_animal}.
      </Typography>
      <Typography>
        Style: {insights.styleAnalysis.vibe}; standout: {insights.styleAnalysis.standoutFeature}; colours:{' '}
        {insights.styleAnalysis.colors.join(', ')}.
      </Typography>
      <Typography>
        Emotion: {insights.emotions.primary}, {insights.emotions.energy.toLowerCase()}.
      </Typography>
    </Stack>
  );
}

/**
 * What the face models measure (age, gender, expressions, landmarks) and what the pixels show. No
 * beard: the models have none, and the stored guess from skin tones was wrong too often to show.
 */
function FaceAnalysis({ detail }: { detail: FaceDetail }) {
  const rows: Array<[string, string]> = [
    ['Age range', `${detail.AgeRange.Low}-${detail.AgeRange.High}`],
    ['Gender', `${detail.Gender.Value} (${Math.round(detail.Gender.Confidence)}%)`],
    ['Smile', `${detail.Smile.Value ? 'Yes' : 'No'} (${Math.round(detail.Smile.Confidence)}%)`],
    [
      'Emotion',
      detail.Emotions.slice(0, 2)
        .map((emotion) => `${emotion.Type.toLowerCase()} ${Math.round(emotion.Confidence)}%`)
        .join(', '),
    ],
    ['Head tilt', `${detail.Pose.Roll.toFixed(0)}°`],
    ['Brightness', `${Math.round(detail.Quality.Brightness)}/100`],
    ['Sharpness', `${Math.round(detail.Quality.Sharpness)}/100`],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const NO_FADE_IN = {
  transition: { appear: false },
  backdrop: { slotProps: { transition: { appear: false } } },
} as const;

/** The photo column's width: the whole dialog on phones and small tablets, 5 of its 12 columns from 900 pixels. */
const DETAIL_PHOTO_SIZES = '(min-width: 900px) 340px, 100vw';

/** The AI's words and what the votes say, under the score. */
function LowerPart({ photo }: { photo: Photo }) {
  return (
    <>
      <Divider />
      <DetailSection title="AI Insights">
        {photo.aiInsights ? (
          <Stack spacing={1.5}>
            <InsightsPanel insights={photo.aiInsights} />
            <InsightsReaction photoId={photo.id} reaction={photo.aiReaction ?? null} />
          </Stack>
        ) : (
          <Typography color="text.secondary">Your AI insights are on their way…</Typography>
        )}
      </DetailSection>
      {photo.genComments && photo.genComments.length > 0 && (
        <DetailSection title="AI comments">
          <Box component="ul" aria-label="AI comments" sx={{ m: 0, pl: 3 }}>
            {photo.genComments.map((comment, index) => (
              <Typography key={index} component="li" variant="body2">
                {comment}
              </Typography>
            ))}
          </Box>
        </DetailSection>
      )}
      <VotesSections photo={photo} />
    </>
  );
}

export function PhotoDetailDialog({
  photo,
  photos,
  busy,
  onShare,
  onClose,
  onToggleActive,
  onDelete,
  keptFor,
}: Props) {
  const theme = useTheme();
  // Read at once rather than after a first render that would lay the dialog out at the wrong size.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const restShown = useFirstPaintDone();
  const [flipped, setFlipped] = useState(false);
  const [viewing, setViewing] = useState(false);
  const [photoCard, setPhotoCard] = useState<HTMLDivElement | null>(null);
  useDetailSnapshot(photoCard, keptFor, fullScreen && !(flipped && photo.faceDetail), photo.id);
  const badge = leaderboardBadge(photo);
  const rated = photo.votesCount > 0;
  const standing = usePhotoStanding(photo);
  const percentile = percentileText(photo.votesCount, standing?.topPercent ?? null);
  const fair = standing ? fairScore(photo, standing.siteAverage) : null;
  const weighed = photo.qualityVotes ?? 0;
  const score = rated ? scoreParts(photo.rate) : null;
  const timeMessages = viewingTimeMessages(photo.averageViewingTimeSeconds, photo.totalViewingTimeSeconds);
  const label = photo.caption || 'Photo';
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="photo-detail-title"
      // Shown at once rather than faded in: a fade starts by laying the whole page out in the tap's task
      // (MUI's reflow), and the dialog would only be fully there 225 ms later.
      slotProps={NO_FADE_IN}
      // Full-screen, it covers the page, so there is nothing to keep from scrolling: locking it measures the
      // page's scrollbar, laying all of My Photos out inside the tap's task.
      disableScrollLock={fullScreen}
    >
      <ClosableDialogTitle id="photo-detail-title" onClose={onClose}>
        {label}
      </ClosableDialogTitle>
      <DialogContent dividers>
        <Grid container spacing={3}>
          {/* Side by side, the photo stays in view while its numbers and comments scroll beside it. */}
          <Grid
            size={{ xs: 12, md: 5 }}
            sx={{ position: { md: 'sticky' }, top: { md: 0 }, alignSelf: { md: 'flex-start' } }}
          >
            <Card ref={setPhotoCard}>
              {flipped && photo.faceDetail ? (
                <Box sx={{ p: 2, aspectRatio: '3 / 4' }} aria-label="Face analysis">
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                    Face analysis
                  </Typography>
                  <FaceAnalysis detail={photo.faceDetail} />
                </Box>
              ) : (
                <CardActionArea onClick={() => setViewing(true)} aria-label="View full screen">
                  <DisplayImage
                    src={photo.imageUrl}
                    fallbackSrc={photo.originalUrl}
                    smallSrc={photo.smallImageUrl}
                    sizes={DETAIL_PHOTO_SIZES}
                    width={photo.imageWidth}
                    height={photo.imageHeight}
                    alt={label}
                    sx={{ width: '100%', aspectRatio: '3 / 4', objectFit: 'cover', display: 'block' }}
                  />
                </CardActionArea>
              )}
            </Card>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 1, justifyContent: 'space-between', alignItems: 'center' }}
            >
              <Button size="small" onClick={() => setFlipped(!flipped)} disabled={!photo.faceDetail}>
                {flipped ? 'Show photo' : 'Face analysis'}
              </Button>
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Switch
                  checked={photo.active}
                  disabled={busy || Boolean(photo.error)}
                  onChange={(event) => onToggleActive(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Active' } }}
                />
                <Typography variant="body2" aria-hidden>
                  Active
                </Typography>
              </Box>
              <Button
                size="small"
                onClick={onShare}
                disabled={!canShare(photo)}
                title="Share needs an active photo with a vote"
              >
                Share
              </Button>
              <Button size="small" color="error" onClick={onDelete} disabled={busy}>
                Delete
              </Button>
            </Stack>
          </Grid>
          {/* The photo and its controls first: a dialog's content renders in one piece (its portal mounts
              in a layout effect); the score and all under it once they are painted, in slices. */}
          {restShown && (
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={2.5}>
                <Box aria-label="Score" component="section">
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
                    <Typography
                      variant="h3"
                      component="p"
                      color={rated ? rateColor(photo.rate) : 'text.secondary'}
                    >
                      {score ? score.score : '–'}
                      {score && (
                        <Typography component="span" variant="h6" color="text.secondary">
                          /10
                        </Typography>
                      )}
                    </Typography>
                    <Box>
                      <Typography variant="h6" component="p">
                        {score ? score.verdict : 'No ratings yet'}
                      </Typography>
                      <Typography color="text.secondary">
                        {photo.votesCount} {photo.votesCount === 1 ? 'vote' : 'votes'}
                      </Typography>
                    </Box>
                    {badge && <Chip label={badge} sx={{ bgcolor: 'gold', color: 'black' }} />}
                  </Stack>
                  {!rated && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {photo.active ? PHOTO_MESSAGES.firstVotes : 'Turn it on to send it to the rating feed.'}
                    </Typography>
                  )}
                  {rated && standing && (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{ mt: 1 }}
                      aria-label="Fair score"
                      title={UNWEIGHED_VOTES_NOTE}
                    >
                      {/* Below 5 weighed votes the site's average it starts from outweighs them: none shown. */}
                      {fair && fair.votes >= FAIR_SCORE_MIN_VOTES
                        ? `Fair score ${formatScore(fair.score)} (90% sure between ${tenPointScore(fair.low)} and ${tenPointScore(fair.high)}), weighing each voter's habits, from ${weighedVotesText(fair.votes, photo.votesCount)}`
                        : fairScorePendingText(weighed, photo.votesCount)}
                      {weighed < photo.votesCount && ` ${UNWEIGHED_VOTES_NOTE}`}
                    </Typography>
                  )}
                  {percentile && (
                    <Typography sx={{ mt: 1 }}>
                      {percentile.lead} {percentile.line}
                    </Typography>
                  )}
                  <PeerPercentile votesCount={photo.votesCount} peer={standing?.peer} />
                  {timeMessages.map((message) => (
                    <Typography key={message} sx={{ mt: 0.5 }}>
                      {message}
                    </Typography>
                  ))}
                </Box>
                {photo.error && (
                  <Alert severity="error">
                    {photo.error}. Please remove this photo and upload another one.
                  </Alert>
                )}
                <LowerPart photo={photo} />
              </Stack>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      {viewing && <Lightbox photos={photos} startId={photo.id} onClose={() => setViewing(false)} />}
    </Dialog>
  );
}
