import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '@/data/callables';
import { renderApp } from '@/testing/test-utils';
import { InsightsReaction } from './insights-reaction';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('InsightsReaction', () => {
  beforeEach(() => callables.call.mockReset());

  it('likes, switches to dislike, and takes the reaction back', async () => {
    callables.call.mockImplementation(async (_name: string, input: { reaction: string | null }) => input);
    const { user } = renderApp(<InsightsReaction photoId="p1" reaction={null} />);
    const like = screen.getByRole('button', { name: 'Like the insights' });
    const dislike = screen.getByRole('button', { name: 'Dislike the insights' });
    await user.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await user.click(dislike);
    expect(dislike).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(dislike);
    expect(dislike).toHaveAttribute('aria-pressed', 'false');
    expect(callables.call.mock.calls).toEqual([
      ['reactToInsights', { photoId: 'p1', reaction: 'like' }],
      ['reactToInsights', { photoId: 'p1', reaction: 'dislike' }],
      ['reactToInsights', { photoId: 'p1', reaction: null }],
    ]);
  });

  it('shows the stored reaction, and puts it back when the server refuses a change', async () => {
    callables.call.mockImplementation(async (name: string) => {
      if (name === 'reactToInsights')
        throw new CallError('failed-precondition', 'This photo has no insights yet.');
    });
    const { user } = renderApp(<InsightsReaction photoId="p1" reaction="like" />);
    const like = screen.getByRole('button', { name: 'Like the insights' });
    expect(like).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Dislike the insights' }));
    expect(await screen.findByText('This photo has no insights yet.')).toBeInTheDocument();
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
  });
});
