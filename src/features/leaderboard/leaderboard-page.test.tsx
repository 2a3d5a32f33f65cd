import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_RULE, LEADERBOARD_TITLE, type LeaderboardPhoto } from '@/domain/rating';
import { aMember, renderApp } from '@/testing/test-utils';
import { keepOfflineCopy } from '@/data/offline-copy';
import { LeaderboardPage } from './leaderboard-page';
import { prefetchLeaderboard } from './leaderboard-prefetch';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const entry = (id: string, rate: number): LeaderboardPhoto => ({
  id,
  userId: `owner-${id}`,
  imageUrl: `http://files.test/${id}.webp`,
  originalUrl: `http://files.test/${id}.jpg`,
  smallImageUrl: `http://files.test/${id}_small.webp`,
  imageWidth: 720,
  imageHeight: 960,
  caption: `Caption ${id}`,
  rate,
  votesCount: 10,
});

const member = aMember({ complete: true, showGender: 'both' });

beforeEach(() => vi.clearAllMocks());

describe('the leaderboard', () => {
  it('shows the places in order with the gold score on the ten-point scale and a crown for first', async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8), entry('b', 4.5), entry('c', 4.25)] });
    renderApp(<LeaderboardPage user={member} />);
    expect(screen.getByRole('heading', { name: LEADERBOARD_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/resists luck/)).toHaveTextContent(LEADERBOARD_RULE);
    const first = await screen.findByRole('listitem', { name: 'Place 1' });
    expect(within(first).getByLabelText('Score 9.6/10 · Absolutely Stunning!')).toHaveTextContent(
      '9.6/10Absolutely Stunning!',
    );
    expect(within(first).getByRole('img', { name: 'Crown' })).toBeInTheDocument();
    const third = screen.getByRole('listitem', { name: 'Place 3' });
    expect(within(third).getByLabelText('Score 8.5/10 · Very Attractive')).toBeInTheDocument();
    expect(within(third).queryByRole('img', { name: 'Crown' })).not.toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('getLeaderboard', {});
  });

  it('shows the board asked for at boot without asking again', async () => {
    keepOfflineCopy(`user.${member.uid}`, member);
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8)] });
    prefetchLeaderboard(member.uid);
    renderApp(<LeaderboardPage user={member} />);
    expect(await screen.findByRole('listitem', { name: 'Place 1' })).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledTimes(1);
  });

  it('hides a photo whose image fails and opens the lightbox on click', async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8), entry('b', 4.5)] });
    const { user } = renderApp(<LeaderboardPage user={member} />);
    const broken = await screen.findByRole('img', { name: 'Caption a' });
    // The display image fails: the original stands in; only when that fails too is the photo hidden.
    fireEvent.error(broken);
    expect(broken).toHaveAttribute('src', 'http://files.test/a.jpg');
    fireEvent.error(broken);
    expect(screen.queryByRole('img', { name: 'Caption a' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'View photo in place 1' }));
    expect(screen.getByRole('dialog', { name: 'Photo viewer' })).toBeInTheDocument();
  });

  it('shows each photo from its small variant where the grid cell is small, its size reserved', async () => {
    callables.call.mockResolvedValue({
      photos: [
        entry('a', 4.8),
        { ...entry('old', 4.5), smallImageUrl: null, imageWidth: null, imageHeight: null },
      ],
    });
    renderApp(<LeaderboardPage user={member} />);
    const image = await screen.findByRole('img', { name: 'Caption a' });
    expect(image).toHaveAttribute(
      'srcset',
      'http://files.test/a_small.webp 360w, http://files.test/a.webp 720w',
    );
    expect(image.getAttribute('sizes')).toMatch(/50vw$/);
    expect(image).toHaveAttribute('width', '720');
    expect(image).toHaveAttribute('height', '960');
    // A photo made before the small variant shows its display image.
    const old = screen.getByRole('img', { name: 'Caption old' });
    expect(old).toHaveAttribute('src', 'http://files.test/old.webp');
    expect(old).not.toHaveAttribute('srcset');
  });

  it('says what it takes when no photo qualifies yet', async () => {
    callables.call.mockResolvedValue({ photos: [] });
    renderApp(<LeaderboardPage user={member} />);
    expect(await screen.findByText(/needs at least 5/)).toBeInTheDocument();
  });

  it("starts with the member's show-me choice and switches between everyone's, women's and men's photos", async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8)] });
    const { user } = renderApp(<LeaderboardPage user={{ ...member, showGender: 'female' }} />);
    await screen.findByRole('listitem', { name: 'Place 1' });
    expect(callables.call).toHaveBeenLastCalledWith('getLeaderboard', { gender: 'female' });
    expect(screen.getByRole('button', { name: 'Women' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Everyone' }));
    expect(callables.call).toHaveBeenLastCalledWith('getLeaderboard', {});
    await user.click(screen.getByRole('button', { name: 'Men' }));
    expect(callables.call).toHaveBeenLastCalledWith('getLeaderboard', { gender: 'male' });
    // Pressing the chosen one again keeps it.
    await user.click(screen.getByRole('button', { name: 'Men' }));
    expect(screen.getByRole('button', { name: 'Men' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('puts the 1st, 2nd and 3rd labels on a dark chip, readable on light photos', async () => {
    callables.call.mockResolvedValue({ photos: [entry('a', 4.8), entry('b', 4.5), entry('c', 4.2)] });
    renderApp(<LeaderboardPage user={member} />);
    for (const [place, label] of [
      ['Place 1', '1st'],
      ['Place 2', '2nd'],
      ['Place 3', '3rd'],
    ]) {
      const item = await screen.findByRole('listitem', { name: place });
      const chip = within(item).getByText(label!);
      expect(getComputedStyle(chip).color).toBe('rgb(255, 255, 255)');
      expect(getComputedStyle(chip).backgroundColor).toBe('rgba(0, 0, 0, 0.72)');
    }
  });
});
