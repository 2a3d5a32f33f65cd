import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_TITLE, type LeaderboardPhoto } from '@/domain/rating';
import { renderApp } from '@/testing/test-utils';
import { LeaderboardPage } from './leaderboard-page';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const entry = (id: string, rate: number): LeaderboardPhoto => ({
  id,
  userId: `owner-${id}`,
  imageUrl: `http://files.test/${id}.webp`,
  caption: `Caption ${id}`,
  rate,
  votesCount: 10,
});

beforeEach(() => vi.clearAllMocks());

describe('the leaderboard', () => {
  it('shows the places in order with the gold score on the ten-point scale and a crown for first', async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8), entry('b', 4.5), entry('c', 4.25)] });
    renderApp(<LeaderboardPage />);
    expect(screen.getByRole('heading', { name: LEADERBOARD_TITLE })).toBeInTheDocument();
    const first = await screen.findByRole('listitem', { name: 'Place 1' });
    expect(within(first).getByLabelText('Score 9.6')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Crown' })).toBeInTheDocument();
    const third = screen.getByRole('listitem', { name: 'Place 3' });
    expect(within(third).getByLabelText('Score 8.5')).toBeInTheDocument();
    expect(within(third).queryByRole('img', { name: 'Crown' })).not.toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getLeaderboard', {});
  });

  it('hides a photo whose image fails and opens the lightbox on click', async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8), entry('b', 4.5)] });
    const { user } = renderApp(<LeaderboardPage />);
    const broken = await screen.findByRole('img', { name: 'Caption a' });
    fireEvent.error(broken);
    expect(screen.queryByRole('img', { name: 'Caption a' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'View photo in place 1' }));
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeInTheDocument();
  });

  it('says what it takes when no photo qualifies yet', async () => {
    callables.call.mockResolvedValue({ photos: [] });
    renderApp(<LeaderboardPage />);
    expect(await screen.findByText(/needs at least 5/)).toBeInTheDocument();
  });
});
