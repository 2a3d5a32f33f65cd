import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NEW_MEMBER_TOKENS } from '@/domain/constants';
import { nextStreak } from '@/domain/streak';
import { renderApp } from '@/testing/test-utils';
import { OnboardingDialog } from './onboarding-dialog';

const callables = vi.hoisted(() => ({ call: vi.fn(async () => ({})) }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('the onboarding dialog', () => {
  it('says the tokens a new member is credited: the 2 to start and the first day’s 5', async () => {
    const { user } = renderApp(<OnboardingDialog open />);
    await user.click(screen.getByRole('button', { name: /Next/ }));
    // What the first day credits, as the server counts it.
    const firstDay = nextStreak({ loginStreak: 0 }, new Date(), 'UTC').tokens;
    expect(screen.getByRole('dialog')).toHaveTextContent(
      `You start with ${NEW_MEMBER_TOKENS} free tokens, and each day you open Photorater earns ${firstDay} more, today included.`,
    );
  });
});
