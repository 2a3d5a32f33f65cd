/** The parts of the photo detail that come from votes: rating overview, tags, comments, Advanced Analytics. */
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useVotes } from '@/data/use-votes';
import { countUse, mayOpenAdvancedAnalytics, usedToday } from '@/domain/daily-counter';
import type { Photo } from '@/domain/photo';
import { ratingBuckets, RATING_BUCKETS } from '@/domain/scores';
import { tagCounts } from '@/domain/vote';
import { onDemand } from '@/lib/on-demand';
import { storageKeys } from '@/lib/storage';
import { CommentThread } from './comment-thread';
import { DetailSection } from './detail-section';

const VoterAnalytics = onDemand(() => import('./voter-analytics').then((module) => module.VoterAnalytics));
const SubscriptionDialog = onDemand(() =>
  import('./subscription-dialog').then((module) => module.SubscriptionDialog),
);

const TAGS_SHOWN = 5;

export function VotesSections({ photo, subscribed }: { photo: Photo; subscribed: boolean }) {
  const { votes, error } = useVotes(photo.userId, photo.id);
  const [allTags, setAllTags] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [offer, setOffer] = useState(false);
  if (error) return <Typography color="error">{error.message}</Typography>;
  const list = votes ?? [];
  const buckets = ratingBuckets(list.map((vote) => vote.rate));
  const tags = tagCounts(list);
  const comments = list.filter((vote) => vote.comment.trim());

  const openAnalytics = () => {
    if (analytics) {
      setAnalytics(false);
      return;
    }
    const now = new Date();
    if (!mayOpenAdvancedAnalytics(subscribed, usedToday(localStorage, storageKeys.analyticsViews, now))) {
      setOffer(true);
      return;
    }
    if (!subscribed) countUse(localStorage, storageKeys.analyticsViews, now);
    setAnalytics(true);
  };

  return (
    <Stack spacing={2.5}>
      <DetailSection title="Overview of ratings">
        {RATING_BUCKETS.map((bucket) => (
          <Stack key={bucket} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ width: 40 }}>
              {bucket}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={list.length ? (buckets[bucket] / list.length) * 100 : 0}
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
      </DetailSection>
      <Box component="section" aria-label="Advanced Analytics">
        <Button variant={analytics ? 'contained' : 'outlined'} onClick={openAnalytics}>
          Advanced Analytics
        </Button>
        {analytics && (
          <Box sx={{ mt: 2 }}>
            <VoterAnalytics votes={list} />
          </Box>
        )}
      </Box>
      {offer && (
        <SubscriptionDialog
          reason="You have used today's free Advanced Analytics view. Premium members see it on every photo, every day."
          onClose={() => setOffer(false)}
        />
      )}
    </Stack>
  );
}
