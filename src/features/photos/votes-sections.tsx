/** The parts of the photo detail that come from votes: rating overview, tags, comments, Advanced Analytics. */
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { usePaymentOffers } from '@/components/payment-offers';
import { call, CallError } from '@/data/callables';
import { useComments } from '@/data/use-comments';
import { DAILY_LIMIT_MESSAGES } from '@/domain/daily-counter';
import type { Photo } from '@/domain/photo';
import { RATING_BUCKETS } from '@/domain/scores';
import type { AdvancedAnalytics } from '@/domain/vote';
import { ratingOverview, tagTotals } from '@/domain/vote-totals';
import { onDemand } from '@/lib/on-demand';
import { CommentThread } from './comment-thread';
import { DetailSection } from './detail-section';

const VoterAnalytics = onDemand(() => import('./voter-analytics').then((module) => module.VoterAnalytics));

const TAGS_SHOWN = 5;
/** Comments the detail shows at first, and how many more each Show more comments adds. */
export const COMMENTS_PAGE = 20;

export function VotesSections({ photo }: { photo: Photo }) {
  const [commentsShown, setCommentsShown] = useState(COMMENTS_PAGE);
  const { comments: watched, more, error } = useComments(photo.userId, photo.id, commentsShown);
  const [allTags, setAllTags] = useState(false);
  const [analytics, setAnalytics] = useState<AdvancedAnalytics | null>(null);
  const [analyticsError, setAnalyticsError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const { openCheckout } = usePaymentOffers();
  if (error) return <Typography color="error">{error.message}</Typography>;
  const buckets = ratingOverview(photo.voteTotals);
  const counted = RATING_BUCKETS.reduce((sum, bucket) => sum + buckets[bucket], 0);
  const tags = tagTotals(photo.voteTotals);
  const comments = watched ?? [];

  // The server counts a free member's daily view, and says when Premium is what it would take.
  const openAnalytics = async () => {
    setAnalyticsError(null);
    if (analytics) {
      setAnalytics(null);
      return;
    }
    setOpening(true);
    try {
      setAnalytics(await call('getAdvancedAnalytics', { photoId: photo.id }));
    } catch (failure) {
      if (failure instanceof CallError && failure.reason === 'premium')
        openCheckout({ type: 'subscription', reason: DAILY_LIMIT_MESSAGES.advancedAnalytics });
      else setAnalyticsError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setOpening(false);
    }
  };

  return (
    <Stack spacing={2.5}>
      <DetailSection title="Overview of ratings">
        <Typography variant="body2" color="text.secondary">
          Votes by score out of 10 (each heart is 2 points)
        </Typography>
        {RATING_BUCKETS.map((bucket) => (
          <Stack key={bucket} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ width: 40 }}>
              {bucket}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={counted ? (buckets[bucket] / counted) * 100 : 0}
              sx={{ flex: 1, height: 8, borderRadius: 1 }}
              aria-label={`${bucket}: ${buckets[bucket]} votes`}
            />
            <Typography variant="body2" sx={{ width: 24, textAlign: 'right' }}>
              {buckets[bucket]}
            </Typography>
          </Stack>
        ))}
      </DetailSection>
      <DetailSection title="Tags">
        {tags.length === 0 ? (
          <Typography color="text.secondary">Voters&apos; tags will show here.</Typography>
        ) : (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {(allTags ? tags : tags.slice(0, TAGS_SHOWN)).map(({ tag, count }) => (
              <Chip key={tag} label={`${tag} ${count}`} variant="outlined" />
            ))}
            {tags.length > TAGS_SHOWN && !allTags && (
              <Button size="small" onClick={() => setAllTags(true)}>
                Show all
              </Button>
            )}
          </Stack>
        )}
      </DetailSection>
      <DetailSection title="Comments">
        {comments.length === 0 ? (
          <Typography color="text.secondary">No comments yet.</Typography>
        ) : (
          <Box component="ul" sx={{ maxHeight: 360, overflowY: 'auto', m: 0, p: 0 }}>
            {comments.map((vote) => (
              <CommentThread
                key={vote.id}
                vote={vote}
                ownerId={photo.userId}
                photoId={photo.id}
                viewerId={photo.userId}
              />
            ))}
          </Box>
        )}
        {more && (
          <Button size="small" onClick={() => setCommentsShown((shown) => shown + COMMENTS_PAGE)}>
            Show more comments
          </Button>
        )}
      </DetailSection>
      <Box component="section" aria-label="Advanced Analytics">
        <Button
          variant={analytics ? 'contained' : 'outlined'}
          onClick={() => void openAnalytics()}
          disabled={opening}
        >
          Advanced Analytics
        </Button>
        {analyticsError && (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {analyticsError}
          </Typography>
        )}
        {analytics && (
          <Box sx={{ mt: 2 }}>
            <VoterAnalytics analytics={analytics} />
          </Box>
        )}
      </Box>
    </Stack>
  );
}
