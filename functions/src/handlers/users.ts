/** Paths and the stored shape of the member's record, and the checks every handler makes of it. */
import { HttpsError } from 'firebase-functions/v2/https';
import { AUTH_MESSAGES } from '../../../src/domain/auth-errors';
import { DATABASE_CODE_MESSAGES } from '../../../src/domain/errors';
import type { FeedViewer } from '../../../src/domain/rating';
import type { User } from '../../../src/domain/user';

export const userPath = (uid: string) => `users/${uid}`;
export const presencePath = (uid: string) => `status/${uid}`;

export type UserDocument = User & Record<string, unknown>;

export const NOT_FOUND = DATABASE_CODE_MESSAGES['not-found']!;
export const PROFILE_INCOMPLETE = 'Please complete your profile first.';

export const ACCOUNT_DISABLED = AUTH_MESSAGES.accountDisabled;

/** A member an admin disabled is refused everything, and told why. */
export function assertNotDisabled(user: Partial<Pick<User, 'disabled'>> | undefined): void {
  if (user?.disabled === true) throw new HttpsError('permission-denied', ACCOUNT_DISABLED);
}

/** A missing or deleted member is answered alike: not found; a disabled one is refused. */
export function assertMember<T extends Pick<User, 'deletedAt'> & Partial<Pick<User, 'disabled'>>>(
  user: T | undefined,
): asserts user is T {
  if (!user || user.deletedAt) throw new HttpsError('not-found', NOT_FOUND);
  assertNotDisabled(user);
}

/** Rating and posting want the profile complete: the age, gender and show-me choice the feed works with. */
export function assertCompleteMember(user: User | undefined): asserts user is User & FeedViewer {
  assertMember(user);
  if (!user.complete || !user.gender || user.age === undefined || !user.showGender)
    throw new HttpsError('failed-precondition', PROFILE_INCOMPLETE);
}
