/**
 * Who is admin: the `admin` custom claim on the Auth account and the member record's `isAdmin` together.
 * The record is read on every admin call, so a role taken away ends at once, whatever token the member
 * still holds; the app reads it too. Set by an admin, or by `npm run admin` for the first one.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { ADMIN_MESSAGES } from '../../../src/domain/admin';
import type { Store, Transaction } from '../store/store';
import type { Caller, Clock } from './handler';
import { userPath, type UserDocument } from './users';

/** Whether a caller is admin now: their token's claim, and their record, neither disabled nor deleted. */
export async function isAdminNow(store: Pick<Store, 'get'>, caller: Caller): Promise<boolean> {
  if (caller.isAdmin !== true) return false;
  const record = await store.get<UserDocument>(userPath(caller.uid));
  return isAdminRecord(record);
}

const isAdminRecord = (record: UserDocument | undefined): boolean =>
  record?.isAdmin === true && record.disabled !== true && !record.deletedAt;

/** The uids of the admins on record, read in the transaction that would take one of them away. */
export async function adminsOnRecord(tx: Pick<Transaction, 'query'>): Promise<string[]> {
  const admins = await tx.query<UserDocument>('users', { where: [{ field: 'isAdmin', equals: true }] });
  return admins.filter(({ data }) => isAdminRecord(data)).map(({ id }) => id);
}

/** Refuses a change that would leave the site with no admin: someone must be able to grant the role. */
export function keepAnAdmin(admins: string[], leaving: string): void {
  if (admins.includes(leaving) && admins.every((uid) => uid === leaving))
    throw new HttpsError('failed-precondition', ADMIN_MESSAGES.lastAdmin);
}

/** The Auth side of the role: the Admin SDK's accounts and custom claims (the Auth emulator locally). */
export interface AdminClaims {
  /** The account's uid, or undefined when no account has this e-mail. */
  uidByEmail(email: string): Promise<string | undefined>;
  /** Sets or clears the `admin` claim, keeping the account's other claims. */
  setAdminClaim(uid: string, admin: boolean): Promise<void>;
  /** Ends the account's sign-ins: its refresh tokens stop working, and checked ID tokens are refused. */
  revokeRefreshTokens(uid: string): Promise<void>;
}

/** The Admin SDK's Auth, reduced to what the role needs. */
export interface ClaimsAuth {
  getUserByEmail(email: string): Promise<{ uid: string }>;
  getUser(uid: string): Promise<{ customClaims?: Record<string, unknown> }>;
  setCustomUserClaims(uid: string, claims: Record<string, unknown> | null): Promise<void>;
  revokeRefreshTokens(uid: string): Promise<void>;
}

export function adminClaims(auth: ClaimsAuth): AdminClaims {
  return {
    async uidByEmail(email) {
      try {
        return (await auth.getUserByEmail(email)).uid;
      } catch (error) {
        if ((error as { code?: unknown }).code === 'auth/user-not-found') return undefined;
        throw error;
      }
    },
    async setAdminClaim(uid, admin) {
      const { customClaims = {} } = await auth.getUser(uid);
      const others = Object.fromEntries(Object.entries(customClaims).filter(([name]) => name !== 'admin'));
      await auth.setCustomUserClaims(uid, admin ? { ...others, admin: true } : others);
    },
    revokeRefreshTokens: (uid) => auth.revokeRefreshTokens(uid),
  };
}

/**
 * Grants or revokes the role. A grant sets the claim, then the mirror on the member record when there
 * is one (a first sign-in copies the claim); the member's next ID token carries it. A revocation
 * takes the record first (which ends the role at once, since every admin call reads it), refusing
 * to take the last admin's, then the claim, and signs the member out of every session.
 */
export async function setAdminRole(
  services: { store: Store; claims: AdminClaims; clock: Clock },
  uid: string,
  isAdmin: boolean,
): Promise<void> {
  if (isAdmin) await services.claims.setAdminClaim(uid, true);
  await services.store.runTransaction(async (tx) => {
    const path = userPath(uid);
    const [record, admins] = await Promise.all([tx.get<UserDocument>(path), adminsOnRecord(tx)]);
    if (!isAdmin) keepAnAdmin(admins, uid);
    if (record && !record.deletedAt) tx.update(path, { isAdmin, updatedAt: services.clock.now() });
  });
  if (isAdmin) return;
  await services.claims.setAdminClaim(uid, false);
  await services.claims.revokeRefreshTokens(uid);
}
