import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminReportedPhoto } from '@/domain/admin-photos';
import { renderApp } from '@/testing/test-utils';
import { ReportsTab } from './reports-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const reported = (id: string): AdminReportedPhoto => ({
  id,
  userId: 'owen',
  imageUrl: `http://files.test/${id}.webp`,
  smallImageUrl: null,
  caption: `Caption ${id}`,
  active: true,
  eligible: false,
  labels: [],
  rate: 3,
  votesCount: 2,
  reportsCount: 3,
  genComments: [],
  error: null,
  uploadedAt: '2026-11-10T10:00:00.000Z',
  reporters: 3,
  reasons: [
    { reason: 'Inappropriate photo', count: 2 },
    { reason: 'Fake profile/Spam', count: 1 },
  ],
});

describe('ReportsTab', () => {
  beforeEach(() => callables.call.mockReset());

  it('says when there is nothing reported', async () => {
    callables.call.mockResolvedValue({ photos: [] });
    renderApp(<ReportsTab />);
    expect(await screen.findByText('No reported photos.')).toBeInTheDocument();
  });

  it('shows reasons and reporters, restores one and removes another after the confirmation', async () => {
    callables.call.mockImplementation(async (name: string, input: { decision?: string } = {}) =>
      name === 'adminListReports'
        ? { photos: [reported('p1'), reported('p2')] }
        : { decision: input.decision },
    );
    renderApp(<ReportsTab />);
    const first = await screen.findByRole('article', { name: 'Reported photo p1' });
    expect(within(first).getByText('Inappropriate photo × 2')).toBeInTheDocument();
    expect(within(first).getByText(/3 reporters/)).toBeInTheDocument();

    await userEvent.click(within(first).getByRole('button', { name: 'Restore photo p1' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminResolveReport', {
        userId: 'owen',
        photoId: 'p1',
        decision: 'restore',
      }),
    );
    expect(await screen.findByText('Photo restored; its owner was told.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Reported photo p1' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove photo p2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove photo permanently' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove permanently' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminResolveReport', {
        userId: 'owen',
        photoId: 'p2',
        decision: 'remove',
      }),
    );
    expect(await screen.findByText('No reported photos.')).toBeInTheDocument();
  });
});
