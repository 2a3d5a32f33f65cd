/**
 * Verifies ID tokens issued by the Auth emulator with the Admin SDK, exactly as a Cloud Function
 * would in production. The Admin SDK reads FIREBASE_AUTH_EMULATOR_HOST to know it is local.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { callerFromToken } from '../caller-from-token';
import { adminClaims } from '../handlers/admin-role';
import type { Caller } from '../handlers/handler';
import { CheckedTokens } from './checked-tokens';

export interface AuthVerifier {
  verifyIdToken(token: string): Promise<Caller>;
  /** Deletes an account at the emulator, as the Admin SDK does in production. */
  deleteUser(uid: string): Promise<void>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  setAdminClaim(uid: string, admin: boolean): Promise<void>;
  /** Ends the account's sign-ins at the emulator: its tokens are refused from the next check on. */
  revokeRefreshTokens(uid: string): Promise<void>;
  close(): Promise<void>;
  /** The Admin SDK's Auth at the emulator, for the stack's own work (the demo admin). */
  auth: Auth;
}

export function emulatorAuthVerifier(projectId: string, authEmulatorHost: string): AuthVerifier {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app: App = initializeApp({ projectId }, `local-server-${projectId}-${Date.now()}`);
  const auth = getAuth(app);
  // Revocation (a deleted or disabled account) is asked of the emulator, then trusted briefly.
  const checked = new CheckedTokens(async (token) => callerFromToken(await auth.verifyIdToken(token, true)));
  const changing = async (uid: string, change: Promise<void>) => {
    try {
      await change;
    } finally {
      checked.forget(uid);
    }
  };
  return {
    verifyIdToken: (token) => checked.verify(token),
    deleteUser: (uid) => changing(uid, auth.deleteUser(uid)),
    setDisabled: (uid, disabled) =>
      changing(
        uid,
        auth.updateUser(uid, { disabled }).then(() => undefined),
      ),
    setAdminClaim: (uid, admin) => changing(uid, adminClaims(auth).setAdminClaim(uid, admin)),
    revokeRefreshTokens: (uid) => changing(uid, auth.revokeRefreshTokens(uid)),
    close: () => deleteApp(app),
    auth,
  };
}
