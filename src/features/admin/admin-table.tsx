/**
 * The admin tabs' list markup: a small table of columns (the row actions being one more column), the
 * words shown while it loads or when it is empty, a row's buttons named for that row, Load more, and the
 * search and choice above a list.
 */
import {
  Box,
  Button,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
  type ButtonProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { Key, ReactNode } from 'react';

export interface AdminColumn<Row> {
  /** The heading; none for the row actions' column. */
  header?: string;
  cell: (row: Row) => ReactNode;
  align?: 'right';
  sx?: SxProps<Theme>;
  /** The cell's look by its row, where it differs from row to row. */
  sxOf?: (row: Row) => SxProps<Theme> | undefined;
}

/** The row actions' column: its buttons stay on one line. */
export const actionsColumn = <Row,>(
  cell: (row: Row) => ReactNode,
  column: Omit<AdminColumn<Row>, 'cell'> = {},
): AdminColumn<Row> => ({ sx: { whiteSpace: 'nowrap' }, ...column, cell });

/** A line of words where the table would be: while it loads, or when there is nothing to list. */
export function ListNote({ children, quiet }: { children: ReactNode; quiet?: boolean }) {
  return <Typography color={quiet ? 'text.secondary' : undefined}>{children}</Typography>;
}

export function AdminTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  empty,
  loading,
  emptyInTable,
  quiet,
  scrolls = true,
  rowSx,
}: {
  /** The table's accessible name. */
  label: string;
  /** Undefined while the first read is under way. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => Key;
  columns: AdminColumn<Row>[];
  /** What an empty list says: in place of the table, or in its one row with `emptyInTable`. */
  empty: string;
  /** What the tab says while the first read is under way; nothing when absent. */
  loading?: string;
  emptyInTable?: boolean;
  /** The loading and empty words in the secondary text colour. */
  quiet?: boolean;
  /** Wide tables scroll sideways inside the tab rather than widen the page. */
  scrolls?: boolean;
  rowSx?: (row: Row) => SxProps<Theme> | undefined;
}) {
  if (rows === undefined) return loading ? <ListNote quiet={quiet}>{loading}</ListNote> : null;
  if (rows.length === 0 && !emptyInTable) return <ListNote quiet={quiet}>{empty}</ListNote>;
  const table = (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={index} align={column.align}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} sx={rowSx?.(row)}>
            {columns.map((column, index) => (
              <TableCell key={index} align={column.align} sx={column.sxOf?.(row) ?? column.sx}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns.length}>{empty}</TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
  // A region that scrolls must be reachable by keyboard, where its cells may hold nothing focusable.
  return scrolls ? (
    <Box tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      {table}
    </Box>
  ) : (
    table
  );
}

/** A row's small button, named for its row for screen readers ("Edit Maya", "Delete Maya"). */
export function RowButton({
  label,
  of,
  ariaLabel,
  danger,
  onClick,
  ...props
}: {
  label: string;
  /** The row's name, said after the label. */
  of?: string;
  /** The whole accessible name, where it is not the label and the row's name. */
  ariaLabel?: string;
  danger?: boolean;
  onClick: () => void;
} & Pick<ButtonProps, 'variant' | 'color'>) {
  return (
    <Button
      size="small"
      color={danger ? 'error' : undefined}
      {...props}
      onClick={onClick}
      aria-label={ariaLabel ?? (of === undefined ? label : `${label} ${of}`)}
    >
      {label}
    </Button>
  );
}

/** The Edit and Delete pair most lists end their rows with. */
export function EditDeleteButtons({
  of,
  onEdit,
  onDelete,
}: {
  of: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <RowButton label="Edit" of={of} onClick={onEdit} />
      <RowButton label="Delete" of={of} danger onClick={onDelete} />
    </>
  );
}

/** The next page of a list, shown while there is one. */
export function LoadMoreButton({ onClick }: { onClick: () => void }) {
  return (
    <Button onClick={onClick} sx={{ alignSelf: 'center' }}>
      Load more
    </Button>
  );
}

/** The "New …" button above a list. */
export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="contained" onClick={onClick} sx={{ alignSelf: 'flex-start' }}>
      {label}
    </Button>
  );
}

/** Above a list: a search field, and a choice among a few (an order, a state), side by side from sm up. */
export function ListFilters<Choice extends string>({
  searchLabel,
  search,
  onSearch,
  choiceLabel,
  choice,
  choices,
  labels,
  onChoice,
  choiceWidth,
}: {
  searchLabel: string;
  search: string;
  onSearch: (search: string) => void;
  choiceLabel: string;
  choice: Choice;
  choices: readonly Choice[];
  labels: Record<Choice, string>;
  onChoice: (choice: Choice) => void;
  choiceWidth: number;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label={searchLabel}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        fullWidth
      />
      <TextField
        select
        label={choiceLabel}
        value={choice}
        onChange={(event) => onChoice(event.target.value as Choice)}
        sx={{ minWidth: choiceWidth }}
      >
        {choices.map((key) => (
          <MenuItem key={key} value={key}>
            {labels[key]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
