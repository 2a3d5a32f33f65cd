import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminHeldPhoto } from '@/domain/screening';
import { renderApp } from '@/testing/test-utils';
import { ReviewTab } from './review-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const held = (id: string, reason: 'explicit' | 'minor'): AdminHeldPhoto => ({
  id,
  userId: 'owen',
  imageUrl: `http://files.test/${id}.webp`,
  caption: `Caption ${id}`,
  profileAge: 24,
  review: {
    reason,
    explicit: reason === 'explicit' ? 0.489 : 0.05,
    scores: { Porn: 0.489, Hentai: 0.125, Drawing: 0.308, Neutral: 0.065, Sexy: 0.013 },
    ageEstimate: reason === 'minor' ? 12.5 : 31,
    heldAt: '2026-11-21T09:00:00.000Z',
  },
});

describe('ReviewTab', () => {
  beforeEach(() => callables.call.mockReset());

  it('says when nothing waits for review', async () => {
    callables.call.mockResolvedValue({ photos: [] });
    renderApp(<ReviewTab />);
    expect(await screen.findByText('No photos are waiting for review.')).toBeInTheDocument();
  });

  it('shows the reason and the figures, approves one and removes another after the confirmation', async () => {
    callables.call.mockImplementation(async (name: string, input: { decision?: string } = {}) =>
      name === 'adminListHeld'
        ? { photos: [held('p1', 'explicit'), held('p2', 'minor')] }
        : { decision: input.decision },
    );
    renderApp(<ReviewTab />);
    const first = await screen.findByRole('article', { name: 'Held photo p1' });
    expect(within(first).getByText('May be explicit')).toBeInTheDocument();
    expect(
      within(first).getByText(/Explicit score 49% · age estimate 31 · profile age 24/),
    ).toBeInTheDocument();
    expect(within(first).getByText('Porn 49%')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'Held photo p2' });
    expect(within(second).getByText('May be under 18')).toBeInTheDocument();
    expect(within(second).getByText(/age estimate 13/)).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Approve photo p1' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminDecideHeld', {
        userId: 'owen',
        photoId: 'p1',
        decision: 'approve',
      }),
    );
    expect(await screen.findByText('Photo approved; its owner was told.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Held photo p1' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo p2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo permanently' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove permanently' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminDecideHeld', {
        userId: 'owen',
        photoId: 'p2',
        decision: 'remove',
      }),
    );
    expect(await screen.findByText('No photos are waiting for review.')).toBeInTheDocument();
  });
});
