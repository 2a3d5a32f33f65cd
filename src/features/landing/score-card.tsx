/** A score card as the photo detail shows one: score and verdict, percentile and fair score (illustrative figures). */
import { Box, Typography } from '@mui/material';
import { formatScore, formatScoreRange, scoreParts } from '@/domain/scores';
import { EXAMPLE_SCORES } from './landing-copy';

const { rate, topPercent, fair, fairLow, fairHigh } = EXAMPLE_SCORES;
const better = 100 - topPercent;

export function ScoreCard() {
  const score = scoreParts(rate);
  const fairText = `Fair score ${formatScore(fair)} (${formatScoreRange(fairLow, fairHigh)})`;
  return (
    <Box
      role="img"
      aria-label={`Example score card: score ${formatScore(rate)}, better than ${better}% of photos, ${fairText.toLowerCase()}`}
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        borderRadius: 3,
        boxShadow: 3,
        p: 2,
        width: 230,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Your score
      </Typography>
      <Typography
        component="p"
        sx={{ fontSize: 36, fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}
      >
        {score.score}
        <Typography component="span" sx={{ fontSize: 18, fontWeight: 600, color: 'text.secondary' }}>
          /10
        </Typography>
      </Typography>
      <Typography sx={{ fontWeight: 600, color: 'primary.main' }}>{score.verdict}</Typography>
      <Typography variant="body2">Better than {better}% of photos</Typography>
      <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', my: 1, overflow: 'hidden' }}>
        <Box sx={{ width: `${better}%`, height: '100%', bgcolor: 'primary.main' }} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {fairText}
      </Typography>
    </Box>
  );
}
