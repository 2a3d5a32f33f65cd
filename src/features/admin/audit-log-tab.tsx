/** The audit log: every admin write, newest first, 20 a page: who, what, on which record, when, before and after. */
import { Stack } from '@mui/material';
import { call } from '@/data/callables';
import { ADMIN_MESSAGES, type AdminLogRow } from '@/domain/admin';
import { shownDate } from './admin-parts';
import { usePagedList } from './admin-reads';
import { AdminTable, LoadMoreButton, type AdminColumn } from './admin-table';

/** Fractions (a rate, a score) to two decimals, wherever they sit in a value; whole numbers as they are. */
const shortNumbers = (_key: string, value: unknown) =>
  typeof value === 'number' && !Number.isInteger(value) ? Number(value.toFixed(2)) : value;

/** A record's fields as short text; long values are cut, the log is for finding, not reading whole. */
export function shownFields(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value, shortNumbers);
      return `${key}: ${text.length > 80 ? `${text.slice(0, 79)}…` : text}`;
    })
    .join('; ');
}

const readPage = async (after: string | null) => {
  const page = await call('adminListLog', after ? { cursor: after } : {});
  return { rows: page.entries, cursor: page.cursor };
};

const COLUMNS: AdminColumn<AdminLogRow>[] = [
  { header: 'When', cell: (entry) => shownDate(entry.at), sx: { whiteSpace: 'nowrap' } },
  {
    header: 'Admin',
    // By name; the uid stays at hand for one whose record is gone.
    cell: (entry) => entry.adminName ?? entry.adminId,
  },
  { header: 'Action', cell: (entry) => entry.action },
  { header: 'Record', cell: (entry) => entry.targetPath },
  { header: 'Before', cell: (entry) => shownFields(entry.before) },
  { header: 'After', cell: (entry) => shownFields(entry.after) },
];

export function AuditLogTab() {
  const { rows: entries, cursor, loadMore } = usePagedList(readPage, 0);
  return (
    <Stack spacing={2}>
      <AdminTable
        label="Audit log"
        rows={entries}
        rowKey={(entry) => entry.id}
        columns={COLUMNS}
        empty={ADMIN_MESSAGES.noLog}
      />
      {cursor && <LoadMoreButton onClick={loadMore} />}
    </Stack>
  );
}
