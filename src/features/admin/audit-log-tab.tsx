/** The audit log: every admin write, newest first, 20 a page: who, what, on which record, when, before and after. */
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useToast } from '@/components/toast';
import { call } from '@/data/callables';
import { ADMIN_MESSAGES, type AdminLogRow } from '@/domain/admin';
import { logFailure } from '@/lib/report-error';
import { messageOf, shownDate } from './admin-parts';

/** A record's fields as short text; long values are cut, the log is for finding, not reading whole. */
export function shownFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
    })
    .join('; ');
}

export function AuditLogTab() {
  const toast = useToast();
  const [entries, setEntries] = useState<AdminLogRow[] | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await call('adminListLog', after ? { cursor: after } : {});
        setEntries((previous) => (after ? [...(previous ?? []), ...page.entries] : page.entries));
        setCursor(page.cursor);
      } catch (error) {
        logFailure(error, { feature: 'admin' });
        toast({ message: messageOf(error), severity: 'error' });
        setEntries((previous) => previous ?? []);
      }
    },
    [toast],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(null), 0);
    return () => clearTimeout(timer);
  }, [load]);

  return (
    <Stack spacing={2}>
      {entries?.length === 0 && <Typography>{ADMIN_MESSAGES.noLog}</Typography>}
      {entries && entries.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Audit log">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Admin</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Record</TableCell>
                <TableCell>Before</TableCell>
                <TableCell>After</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{shownDate(entry.at)}</TableCell>
                  <TableCell>{entry.adminId}</TableCell>
                  <TableCell>{entry.action}</TableCell>
                  <TableCell>{entry.targetPath}</TableCell>
                  <TableCell>{shownFields(entry.before)}</TableCell>
                  <TableCell>{shownFields(entry.after)}</TableCell>
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
    </Stack>
  );
}
