/**
 * The admin's writes to a member: edit (display name, tokens, admin, disabled; only what changed) and
 * delete (the same deletion and purge as a member's own). Each checks the caller's admin claim,
 * validates with the edit dialog's schema, and is kept in the audit log with the record before and after.
 */
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_MESSAGES,
  ADMIN_PAGE_SIZE,
  adminDeleteUserSchema,
  adminListLogSchema,
  adminLogPath,
  adminUpdateUserSchema,
  type AdminLogEntry,
  type AdminLogPage,
  type AdminMemberName,
  type AdminLogRow,
  type AdminUserChanges,
} from '../../../src/domain/admin';
import type { Callables } from '../../../src/domain/callables';
import type { User } from '../../../src/domain/user';
import { logAdminWrite } from './admin-log';
import { adminsOnRecord, isAdminNow, keepAnAdmin } from './admin-role';
import { deleteMemberAccount } from './delete-account';
import { requireCaller, validate, type Caller, type Handler, type HandlerContext } from './handler';
import type { Store } from '../store/store';
import { NOT_FOUND, userPath } from './users';

/**
 * The caller, when they are admin now: the token's claim and their record (`isAdminNow`), so a role
 * taken away ends at once, whatever token is still held. Anyone else is refused before anything else is read.
 */
export async function requireAdmin(context: HandlerContext): Promise<Caller> {
  const caller = requireCaller(context);
  if (!(await isAdminNow(context.store, caller)))
    throw new HttpsError('permission-denied', ADMIN_MESSAGES.adminOnly);
  return caller;
}

/** The names of the members a list shows, each record read once; a member whose record is gone has none. */
export async function memberNames(
  store: Store,
  uids: Iterable<string>,
): Promise<Map<string, AdminMemberName>> {
  const names = new Map<string, AdminMemberName>();
  await Promise.all(
    [...new Set(uids)].map(async (uid) => {
      const member = await store.get<User>(userPath(uid));
      if (member) names.set(uid, { displayName: member.displayName, email: member.email ?? null });
    }),
  );
  return names;
}

const ADMIN_ONLY = () => new HttpsError('permission-denied', ADMIN_MESSAGES.adminOnly);

const EDITABLE = ['displayName', 'points', 'isAdmin', 'disabled'] as const;

export const adminUpdateUser: Handler<Callables['adminUpdateUser']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { uid, ...sent } = await validate(adminUpdateUserSchema, data);
    const path = userPath(uid);
    const current = await context.store.get<User>(path);
    if (!current || current.deletedAt) throw new HttpsError('not-found', NOT_FOUND);
    const changes: AdminUserChanges = {};
    for (const field of EDITABLE) {
      const value = sent[field];
      if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
    }
    const changed = Object.keys(changes) as Array<keyof AdminUserChanges>;
    if (changed.length === 0) throw new HttpsError('invalid-argument', ADMIN_MESSAGES.nothingChanged);
    if (uid === admin.uid && (changes.isAdmin !== undefined || changes.disabled === true))
      throw new HttpsError('failed-precondition', ADMIN_MESSAGES.notYourself);
    const removesAdmin = changes.isAdmin === false || changes.disabled === true;

    // Auth first: the claim and the sign-in are what the server and Firebase Auth go by. A failure
    // after undoes what Auth took, so Auth, the record and the audit log never disagree. A member
    // whose role is taken is signed out everywhere, which cannot be undone: at worst they sign in again.
    const undo: Array<() => Promise<void>> = [];
    const now = context.clock.now();
    try {
      if (changes.isAdmin !== undefined) {
        await context.accounts.setAdminClaim(uid, changes.isAdmin);
        undo.unshift(() => context.accounts.setAdminClaim(uid, !changes.isAdmin));
        if (!changes.isAdmin) await context.accounts.revokeRefreshTokens(uid);
      }
      if (changes.disabled !== undefined) {
        await context.accounts.setDisabled(uid, changes.disabled);
        undo.unshift(() => context.accounts.setDisabled(uid, !changes.disabled));
      }
      await context.store.runTransaction(async (tx) => {
        const [user, admins] = await Promise.all([tx.get<User>(path), adminsOnRecord(tx)]);
        // Read again where it is written: two admins taking each other's role at once leave one.
        if (!admins.includes(admin.uid)) throw ADMIN_ONLY();
        if (!user || user.deletedAt) throw new HttpsError('not-found', NOT_FOUND);
        if (removesAdmin) keepAnAdmin(admins, uid);
        const before = Object.fromEntries(changed.map((field) => [field, user[field]]));
        tx.update(path, { ...changes, updatedAt: now });
        tx.set(adminLogPath(randomUUID()), {
          adminId: admin.uid,
          action: 'updateUser',
          targetPath: path,
          at: now,
          before,
          after: { ...changes },
        } satisfies AdminLogEntry);
      });
    } catch (error) {
      for (const step of undo) await step().catch(() => undefined);
      throw error;
    }
    return { updated: changed };
  },
};

/**
 * Deletes a member as their own deletion does (subscriptions ended, removal record, the member marked
 * deleted, photos deactivated, the Auth account gone; the purge removes the rest within the hour),
 * logged with what the record was. Not the admin's own account: that one asks for a recent sign-in.
 */
export const adminDeleteUser: Handler<Callables['adminDeleteUser']['result']> = {
  async run(data, context) {
    const admin = await requireAdmin(context);
    const { uid } = await validate(adminDeleteUserSchema, data);
    if (uid === admin.uid) throw new HttpsError('failed-precondition', ADMIN_MESSAGES.notYourAccount);
    await deleteMemberAccount(context, uid, ADMIN_MESSAGES.deletedByAdmin, {
      check: async (tx) => {
        const admins = await adminsOnRecord(tx);
        if (!admins.includes(admin.uid)) throw ADMIN_ONLY();
        keepAnAdmin(admins, uid);
      },
      write: (tx, member, now) =>
        logAdminWrite(tx, {
          adminId: admin.uid,
          action: 'deleteUser',
          targetPath: userPath(uid),
          at: now,
          before: {
            displayName: member.displayName,
            email: member.email,
            points: member.points,
            isAdmin: member.isAdmin === true,
            disabled: member.disabled === true,
          },
          after: { deletedAt: now },
        }),
    });
    return { deleted: true as const };
  },
};

/** Dates inside an entry's records travel as ISO text, as the callable answer carries them. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  return value;
}

/** Where the last page ended: its time, and the entry itself when the cursor names it (a bare time is taken too). */
function logCursor(cursor: string): { startAfter: Date; startAfterPath?: string } {
  const [at, id] = cursor.split('|');
  return { startAfter: new Date(at!), ...(id ? { startAfterPath: adminLogPath(id) } : {}) };
}

export const adminListLog: Handler<AdminLogPage> = {
  async run(data, context) {
    await requireAdmin(context);
    const { cursor } = await validate(adminListLogSchema, data);
    const docs = await context.store.query<AdminLogEntry>('adminLog', {
      orderBy: { field: 'at', direction: 'desc' },
      ...(cursor ? logCursor(cursor) : {}),
      limit: ADMIN_PAGE_SIZE,
    });
    const names = await memberNames(
      context.store,
      docs.map(({ data: entry }) => entry.adminId),
    );
    const entries: AdminLogRow[] = docs.map(({ id, data: entry }) => ({
      id,
      adminId: entry.adminId,
      adminName: names.get(entry.adminId)?.displayName ?? null,
      action: entry.action,
      targetPath: entry.targetPath,
      at: entry.at.toISOString(),
      before: plain(entry.before) as Record<string, unknown>,
      after: plain(entry.after) as Record<string, unknown>,
    }));
    const last = entries.at(-1);
    return {
      entries,
      cursor: docs.length === ADMIN_PAGE_SIZE && last ? `${last.at}|${last.id}` : null,
    };
  },
};
