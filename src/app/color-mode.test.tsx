import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticSessionProvider } from '@/data/session';
import type { User } from '@/domain/user';
import { storageKeys } from '@/lib/storage';
import { aMember, aSession } from '@/testing/test-utils';
import { ColorModeProvider, ColorModeSync, useColorMode } from './color-mode';

const callables = vi.hoisted(() => ({ call: vi.fn(async () => ({ colorMode: 'dark' })) }));
vi.mock('@/data/callables', () => callables);

function Switcher() {
  const { mode, toggle } = useColorMode();
  return (
    <button type="button" onClick={toggle}>
      {mode}
    </button>
  );
}

function ui(user: User | null) {
  return (
    <ColorModeProvider>
      <StaticSessionProvider
        session={aSession({ member: user && { uid: user.uid, email: user.email }, user })}
      >
        <ColorModeSync />
        <Switcher />
      </StaticSessionProvider>
    </ColorModeProvider>
  );
}

const mode = () => screen.getByRole('button').textContent;

beforeEach(() => {
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the colour mode', () => {
  it("follows the member's record, made on another device, whenever it changes", async () => {
    const { rerender } = render(ui(aMember({ colorMode: 'dark' })));
    await waitFor(() => expect(mode()).toBe('dark'));
    expect(localStorage.getItem(storageKeys.colorMode)).toBe('dark');
    rerender(ui(aMember({ colorMode: 'light' })));
    await waitFor(() => expect(mode()).toBe('light'));
    // Following the record sends nothing back.
    expect(callables.call).not.toHaveBeenCalled();
  });

  it("keeps a member's choice on the record, and stays with it until the record answers", async () => {
    const member = aMember({ colorMode: 'light' });
    const { rerender } = render(ui(member));
    await userEvent.click(screen.getByRole('button'));
    expect(mode()).toBe('dark');
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('saveColorMode', { colorMode: 'dark' }));
    rerender(ui(member));
    expect(mode()).toBe('dark');
    rerender(ui({ ...member, colorMode: 'dark' }));
    expect(mode()).toBe('dark');
    expect(callables.call).toHaveBeenCalledTimes(1);
  });

  it("gives a record without a choice this device's, if the member chose here", async () => {
    localStorage.setItem(storageKeys.colorMode, 'dark');
    render(ui(aMember()));
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('saveColorMode', { colorMode: 'dark' }));
    expect(mode()).toBe('dark');
  });

  it('sends nothing for a visitor, nor for a member who never chose', async () => {
    const { rerender } = render(ui(null));
    await act(() => userEvent.click(screen.getByRole('button')));
    expect(mode()).toBe('dark');
    localStorage.clear();
    rerender(ui(aMember()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callables.call).not.toHaveBeenCalled();
  });
});
