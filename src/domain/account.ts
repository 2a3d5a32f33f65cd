/** Deleting one's own account (spec 2): the messages, the reason's limits, and what "recent" sign-in means. */
export const ACCOUNT_DELETION = {
  recentLogin: 'For security reasons, please log out and log back in before deleting your account.',
  noUser: 'No authenticated user found',
  failed: 'Failed to delete account. Please try again.',
  reasonRequired: 'reason is required',
  photoError: 'User deleted',
  /** What the member reads once it is done. */
  done: 'Your account has been deleted. Removing your data may take up to 24 hours.',
} as const;

/** Who a deleted member's words in others' conversations are from, once the purge took their name. */
export const FORMER_MEMBER = 'Former member';

export const DELETION_REASON_MIN = 12;
export const DELETION_REASON_MAX = 255;
/** A sign-in counts as recent for 5 minutes, as Firebase Auth's own sensitive operations do. */
export const RECENT_LOGIN_MS = 5 * 60 * 1000;

export function isRecentLogin(authTime: Date | null, now: Date): boolean {
  return authTime !== null && now.getTime() - authTime.getTime() <= RECENT_LOGIN_MS;
}

/** The removal record, `removals/{uid}`: why the member left. */
export interface RemovalRecord {
  uid: string;
  message: string;
  removedAt: Date;
}
