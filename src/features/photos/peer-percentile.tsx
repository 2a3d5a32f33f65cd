/**
 * The photo's place among photos of owners of the same gender and age bracket, beside the site-wide
 * one, in the spec's percentile wording with the group named; nothing until the group holds 30 photos
 * (the server gives no place among peers before then).
 */
import { Typography } from '@mui/material';
import { peerPercentile, type PeerStanding } from '@/domain/peer-stats';

export function PeerPercentile({
  votesCount,
  peer,
}: {
  votesCount: number;
  peer: PeerStanding | null | undefined;
}) {
  const text = peerPercentile(votesCount, peer);
  if (!text) return null;
  return (
    <Typography sx={{ mt: 0.5 }} aria-label="Percentile among peers">
      {[`Among ${text.group}:`, text.lead, text.line].filter(Boolean).join(' ')}
    </Typography>
  );
}
