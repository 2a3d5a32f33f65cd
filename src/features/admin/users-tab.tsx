/**
 * The Users tab: search by display name or e-mail prefix, sort by tokens, display name or last vote,
 * 20 a page with Load more; disabled members in red; the edit dialog sends only what changed.
 */
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Form, Formik, useField } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { useDialogs } from '@/components/dialogs';
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
import { logFailure } from '@/lib/report-error';

const SORT_LABELS: Record<AdminUserSort, string> = {
  points: 'Tokens',
  displayName: 'Display name',
  lastVotedAt: 'Last vote',
};

export function UsersTab() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('points');
  const [users, setUsers] = useState<AdminUserRow[] | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const { confirm } = useDialogs();

  const remove = async (user: AdminUserRow) => {
    const sure = await confirm({
      title: 'Delete member permanently',
      message: `This deletes ${user.displayName}'s account: they cannot sign in, their photos leave every feed now, and their photos and personal data are removed within 24 hours. This cannot be undone.`,
      confirmLabel: 'Delete permanently',
    });
    if (!sure) return;
    try {
      await call('adminDeleteUser', { uid: user.uid });
      setUsers((previous) => previous?.filter((each) => each.uid !== user.uid));
      toast({ message: 'Member deleted.', severity: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    }
  };

  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await call('adminListUsers', {
          sort,
          ...(search.trim() ? { search: search.trim() } : {}),
          ...(after ? { cursor: after } : {}),
        });
        setUsers((previous) => (after ? [...(previous ?? []), ...page.users] : page.users));
        setCursor(page.cursor);
      } catch (error) {
        logFailure(error, { feature: 'admin' });
        toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
        setUsers((previous) => previous ?? []);
      }
    },
    [search, sort, toast],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(null), 300);
    return () => clearTimeout(timer);
  }, [load]);

  const saved = (uid: string, changes: AdminUserChanges) =>
    setUsers((previous) => previous?.map((user) => (user.uid === uid ? { ...user, ...changes } : user)));

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Search by display name or e-mail"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          fullWidth
        />
        <TextField
          select
          label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.target.value as AdminUserSort)}
          sx={{ minWidth: 180 }}
        >
          {(Object.keys(SORT_LABELS) as AdminUserSort[]).map((key) => (
            <MenuItem key={key} value={key}>
              {SORT_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {users?.length === 0 && <Typography>{ADMIN_MESSAGES.noUsers}</Typography>}
      {users && users.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Display name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell align="right">Tokens</TableCell>
                <TableCell>Last vote</TableCell>
                <TableCell>Status</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <TableRow
                  key={user.uid}
                  sx={user.disabled ? { bgcolor: (theme) => `${theme.palette.error.main}1f` } : undefined}
                >
                  <TableCell>
                    {user.displayName} {user.isAdmin && <Chip size="small" label="Admin" />}
                  </TableCell>
                  <TableCell>{user.email ?? ''}</TableCell>
                  <TableCell align="right">{user.points}</TableCell>
                  <TableCell>
                    {user.lastVotedAt ? new Date(user.lastVotedAt).toLocaleDateString() : ''}
                  </TableCell>
                  <TableCell sx={user.disabled ? { color: 'error.main', fontWeight: 600 } : undefined}>
                    {user.disabled ? 'Disabled' : 'Active'}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      onClick={() => setEditing(user)}
                      aria-label={`Edit ${user.displayName}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => void remove(user)}
                      aria-label={`Delete ${user.displayName}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {cursor && (
        <Button onClick={() => void load(cursor)} sx={{ alignSelf: 'center' }}>
          Load more
        </Button>
      )}
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={saved} />}
    </Stack>
  );
}

function SwitchField({ name, label }: { name: 'isAdmin' | 'disabled'; label: string }) {
  const [field, , helpers] = useField<boolean>(name);
  return (
    <FormControlLabel
      control={
        <Switch checked={field.value} onChange={(event) => void helpers.setValue(event.target.checked)} />
      }
      label={label}
    />
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
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-user-title">
      <Formik
        initialValues={initial}
        validationSchema={adminUserFormSchema}
        onSubmit={async (values) => {
          const changes = changedFields(initial, values);
          if (Object.keys(changes).length === 0) return onClose();
          try {
            await call('adminUpdateUser', { uid: user.uid, ...changes });
            onSaved(user.uid, changes);
            toast({ message: 'User updated.', severity: 'success' });
            onClose();
          } catch (error) {
            toast({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="edit-user-title">Edit {user.displayName}</DialogTitle>
            <DialogContent>
              <Stack spacing={1} sx={{ pt: 1 }}>
                <FormTextField name="displayName" label="Display name" />
                <FormTextField name="points" label="Tokens" inputMode="numeric" />
                <SwitchField name="isAdmin" label="Admin" />
                <SwitchField name="disabled" label="Disabled" />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                Save
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
