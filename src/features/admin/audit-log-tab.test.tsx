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
  adminId: 'ada-uid-7Qx2',
  adminName: 'Ada Admin',
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
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(table).queryByText('ada-uid-7Qx2')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('appFeatures/hero')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListLog', { cursor: '2026-11-22T10:00:00.000Z' });
  });

  it('shows the uid of an admin whose record is gone', async () => {
    callables.call.mockResolvedValue({ entries: [entry('e1', { adminName: null })], cursor: null });
    renderApp(<AuditLogTab />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(within(table).getByText('ada-uid-7Qx2')).toBeInTheDocument();
  });

  it('shows fractions to two decimals, wherever they sit, and whole numbers as they are', () => {
    expect(
      shownFields({ rate: 3.4666666666666663, votesCount: 3, scores: { fair: 7.123456 }, list: [0.1 + 0.2] }),
    ).toBe('rate: 3.47; votesCount: 3; scores: {"fair":7.12}; list: [0.3]');
  });

  it('cuts long values short', () => {
    expect(shownFields({ caption: 'x'.repeat(200) })).toHaveLength('caption: '.length + 80);
  });
});
