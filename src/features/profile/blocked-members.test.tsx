import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { BlockedMembers } from './blocked-members';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('BlockedMembers', () => {
  beforeEach(() => callables.call.mockReset());

  it('says when no one is blocked', () => {
    renderApp(<BlockedMembers blocks={[]} />);
    expect(screen.getByText("You haven't blocked anyone.")).toBeInTheDocument();
  });

  it('lists each block by where it was made, naming no one, and unblocks one', async () => {
    callables.call.mockResolvedValue({ unblocked: true });
    const { user } = renderApp(
      <BlockedMembers
        blocks={[
          { id: 'b1', from: 'comment', at: '2026-11-20T10:00:00.000Z' },
          { id: 'b2', from: 'photo', at: '2026-11-21T10:00:00.000Z' },
        ]}
      />,
    );
    expect(screen.getByText('A commenter on your photo')).toBeInTheDocument();
    expect(screen.getByText('The owner of a photo you were shown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Unblock a commenter on your photo/ }));
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('unblockMember', { blockId: 'b1' }));
    expect(await screen.findByText('Member unblocked.')).toBeInTheDocument();
  });
});
