/**
 * The owner's thumb up or down on the AI insights (the spec's `aiReaction`): pressing the chosen one
 * again takes it back. Admins see the counts, so the insights can be judged.
 */
import ThumbDownOutlinedIcon from '@mui/icons-material/ThumbDownOutlined';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import { Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import type { AiReaction } from '@/domain/photo';

export function InsightsReaction({ photoId, reaction }: { photoId: string; reaction: AiReaction | null }) {
  const toast = useToast();
  // Shown at once; the record's own copy follows through the live photo.
  const [shown, setShown] = useState<AiReaction | null>(reaction);
  const choose = async (next: AiReaction | null) => {
    const before = shown;
    setShown(next);
    try {
      await call('reactToInsights', { photoId, reaction: next });
    } catch (error) {
      setShown(before);
      toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" id={`insights-reaction-${photoId}`}>
        Were these insights right about you?
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={shown}
        onChange={(_event, next: AiReaction | null) => void choose(next)}
        aria-labelledby={`insights-reaction-${photoId}`}
      >
        <ToggleButton value="like" aria-label="Like the insights">
          <ThumbUpOutlinedIcon fontSize="small" />
        </ToggleButton>
        <ToggleButton value="dislike" aria-label="Dislike the insights">
          <ThumbDownOutlinedIcon fontSize="small" />
        </ToggleButton>
      </ToggleButtonGroup>
    </Stack>
  );
}
