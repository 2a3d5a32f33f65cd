import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/test-utils';
import { AdminPage } from './admin-page';

const callables = vi.hoisted(() => ({
  call: vi.fn(async () => ({ photos: [], cursor: null })),
}));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

describe('AdminPage', () => {
  it("shows the spec's tabs, Photos first selected", async () => {
    renderApp(<AdminPage />);
    const tabs = within(screen.getByRole('tablist', { name: 'Admin area' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Users',
      'Photos',
      'Reports',
      'Review',
      'Inbox',
      'Features',
      'AB Tests',
      'Articles',
      'PWA Tools',
      'Audit log',
    ]);
    expect(screen.getByRole('tab', { name: 'Photos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No photos found.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'PWA Tools' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Troubleshooting tips');
  });
});
