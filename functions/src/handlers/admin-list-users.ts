/**
 * The Users tab's read: members by a sort field, descending, a page of 20 after a cursor; or a search,
 * two prefix queries (display name and e-mail) merged. Admins only, by the claim.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import {
  ADMIN_PAGE_SIZE,
  adminListUsersSchema,
  type AdminUserPage,
  type AdminUserRow,
  type AdminUserSort,
} from '../../../src/domain/admin';
import type { User } from '../../../src/domain/user';
import type { QueryDocument, Store } from '../store/store';
import { requireAdmin } from './admin-users';
import { validate, type Handler } from './handler';
import { userPath } from './users';

/** The highest character Firestore orders: a prefix p covers [p, p + this). */
const PREFIX_END = '\uf8ff';

function row({ id, data }: QueryDocument<User>): AdminUserRow {
  return {
    uid: id,
    displayName: data.displayName,
    email: data.email,
    photoURL: data.photoURL,
    points: data.points,
    isAdmin: data.isAdmin === true,
    disabled: data.disabled === true,
    lastVotedAt: data.lastVotedAt ? data.lastVotedAt.toISOString() : null,
  };
}

/** The cursor travels as text; the store wants the field's own kind. */
function cursorValue(sort: AdminUserSort, cursor: string): string | number | Date {
  if (sort === 'displayName') return cursor;
  const value = sort === 'points' ? Number(cursor) : new Date(cursor);
  if (Number.isNaN(value.valueOf()))
    throw new HttpsError('invalid-argument', 'This page cursor is not valid.');
  return value;
}

function cursorOf(sort: AdminUserSort, last: AdminUserRow): string | null {
  const value = last[sort];
  return value === null ? null : `${last.uid}|${String(value)}`;
}

/** The member and value a page ended on; a bare value (no member) is taken too. */
function parseCursor(sort: AdminUserSort, cursor: string): { value: string | number | Date; path?: string } {
  const bar = cursor.indexOf('|');
  if (bar < 0) return { value: cursorValue(sort, cursor) };
  const uid = cursor.slice(0, bar);
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(uid))
    throw new HttpsError('invalid-argument', 'This page cursor is not valid.');
  return { value: cursorValue(sort, cursor.slice(bar + 1)), path: userPath(uid) };
}

async function byPrefix(store: Store, field: 'displayName' | 'email', prefix: string) {
  return store.query<User>('users', {
    where: [
      { field, atLeast: prefix },
      { field, below: `${prefix}${PREFIX_END}` },
    ],
    orderBy: { field, direction: 'asc' },
    limit: ADMIN_PAGE_SIZE,
  });
}

export const adminListUsers: Handler<AdminUserPage> = {
  async run(data, context) {
    await requireAdmin(context);
    const { search, sort, cursor } = await validate(adminListUsersSchema, data);
    if (search) {
      const [byName, byEmail] = await Promise.all([
        byPrefix(context.store, 'displayName', search),
        byPrefix(context.store, 'email', search.toLowerCase()),
      ]);
      const merged = new Map<string, AdminUserRow>();
      for (const doc of [...byName, ...byEmail]) if (!doc.data.deletedAt) merged.set(doc.id, row(doc));
      return { users: [...merged.values()], cursor: null };
    }
    const after = cursor === undefined ? undefined : parseCursor(sort, cursor);
    const docs = await context.store.query<User>('users', {
      orderBy: { field: sort, direction: 'desc' },
      ...(after === undefined ? {} : { startAfter: after.value }),
      ...(after?.path === undefined ? {} : { startAfterPath: after.path }),
      limit: ADMIN_PAGE_SIZE,
    });
    const users = docs.filter((doc) => !doc.data.deletedAt).map(row);
    const last = docs.at(-1);
    return {
      users,
      cursor: docs.length === ADMIN_PAGE_SIZE && last ? cursorOf(sort, row(last)) : null,
    };
  },
};
