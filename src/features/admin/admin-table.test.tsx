import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { object, string } from 'yup';
import { FormTextField } from '@/components/form-fields';
import { renderApp } from '@/testing/test-utils';
import { AdminFormDialog } from './admin-form-dialog';
import { useAdminWrite } from './admin-reads';
import { actionsColumn, AdminTable, EditDeleteButtons, type AdminColumn } from './admin-table';

interface Member {
  uid: string;
  name: string;
  points: number;
}

const COLUMNS: AdminColumn<Member>[] = [
  { header: 'Name', cell: (member) => member.name },
  { header: 'Tokens', align: 'right', cell: (member) => member.points },
  actionsColumn((member) => (
    <EditDeleteButtons of={member.name} onEdit={() => undefined} onDelete={() => undefined} />
  )),
];

const table = (rows: Member[] | undefined, more: { loading?: string; emptyInTable?: boolean } = {}) => (
  <AdminTable
    label="Members"
    rows={rows}
    rowKey={(member) => member.uid}
    columns={COLUMNS}
    empty="No members."
    {...more}
  />
);

describe('AdminTable', () => {
  it('says it is loading only when told how, then lists rows with buttons named for their row', () => {
    const { rerender } = renderApp(table(undefined));
    expect(screen.queryByText('Loading members...')).not.toBeInTheDocument();
    rerender(table(undefined, { loading: 'Loading members...' }));
    expect(screen.getByText('Loading members...')).toBeInTheDocument();
    rerender(table([{ uid: 'm1', name: 'Maya', points: 12 }]));
    const members = screen.getByRole('table', { name: 'Members' });
    expect(
      within(members)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Tokens', '']);
    expect(within(members).getByRole('button', { name: 'Edit Maya' })).toHaveTextContent('Edit');
    expect(within(members).getByRole('button', { name: 'Delete Maya' })).toHaveTextContent('Delete');
  });

  it('says an empty list in place of the table, or in its one row when asked', () => {
    const { rerender } = renderApp(table([]));
    expect(screen.getByText('No members.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(table([], { emptyInTable: true }));
    const cell = within(screen.getByRole('table', { name: 'Members' })).getByText('No members.');
    expect(cell).toHaveAttribute('colspan', '3');
  });
});

function DeleteMaya({ work }: { work: () => Promise<unknown> }) {
  const write = useAdminWrite();
  return (
    <button
      type="button"
      onClick={() =>
        void write({
          ask: { title: 'Delete Maya', message: 'This cannot be undone.', confirmLabel: 'Delete' },
          work,
          done: 'Maya deleted.',
        })
      }
    >
      Go
    </button>
  );
}

describe('useAdminWrite', () => {
  it('writes nothing when the admin says no, and says a success or a failure in a toast', async () => {
    const work = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('Not allowed.'));
    const { user } = renderApp(<DeleteMaya work={work} />);
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Maya' })).getByText('Cancel'));
    expect(work).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Maya' })).getByText('Delete'));
    expect(await screen.findByText('Maya deleted.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Maya' })).getByText('Delete'));
    expect(await screen.findByText('Not allowed.')).toBeInTheDocument();
    expect(work).toHaveBeenCalledTimes(2);
  });
});

describe('AdminFormDialog', () => {
  const schema = object({ name: string().required('A name is required.') });

  const dialog = (save: (values: { name: string }) => Promise<void>, failureInDialog?: boolean) => (
    <AdminFormDialog
      titleId="member-title"
      title="Edit Maya"
      maxWidth="xs"
      initialValues={{ name: '' }}
      validationSchema={schema}
      save={save}
      failureInDialog={failureInDialog}
      onClose={() => undefined}
    >
      {() => <FormTextField name="name" label="Name" />}
    </AdminFormDialog>
  );

  it("checks the form with the tab's schema before saving, and says a failed save inside when asked", async () => {
    const save = vi.fn().mockRejectedValue(new Error('The server said no.'));
    const { user } = renderApp(dialog(save, true));
    const shown = screen.getByRole('dialog', { name: 'Edit Maya' });
    await user.click(within(shown).getByRole('button', { name: 'Save' }));
    expect(await within(shown).findByText('A name is required.')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.type(within(shown).getByLabelText('Name'), 'Maya');
    await user.click(within(shown).getByRole('button', { name: 'Save' }));
    expect(await within(shown).findByRole('alert')).toHaveTextContent('The server said no.');
    expect(save).toHaveBeenCalledWith({ name: 'Maya' });
  });

  it('says a failed save in a toast by default', async () => {
    const { user } = renderApp(dialog(() => Promise.reject(new Error('The server said no.'))));
    const shown = screen.getByRole('dialog', { name: 'Edit Maya' });
    await user.type(within(shown).getByLabelText('Name'), 'Maya');
    await user.click(within(shown).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The server said no.')).toBeInTheDocument();
    expect(within(shown).queryByRole('alert')).not.toBeInTheDocument();
  });
});
