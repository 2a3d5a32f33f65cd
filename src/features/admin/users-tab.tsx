/**
 * The Users tab: search by display name or e-mail prefix, sort by tokens, display name or last vote,
 * 20 a page with Load more; disabled members in red; the edit dialog sends only what changed.
 */
import { Chip, Stack } from '@mui/material';
import { useCallback, useState } from 'react';
import { FormTextField } from '@/components/form-fields';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import {
  ADMIN_MESSAGES,
  adminUserFormSchema,
  type AdminUserChanges,
  type AdminUserFormValues,
  type AdminUserRow,
  type AdminUserSort,
} from '@/domain/admin';
import { AdminFormDialog } from './admin-form-dialog';
import { SwitchField } from './admin-parts';
import { useAdminWrite, usePagedList } from './admin-reads';
import { AdminTable, EditDeleteButtons, ListFilters, LoadMoreButton, type AdminColumn } from './admin-table';

const SORT_LABELS: Record<AdminUserSort, string> = {
  points: 'Tokens',
  displayName: 'Display name',
  lastVotedAt: 'Last vote',
};

export function UsersTab() {
  const write = useAdminWrite();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('points');
  const [editing, setEditing] = useState<AdminUserRow | null>(null);

  const readPage = useCallback(
    async (after: string | null) => {
      const page = await call('adminListUsers', {
        sort,
        ...(search.trim() ? { search: search.trim() } : {}),
        ...(after ? { cursor: after } : {}),
      });
      return { rows: page.users, cursor: page.cursor };
    },
    [search, sort],
  );
  const { rows: users, setRows: setUsers, cursor, loadMore } = usePagedList(readPage, 300);

  const remove = (user: AdminUserRow) =>
    write({
      ask: {
        title: 'Delete member permanently',
        message: `This deletes ${user.displayName}'s account: they cannot sign in, their photos leave every feed now, and their photos and personal data are removed within 24 hours. This cannot be undone.`,
        confirmLabel: 'Delete permanently',
      },
      work: () => call('adminDeleteUser', { uid: user.uid }),
      done: 'Member deleted.',
      after: () => setUsers((previous) => previous?.filter((each) => each.uid !== user.uid)),
    });

  const saved = (uid: string, changes: AdminUserChanges) =>
    setUsers((previous) => previous?.map((user) => (user.uid === uid ? { ...user, ...changes } : user)));

  const columns: AdminColumn<AdminUserRow>[] = [
    {
      header: 'Display name',
      cell: (user) => (
        <>
          {user.displayName} {user.isAdmin && <Chip size="small" label="Admin" />}
        </>
      ),
    },
    { header: 'E-mail', cell: (user) => user.email ?? '' },
    { header: 'Tokens', align: 'right', cell: (user) => user.points },
    {
      header: 'Last vote',
      cell: (user) => (user.lastVotedAt ? new Date(user.lastVotedAt).toLocaleDateString() : ''),
    },
    {
      header: 'Status',
      cell: (user) => (user.disabled ? 'Disabled' : 'Active'),
      sxOf: (user) => (user.disabled ? { color: 'error.main', fontWeight: 600 } : undefined),
    },
    {
      cell: (user) => (
        <EditDeleteButtons
          of={user.displayName}
          onEdit={() => setEditing(user)}
          onDelete={() => void remove(user)}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <ListFilters
        searchLabel="Search by display name or e-mail"
        search={search}
        onSearch={setSearch}
        choiceLabel="Sort by"
        choice={sort}
        choices={Object.keys(SORT_LABELS) as AdminUserSort[]}
        labels={SORT_LABELS}
        onChoice={setSort}
        choiceWidth={180}
      />
      <AdminTable
        label="Users"
        rows={users}
        rowKey={(user) => user.uid}
        columns={columns}
        empty={ADMIN_MESSAGES.noUsers}
        rowSx={(user) =>
          user.disabled ? { bgcolor: (theme) => `${theme.palette.error.main}1f` } : undefined
        }
      />
      {cursor && <LoadMoreButton onClick={loadMore} />}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </Stack>
  );
}

/** The fields the admin changed, and nothing else: the handler logs exactly what was edited. */
export function changedFields(initial: AdminUserFormValues, values: AdminUserFormValues): AdminUserChanges {
  const changes: AdminUserChanges = {};
  if (values.displayName.trim() !== initial.displayName) changes.displayName = values.displayName.trim();
  if (Number(values.points) !== initial.points) changes.points = Number(values.points);
  if (values.isAdmin !== initial.isAdmin) changes.isAdmin = values.isAdmin;
  if (values.disabled !== initial.disabled) changes.disabled = values.disabled;
  return changes;
}

function EditUserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onSaved: (uid: string, changes: AdminUserChanges) => void;
}) {
  const toast = useToast();
  const initial: AdminUserFormValues = {
    displayName: user.displayName,
    points: user.points,
    isAdmin: user.isAdmin,
    disabled: user.disabled,
  };
  return (
    <AdminFormDialog
      titleId="edit-user-title"
      title={`Edit ${user.displayName}`}
      maxWidth="xs"
      initialValues={initial}
      validationSchema={adminUserFormSchema}
      save={async (values) => {
        const changes = changedFields(initial, values);
        if (Object.keys(changes).length === 0) return onClose();
        await call('adminUpdateUser', { uid: user.uid, ...changes });
        onSaved(user.uid, changes);
        toast({ message: 'User updated.', severity: 'success' });
        onClose();
      }}
      onClose={onClose}
    >
      {() => (
        <>
          <FormTextField name="displayName" label="Display name" />
          <FormTextField name="points" label="Tokens" inputMode="numeric" />
          <SwitchField name="isAdmin" label="Admin" />
          <SwitchField name="disabled" label="Disabled" />
        </>
      )}
    </AdminFormDialog>
  );
}
