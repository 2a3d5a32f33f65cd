/** A score card as My Photos shows one: score, hearts, percentile and fair score (illustrative figures). */
import { Box, Typography } from '@mui/material';

const HEART =
  'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z';

export function ScoreCard() {
  return (
    <Box
      role="img"
      aria-label="Example score card: score 8.4, better than 86% of photos, fair score 8.1"
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
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography
          component="span"
          sx={{ fontSize: 36, fontWeight: 700, color: 'primary.main', lineHeight: 1.2 }}
        >
          8.4
        </Typography>
        <Box
          component="svg"
          viewBox="0 0 120 24"
          sx={{ width: 100, height: 20, color: 'primary.main' }}
          aria-hidden
        >
          {[0, 1, 2, 3, 4].map((n) => (
            <path
              key={n}
              d={HEART}
              transform={`translate(${n * 24} 0)`}
              fill="currentColor"
              opacity={n < 4 ? 1 : 0.35}
            />
          ))}
        </Box>
      </Box>
      <Typography variant="body2">Better than 86% of photos</Typography>
      <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'action.hover', my: 1, overflow: 'hidden' }}>
        <Box sx={{ width: '86%', height: '100%', bgcolor: 'primary.main' }} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Fair score 8.1 (7.6 to 8.6)
      </Typography>
    </Box>
  );
}
