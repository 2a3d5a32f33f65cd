import { Box, Typography } from '@mui/material';
import { BLOG_MESSAGES } from '@/domain/articles';

/** The blog with nothing to show, and what an article that fails to load shows (spec 2 section 8). */
export function BlogEmpty() {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom>
        {BLOG_MESSAGES.empty}
      </Typography>
      <Typography color="text.secondary">{BLOG_MESSAGES.emptyHint}</Typography>
    </Box>
  );
}
