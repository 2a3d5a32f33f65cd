/** Beside Analytics: how owners judged their photos' AI insights, likes against dislikes. */
import { Paper, Typography } from '@mui/material';
import { call } from '@/data/callables';
import type { InsightsReactions } from '@/domain/photo';
import { useAdminList } from './admin-reads';

const readReactions = () => call('adminInsightsReactions', {}).then((counts) => [counts]);

/** The share of reactions that liked the insights, as a whole percentage; none before any reaction. */
export function likedShare({ like, dislike }: InsightsReactions): string {
  const all = like + dislike;
  return all === 0 ? 'no reactions yet' : `${Math.round((like / all) * 100)}% liked`;
}

export function InsightsReactionsCard() {
  const { rows } = useAdminList(readReactions);
  const counts = rows?.[0];
  return (
    <Paper component="section" aria-label="AI insights reactions" sx={{ p: 2, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        AI insights, as owners judged them
      </Typography>
      <Typography>
        {counts ? `👍 ${counts.like} · 👎 ${counts.dislike} (${likedShare(counts)})` : 'Loading…'}
      </Typography>
    </Paper>
  );
}
