import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { InsightsReactionsCard, likedShare } from './insights-reactions-card';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('InsightsReactionsCard', () => {
  it("shows owners' likes and dislikes of the insights, and the share liked", async () => {
    callables.call.mockResolvedValue({ like: 3, dislike: 1 });
    renderApp(<InsightsReactionsCard />);
    expect(await screen.findByText('👍 3 · 👎 1 (75% liked)')).toBeInTheDocument();
    expect(callables.call).toHaveBeenCalledWith('adminInsightsReactions', {});
  });

  it('says when there are no reactions yet', () => {
    expect(likedShare({ like: 0, dislike: 0 })).toBe('no reactions yet');
  });
});
