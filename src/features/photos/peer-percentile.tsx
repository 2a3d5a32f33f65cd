/**
 * The photo's place among photos of owners of the same gender and age bracket, beside the site-wide
 * one, in the spec's percentile wording with the group named; nothing until the group holds 30 photos.
 */
import { Typography } from '@mui/material';
import { usePeerStats } from '@/data/use-peer-stats';
import { peerPercentile } from '@/domain/peer-stats';
import type { Photo } from '@/domain/photo';

export function PeerPercentile({ photo }: { photo: Pick<Photo, 'rate' | 'votesCount' | 'peerGroup'> }) {
  const histogram = usePeerStats(photo.peerGroup);
  const peer = peerPercentile(photo, histogram);
  if (!peer) return null;
  return (
    <Typography sx={{ mt: 0.5 }} aria-label="Percentile among peers">
      {[`Among ${peer.group}:`, peer.lead, peer.line].filter(Boolean).join(' ')}
    </Typography>
  );
}
