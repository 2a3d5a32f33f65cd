/** The audit log of admin writes: each is kept with who, what, when, and the record before and after. */
import { randomUUID } from 'node:crypto';
import { adminLogPath, type AdminAction, type AdminLogEntry } from '../../../src/domain/admin';
import type { Transaction } from '../store/store';

/** Adds the entry in the write's own transaction, so a write is never without its record, nor the reverse. */
export function logAdminWrite(
  tx: Transaction,
  entry: { adminId: string; action: AdminAction; targetPath: string; at: Date } & Partial<
    Pick<AdminLogEntry, 'before' | 'after'>
  >,
): void {
  tx.set(adminLogPath(randomUUID()), {
    before: {},
    after: {},
    ...entry,
  } satisfies AdminLogEntry);
}
