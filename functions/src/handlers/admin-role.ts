/**
 * Who is admin: the `admin` custom claim on the Auth account decides, and the member record's
 * `isAdmin` mirrors it for the app. Set by an admin, or by `npm run admin` for the first one.
 */
import type { Store } from '../store/store';
import type { Clock } from './handler';
import { userPath, type UserDocument } from './users';

/** The Auth side of the role: the Admin SDK's accounts and custom claims (the Auth emulator locally). */
export interface AdminClaims {
  /** The account's uid, or undefined when no account has this e-mail. */
  uidByEmail(email: string): Promise<string | undefined>;
  /** Sets or clears the `admin` claim, keeping the account's other claims. */
  setAdminClaim(uid: string, admin: boolean): Promise<void>;
}

/** The Admin SDK's Auth, reduced to what the role needs. */
export interface ClaimsAuth {
  getUserByEmail(email: string): Promise<{ uid: string }>;
  getUser(uid: string): Promise<{ customClaims?: Record<string, unknown> }>;
  setCustomUserClaims(uid: string, claims: Record<string, unknown> | null): Promise<void>;
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
  };
}

/**
 * Grants or revokes the role: the claim first (it is what the server trusts), then the mirror on the
 * member record, when there is one (a first sign-in copies the claim). The member's next ID token carries it.
 */
export async function setAdminRole(
  services: { store: Store; claims: AdminClaims; clock: Clock },
  uid: string,
  isAdmin: boolean,
): Promise<void> {
  await services.claims.setAdminClaim(uid, isAdmin);
  await services.store.runTransaction(async (tx) => {
    const path = userPath(uid);
    const record = await tx.get<UserDocument>(path);
    if (record && !record.deletedAt) tx.update(path, { isAdmin, updatedAt: services.clock.now() });
  });
}
