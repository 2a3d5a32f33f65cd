import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PhotoStanding } from '@/domain/photo-standing';
import { aPhoto, renderApp } from '@/testing/test-utils';
import { PhotoDetailDialog } from './photo-detail-dialog';

const server = vi.hoisted(() => ({ standings: {} as Record<string, PhotoStanding>, asked: [] as string[] }));
vi.mock('@/data/use-photo-standing', () => ({
  usePhotoStanding: (photo: { id: string } | undefined) => {
    if (photo) server.asked.push(photo.id);
    return photo ? server.standings[photo.id] : undefined;
  },
}));
vi.mock('@/data/use-comments', () => ({ useComments: () => ({ comments: [], more: false, error: null }) }));

const handlers = {
  onClose: vi.fn(),
  onToggleActive: vi.fn(),
  onDelete: vi.fn(),
  onShare: vi.fn(),
  busy: false,
};

describe('the percentile among peers in the photo detail', () => {
  it("names the owner's group beside the spec's wording, from the photo's standing", async () => {
    server.standings.a = { topPercent: 20, peer: { group: 'female-25-34', topPercent: 10 }, siteAverage: 3 };
    const photo = aPhoto('a', { rate: 4.6, votesCount: 12, peerGroup: 'female-25-34' });
    renderApp(<PhotoDetailDialog photo={photo} photos={[photo]} {...handlers} />);
    expect(await screen.findByLabelText('Percentile among peers')).toHaveTextContent(
      'Among women 25 to 34: Incredible shot Your photo is in the top 10%!',
    );
    expect(server.asked).toContain('a');
  });

  it('says nothing without a place among peers (a group under 30 photos), under 3 votes, or before the answer', async () => {
    server.standings.b = { topPercent: 20, peer: null, siteAverage: 3 };
    const small = aPhoto('b', { rate: 4.6, votesCount: 12, peerGroup: 'male-45-up' });
    const { unmount } = renderApp(<PhotoDetailDialog photo={small} photos={[small]} {...handlers} />);
    // The score, where the percentile would be, is shown.
    await screen.findByRole('region', { name: 'Score' });
    expect(screen.queryByLabelText('Percentile among peers')).not.toBeInTheDocument();
    unmount();
    server.standings.c = { topPercent: 20, peer: { group: 'male-45-up', topPercent: 5 }, siteAverage: 3 };
    const early = aPhoto('c', { rate: 4.6, votesCount: 2, peerGroup: 'male-45-up' });
    const second = renderApp(<PhotoDetailDialog photo={early} photos={[early]} {...handlers} />);
    await screen.findByRole('region', { name: 'Score' });
    expect(screen.queryByLabelText('Percentile among peers')).not.toBeInTheDocument();
    second.unmount();
    const waiting = aPhoto('d', { rate: 4.6, votesCount: 12, peerGroup: 'male-45-up' });
    renderApp(<PhotoDetailDialog photo={waiting} photos={[waiting]} {...handlers} />);
    await screen.findByRole('region', { name: 'Score' });
    expect(screen.queryByLabelText('Percentile among peers')).not.toBeInTheDocument();
  });
});
