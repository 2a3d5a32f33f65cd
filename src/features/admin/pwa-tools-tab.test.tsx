import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { PwaToolsTab } from './pwa-tools-tab';

/** The browser's Cache Storage, in memory: cache names and how many entries each holds. */
function fakeCaches(initial: Record<string, number>) {
  const stored = new Map(Object.entries(initial));
  return {
    keys: vi.fn(async () => [...stored.keys()]),
    open: vi.fn(async (name: string) => ({
      keys: async () => Array.from({ length: stored.get(name) ?? 0 }),
    })),
    delete: vi.fn(async (name: string) => stored.delete(name)),
    add: (name: string, entries: number) => stored.set(name, entries),
  };
}

describe('PwaToolsTab', () => {
  let cacheStorage: ReturnType<typeof fakeCaches>;
  const update = vi.fn(async () => undefined);

  beforeEach(() => {
    cacheStorage = fakeCaches({ 'workbox-precache-v2': 42, 'display-images': 7 });
    vi.stubGlobal('caches', cacheStorage);
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ update, installing: null, waiting: null }) },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('lists the caches with their entries and refreshes the list', async () => {
    renderApp(<PwaToolsTab />);
    const table = await screen.findByRole('table', { name: 'Active caches' });
    expect(within(table).getByText('workbox-precache-v2')).toBeInTheDocument();
    expect(within(table).getByText('42')).toBeInTheDocument();
    cacheStorage.add('runtime', 3);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await within(table).findByText('runtime')).toBeInTheDocument();
    expect(screen.getByText('Troubleshooting tips')).toBeInTheDocument();
  });

  it('checks for updates, and the button comes back after 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp(<PwaToolsTab />);
    await userEvent.click(screen.getByRole('button', { name: 'Check for Updates' }));
    expect(update).toHaveBeenCalled();
    expect(await screen.findByText('The app is up to date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('button', { name: 'Check for Updates' })).toBeEnabled();
  });

  it('clears all caches after a confirmation', async () => {
    renderApp(<PwaToolsTab />);
    await screen.findByRole('table', { name: 'Active caches' });
    await userEvent.click(screen.getByRole('button', { name: 'Clear All Caches' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear all caches' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear all caches' }));
    await waitFor(() => expect(cacheStorage.delete).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('No caches.')).toBeInTheDocument();
    expect(await screen.findByText('2 caches cleared.')).toBeInTheDocument();
  });
});
