import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Caller } from './handlers/handler';

/** The parts of a verified ID token the handlers use; both hosts build the caller this way. */
export function callerFromToken(token: DecodedIdToken): Caller {
  return {
    uid: token.uid,
    email: token.email ?? null,
    emailVerified: token.email_verified ?? false,
    signInProvider: token.firebase.sign_in_provider ?? null,
    name: typeof token.name === 'string' ? token.name : null,
    picture: token.picture ?? null,
    authTime: typeof token.auth_time === 'number' ? new Date(token.auth_time * 1000) : null,
    expiresAt: new Date(token.exp * 1000),
    isAdmin: token.admin === true,
  };
}
