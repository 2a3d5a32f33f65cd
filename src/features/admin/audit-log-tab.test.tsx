import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLogRow } from '@/domain/admin';
import { renderApp } from '@/testing/test-utils';
import { AuditLogTab, shownFields } from './audit-log-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const entry = (id: string, overrides: Partial<AdminLogRow> = {}): AdminLogRow => ({
  id,
  adminId: 'ada',
  action: 'updateUser',
  targetPath: 'users/dana',
  at: '2026-11-22T10:00:00.000Z',
  before: { points: 10 },
  after: { points: 25 },
  ...overrides,
});

describe('AuditLogTab', () => {
  beforeEach(() => callables.call.mockReset());

  it('says when nothing is recorded', async () => {
    callables.call.mockResolvedValue({ entries: [], cursor: null });
    renderApp(<AuditLogTab />);
    expect(await screen.findByText('No admin actions recorded yet.')).toBeInTheDocument();
  });

  it('shows who, what, which record, before and after, and loads more', async () => {
    callables.call.mockImplementation(async (_name: string, input: { cursor?: string } = {}) =>
      input.cursor
        ? { entries: [entry('e2', { action: 'startAbTest', targetPath: 'appFeatures/hero' })], cursor: null }
        : { entries: [entry('e1')], cursor: '2026-11-22T10:00:00.000Z' },
    );
    renderApp(<AuditLogTab />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('points: 10')).toBeInTheDocument();
    expect(within(table).getByText('points: 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('appFeatures/hero')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListLog', { cursor: '2026-11-22T10:00:00.000Z' });
  });

  it('cuts long values short', () => {
    expect(shownFields({ caption: 'x'.repeat(200) })).toHaveLength('caption: '.length + 80);
  });
});
