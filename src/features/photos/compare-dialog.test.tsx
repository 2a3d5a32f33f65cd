import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import type { Photo } from '@/domain/photo';
import { EMPTY_TALLY, tallyVote, UNWEIGHED_VOTES_NOTE, type QualityTally } from '@/domain/score-quality';
import type { PhotoStanding } from '@/domain/photo-standing';
import { aPhoto, renderApp } from '@/testing/test-utils';
import { CompareDialog } from './compare-dialog';

const site = vi.hoisted(() => ({ standing: undefined as PhotoStanding | undefined, asked: [] as string[] }));
vi.mock('@/data/use-photo-standing', () => ({
  usePhotoStanding: (photo: { id: string } | undefined) => {
    if (photo) site.asked.push(photo.id);
    return site.standing;
  },
}));
const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const newcomer = { votesGiven: 0, ratesGivenSum: 0, ratesGivenSquares: 0 };
/** `count` votes alternating between two rates, as the vote path tallies them. */
function votes(count: number, low: number, high: number): QualityTally & { votesCount: number } {
  const tally = Array.from({ length: count }, (_, n) => (n % 2 === 0 ? low : high)).reduce(
    (sum, rate) => tallyVote(sum, { rate, viewingTimeSeconds: 5 }, newcomer, 3),
    EMPTY_TALLY,
  );
  return { ...tally, votesCount: count };
}

const photos: Photo[] = [
  aPhoto('beach', { caption: 'Beach', ...votes(10, 2.5, 4.5) }),
  aPhoto('office', { caption: 'Office', ...votes(60, 4.5, 5) }),
  aPhoto('park', { caption: 'Park', ...votes(10, 3, 5) }),
  aPhoto('new', { caption: 'Brand new', ...votes(2, 4, 5) }),
];

beforeEach(() => {
  vi.clearAllMocks();
  site.standing = { topPercent: null, peer: null, siteAverage: 3 };
  site.asked = [];
});

describe('Compare', () => {
  it('ranks by fair score with each range drawn, says the verdicts between neighbours and labels too few votes', async () => {
    callables.call.mockResolvedValue({ comparing: [], comparingUntil: null });
    renderApp(<CompareDialog photos={photos} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Compare your photos' });
    const ranked = within(dialog).getByRole('region', { name: 'Ranked' });
    expect(
      within(ranked)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Photo 1: Office', 'Photo 2: Park', 'Photo 3: Beach']);
    const first = within(ranked).getByRole('article', { name: 'Photo 1: Office' });
    expect(
      within(first).getByRole('img', {
        name: /^Fair score 9\.\d\/10 · Absolutely Stunning!, 90% sure between [89]\.\d and [89]\.\d$/,
      }),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent(/[89]\.\d to [89]\.\d · all 60 votes/);
    expect(within(dialog).getByRole('list', { name: 'Verdicts' })).toHaveTextContent(
      'Photo 1 is very likely better than photo 2',
    );
    expect(within(dialog).getAllByRole('listitem')[1]).toHaveTextContent(
      /^Photo 2 and photo 3 are too close to call yet: about \d+ more votes would tell$/,
    );
    const unranked = within(dialog).getByRole('region', { name: 'Not ranked yet' });
    expect(within(unranked).getByRole('article', { name: 'Brand new' })).toHaveTextContent(
      'Too few votes to rank yet: 2 of 5 weighed',
    );
    // Every vote here was weighed: nothing to explain.
    expect(within(dialog).queryByText(UNWEIGHED_VOTES_NOTE)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByText('No photo needs more votes to settle its place.')).toBeInTheDocument(),
    );
    // The site's average comes from the server with one of the photos' standing, not from the shards.
    expect(new Set(site.asked)).toEqual(new Set(['beach']));
  });

  it('counts the votes the photo shows beside the weighed ones, and says which are not weighed', async () => {
    callables.call.mockResolvedValue({ comparing: [], comparingUntil: null });
    // One member's vote and seven the Photorater team added: My Photos shows 8 votes.
    const seeded = aPhoto('seeded', { caption: 'Seeded', ...votes(1, 4, 4), votesCount: 8 });
    renderApp(<CompareDialog photos={[photos[0]!, seeded]} onClose={() => undefined} />);
    const unranked = await screen.findByRole('region', { name: 'Not ranked yet' });
    expect(within(unranked).getByRole('article', { name: 'Seeded' })).toHaveTextContent(
      'Too few votes to rank yet: 1 of 5 weighed (8 votes in all)',
    );
    expect(screen.getByText(UNWEIGHED_VOTES_NOTE)).toBeInTheDocument();
  });

  it('asks the feed for the votes the photos need, once, and says until when', async () => {
    callables.call.mockResolvedValue({
      comparing: ['park', 'beach', 'new'],
      comparingUntil: '2026-11-23T10:00:00Z',
    });
    renderApp(<CompareDialog photos={photos} onClose={() => undefined} />);
    await screen.findByText(/The 3 photos that need votes are shown first in the rating feed until/);
    expect(callables.call).toHaveBeenCalledTimes(1);
    expect(callables.call).toHaveBeenCalledWith('startComparing', {
      photoIds: ['beach', 'office', 'park', 'new'],
    });
  });

  it('still compares when the feed cannot be asked, and says why', async () => {
    callables.call.mockRejectedValue(
      new CallError('resource-exhausted', "You're going too fast. Please wait a moment and try again."),
    );
    renderApp(<CompareDialog photos={photos} onClose={() => undefined} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("You're going too fast.");
    expect(screen.getByRole('region', { name: 'Ranked' })).toBeInTheDocument();
  });

  it('waits for the site average before ranking, and closes from its button', async () => {
    site.standing = undefined;
    callables.call.mockResolvedValue({ comparing: [], comparingUntil: null });
    const onClose = vi.fn();
    const { user } = renderApp(<CompareDialog photos={photos} onClose={onClose} />);
    expect(screen.getByRole('progressbar', { name: 'Loading the scores' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ranked' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
