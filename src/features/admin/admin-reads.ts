/**
 * The admin tabs' reads: a whole list, or a list 20 a page after a cursor. A failed read is logged and
 * said in a toast, and leaves what was shown (an empty list at first), so a tab never hangs on loading.
 */
import { useCallback, useEffect, useState } from 'react';
import { useDialogs, type ConfirmOptions } from '@/components/dialogs';
import { useToast } from '@/components/toast';
import { logFailure } from '@/lib/report-error';
import { messageOf } from './admin-parts';

/** A whole list, read again on `reload`. `read` must keep its identity (a module function or a callback). */
export function useAdminList<Row>(read: () => Promise<Row[]>) {
  const toast = useToast();
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    read().then(
      (found) => current && setRows(found),
      (error: unknown) => {
        logFailure(error, { feature: 'admin' });
        toast({ message: messageOf(error), severity: 'error' });
        if (current) setRows((previous) => previous ?? []);
      },
    );
    return () => {
      current = false;
    };
  }, [read, toast, version]);
  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { rows, setRows, reload };
}

export interface ListPage<Row> {
  rows: Row[];
  /** Where the next page starts; null on the last page. */
  cursor: string | null;
}

/**
 * A list read a page at a time: the first page `delayMs` after `readPage` changes (so typing in a
 * search asks once), the next ones on `loadMore` while there is a cursor.
 */
export function usePagedList<Row>(
  readPage: (cursor: string | null) => Promise<ListPage<Row>>,
  delayMs: number,
) {
  const toast = useToast();
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      try {
        const page = await readPage(after);
        setRows((previous) => (after ? [...(previous ?? []), ...page.rows] : page.rows));
        setCursor(page.cursor);
      } catch (error) {
        logFailure(error, { feature: 'admin' });
        toast({ message: messageOf(error), severity: 'error' });
        setRows((previous) => previous ?? []);
      }
    },
    [readPage, toast],
  );

  useEffect(() => {
    const timer = setTimeout(() => void load(null), delayMs);
    return () => clearTimeout(timer);
  }, [load, delayMs]);

  const loadMore = useCallback(() => {
    if (cursor) void load(cursor);
  }, [cursor, load]);
  return { rows, setRows, cursor, loadMore };
}

/** One admin write, asked first where it cannot be undone. */
export interface AdminWrite {
  /** The confirmation to pass first; the write is dropped when the admin says no. */
  ask?: ConfirmOptions;
  work: () => Promise<unknown>;
  /** The success toast's words. */
  done: string;
  /** What follows a success, such as reading the list again. */
  after?: () => unknown;
}

/** Runs admin writes: the success said in a toast and followed by `after`, a failure said in a toast. */
export function useAdminWrite() {
  const toast = useToast();
  const { confirm } = useDialogs();
  return useCallback(
    async ({ ask, work, done, after }: AdminWrite) => {
      if (ask && !(await confirm(ask))) return;
      try {
        await work();
        toast({ message: done, severity: 'success' });
        await after?.();
      } catch (error) {
        toast({ message: messageOf(error), severity: 'error' });
      }
    },
    [confirm, toast],
  );
}
