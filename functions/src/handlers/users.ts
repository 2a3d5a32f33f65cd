/** Paths and the stored shape of the member's record, shared by the handlers. */
import type { User } from '../../../src/domain/user';

export const userPath = (uid: string) => `users/${uid}`;
export const presencePath = (uid: string) => `status/${uid}`;

export type UserDocument = User & Record<string, unknown>;
