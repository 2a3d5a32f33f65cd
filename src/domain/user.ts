/** The member's record, `users/{uid}`: the shape both backends store and the client watches. */
import type { CookieConsent } from './consent';
import { NEW_MEMBER_TOKENS } from './constants';
import type { BlockEntry } from './blocks';
import type { AppNotification } from './notifications';
export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];

export const SHOW_GENDERS = ['both', 'female', 'male'] as const;
export type ShowGender = (typeof SHOW_GENDERS)[number];

export type PresenceState = 'online' | 'offline';

/** Light or dark: kept on the device and on the record, so the member's other devices follow. */
export const COLOR_MODES = ['light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

export interface User {
  uid: string;
  email: string | null;
  displayName: string;
  photoURL: string | null;
  emailVerified: boolean;
  providers: string[];
  referrerId?: string;
  status: PresenceState;
  newVotes: number;
  age?: number;
  birthyear?: number;
  gender?: Gender;
  showGender?: ShowGender;
  /** The member's light or dark choice (spec 2 section 3); none until they first choose. */
  colorMode?: ColorMode;
  complete: boolean;
  onBoarding: boolean;
  subscribed: boolean;
  points: number;
  loginStreak: number;
  lastLogin?: Date;
  /**
   * Kept empty: whom a member blocked is in `memberBlocks/{uid}` (src/domain/blocks.ts), which only the
   * server reads, since a blocked commenter's uid would name them. The feed still honours uids here.
   */
  blocks: string[];
  blockedBy?: string[];
  /** The member's blocks as their profile lists them, naming no one. */
  blockList?: BlockEntry[];
  /** Ratings given: their count, sum and sum of squares (tokens, leniency, junk patterns). */
  votesGiven?: number;
  ratesGivenSum?: number;
  ratesGivenSquares?: number;
  lastVotedAt?: Date;
  /** The last notification (a reaction or reply to their comment), and when the bell was last opened. */
  lastNotification?: AppNotification;
  notificationsSeenAt?: Date;
  /**
   * The push token of the device the member enabled notifications on, and when it was stored; null
   * once the push service said the token is dead.
   */
  messagingToken?: string | null;
  messagingTokenUpdated?: Date | null;
  /** Every device (the newest few) the member enabled notifications on: each is pushed to. */
  pushDevices?: Array<{ token: string; updatedAt: Date }>;
  /** The member's cookie consent, so it follows them to another device. */
  cookieConsent?: CookieConsent;
  /** The time zone of the member's last counted login, which their calendar days follow. */
  timeZone?: string;
  feedback: boolean;
  /** Set when the first-photo bonus has been granted, so it is granted once. */
  firstPhotoBonus?: boolean;
  isAdmin: boolean;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt?: Date;
  /**
   * Local backend only: when a start found the record without its Auth account (lost to a crash right
   * after sign-up) and could not make the account again from it.
   */
  orphanedAt?: Date;
}

export interface Presence {
  state: PresenceState;
  lastChanged: Date;
}

/** What a member is given when their record is made; the rest starts as every new member's does. */
export type NewUserFields = Pick<User, 'uid' | 'email' | 'displayName' | 'createdAt'> & Partial<User>;

/** A new member: no profile yet, not onboarded, free, with the starting tokens and no streak. */
export function newUser(fields: NewUserFields): User {
  return {
    photoURL: null,
    emailVerified: false,
    providers: [],
    status: 'offline',
    newVotes: 0,
    complete: false,
    onBoarding: false,
    subscribed: false,
    points: NEW_MEMBER_TOKENS,
    loginStreak: 0,
    blocks: [],
    feedback: false,
    isAdmin: false,
    disabled: false,
    updatedAt: fields.createdAt,
    ...fields,
  };
}
