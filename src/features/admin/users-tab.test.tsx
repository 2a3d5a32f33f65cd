import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '@/domain/admin';
import { renderApp } from '@/testing/test-utils';
import { changedFields, UsersTab } from './users-tab';

const callables = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('@/data/callables', async (original) => ({ ...(await original<object>()), ...callables }));

const member = (uid: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow => ({
  uid,
  displayName: `Member ${uid}`,
  email: `${uid}@example.com`,
  photoURL: null,
  points: 10,
  isAdmin: false,
  disabled: false,
  lastVotedAt: null,
  ...overrides,
});

describe('UsersTab', () => {
  beforeEach(() => callables.call.mockReset());

  it("lists members with 'Active' or 'Disabled', searches by prefix and loads more after the cursor", async () => {
    callables.call.mockImplementation(
      async (_name: string, input: { search?: string; cursor?: string } = {}) => {
        if (input.search === 'zz') return { users: [], cursor: null };
        if (input.search) return { users: [member('dana', { disabled: true })], cursor: null };
        if (input.cursor === '9') return { users: [member('m3', { points: 1 })], cursor: null };
        return { users: [member('m1', { points: 20 }), member('m2', { points: 9 })], cursor: '9' };
      },
    );
    renderApp(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getAllByText('Active')).toHaveLength(2);
    expect(callables.call).toHaveBeenCalledWith('adminListUsers', { sort: 'points' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Member m3')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListUsers', { sort: 'points', cursor: '9' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search by display name or e-mail'), 'dan');
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(callables.call).toHaveBeenLastCalledWith('adminListUsers', { sort: 'points', search: 'dan' });
    await userEvent.clear(screen.getByLabelText('Search by display name or e-mail'));
    await userEvent.type(screen.getByLabelText('Search by display name or e-mail'), 'zz');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
  });

  it('edits a member, sending only the fields that changed, and refuses tokens that are not a number', async () => {
    callables.call.mockImplementation(async (name: string) =>
      name === 'adminListUsers' ? { users: [member('m1')], cursor: null } : { updated: ['points'] },
    );
    renderApp(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Member m1' }));
    const tokens = screen.getByLabelText('Tokens');
    await userEvent.clear(tokens);
    await userEvent.type(tokens, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tokens must be a number')).toBeInTheDocument();
    await userEvent.clear(tokens);
    await userEvent.type(tokens, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callables.call).toHaveBeenCalledWith('adminUpdateUser', { uid: 'm1', points: 25 }),
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(await within(table).findByText('25')).toBeInTheDocument();
  });

  it('finds what changed and nothing else', () => {
    const initial = { displayName: 'Dana', points: 10, isAdmin: false, disabled: false };
    expect(changedFields(initial, { ...initial })).toEqual({});
    expect(changedFields(initial, { ...initial, displayName: ' Dana ', disabled: true })).toEqual({
      disabled: true,
    });
  });

  it('deletes a member only after the permanent-action confirmation', async () => {
    callables.call.mockImplementation(async (name: string) =>
      name === 'adminListUsers' ? { users: [member('m1'), member('m2')], cursor: null } : { deleted: true },
    );
    renderApp(<UsersTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Member m1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete member permanently' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callables.call).not.toHaveBeenCalledWith('adminDeleteUser', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Member m1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete member permanently' })).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    await waitFor(() => expect(callables.call).toHaveBeenCalledWith('adminDeleteUser', { uid: 'm1' }));
    await waitFor(() => expect(screen.queryByText('Member m1')).not.toBeInTheDocument());
    expect(screen.getByText('Member m2')).toBeInTheDocument();
  });
});
