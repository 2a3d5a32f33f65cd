import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { histogramBucket, type RateHistogram } from '@/domain/scores';
import { aPhoto, renderApp } from '@/testing/test-utils';
import { PhotoDetailDialog } from './photo-detail-dialog';

const peers = vi.hoisted(() => ({
  histograms: {} as Record<string, RateHistogram>,
  watched: [] as unknown[],
}));
vi.mock('@/data/use-peer-stats', () => ({
  usePeerStats: (group: string | undefined) => {
    peers.watched.push(group);
    return group ? peers.histograms[group] : undefined;
  },
}));
vi.mock('@/data/use-site-stats', () => ({ useSiteStats: () => undefined }));
vi.mock('@/data/use-votes', () => ({ useVotes: () => ({ votes: [], error: null }) }));

const handlers = {
  onClose: vi.fn(),
  onToggleActive: vi.fn(),
  onDelete: vi.fn(),
  onShare: vi.fn(),
  busy: false,
};

describe('the percentile among peers in the photo detail', () => {
  it("names the owner's group beside the spec's wording once the group holds 30 photos", () => {
    // 40 photos in the group: 4 at 4.6 or better, this one among them.
    peers.histograms['female-25-34'] = { [histogramBucket(4.6)]: 4, [histogramBucket(3)]: 36 };
    const photo = aPhoto('a', { rate: 4.6, votesCount: 12, peerGroup: 'female-25-34' });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    expect(screen.getByLabelText('Percentile among peers')).toHaveTextContent(
      'Among women 25 to 34: Incredible shot Your photo is in top 10% percentile!',
    );
  });

  it('says nothing for a group of fewer than 30 photos, or a photo counted in none yet', () => {
    peers.histograms['male-45-up'] = { [histogramBucket(4.6)]: 4, [histogramBucket(3)]: 25 };
    const small = aPhoto('a', { rate: 4.6, votesCount: 12, peerGroup: 'male-45-up' });
    const { unmount } = renderApp(<PhotoDetailDialog photo={small} photos={[small]} {...handlers} />);
    expect(screen.queryByLabelText('Percentile among peers')).not.toBeInTheDocument();
    unmount();
    peers.watched = [];
    const unrated = aPhoto('b');
    renderApp(<PhotoDetailDialog photo={unrated} photos={[unrated]} {...handlers} />);
    expect(screen.queryByLabelText('Percentile among peers')).not.toBeInTheDocument();
    expect(peers.watched.every((group) => group === undefined)).toBe(true);
  });
});
