/** The admin area (spec 2, "Admin area"): its tabs, its words, and the schemas its forms and handlers share. */
import * as yup from 'yup';
import { FIELD_MAX } from './constants';

/**
 * The spec's tabs, Reports beside Photos (three reports take a photo out of every feed until an admin
 * decides) and the Inbox (Contact us and Feedback would otherwise reach nobody).
 */
export const ADMIN_TABS = [
  'Users',
  'Photos',
  'Reports',
  'Review',
  'Inbox',
  'Features',
  'AB Tests',
  'Articles',
  'PWA Tools',
  'Audit log',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export const DEFAULT_ADMIN_TAB: AdminTab = 'Photos';

export const ADMIN_MESSAGES = {
  adminOnly: 'Only an admin can do this.',
  pointsNumeric: 'Tokens must be a number',
  pointsWhole: 'Tokens must be a whole number',
  pointsMin: 'Tokens cannot be negative',
  pointsMax: 'Tokens must be at most 1,000,000,000',
  userIdInvalid: 'The user ID is not valid.',
  nothingChanged: 'Nothing was changed.',
  /** An admin's own role and sign-in are another admin's to change: none grants or keeps power alone. */
  notYourself: 'You cannot change your own admin role or disable yourself.',
  /** Someone must always be able to grant the role. */
  lastAdmin: 'The last admin cannot be removed.',
  noUsers: 'No users found.',
  /** An admin's own account goes through the profile's deletion, which asks for a recent sign-in. */
  notYourAccount: 'You cannot delete your own account here. Use Delete account on your profile.',
  deletedByAdmin: 'Deleted by an admin.',
  noLog: 'No admin actions recorded yet.',
} as const;

export const ADMIN_POINTS_MAX = 1_000_000_000;

/** A member's uid as Auth makes it: never a slash, so `users/{uid}` cannot name a document elsewhere. */
const uidSchema = yup
  .string()
  .trim()
  .required('User ID is required')
  .matches(/^[A-Za-z0-9_-]{1,128}$/, ADMIN_MESSAGES.userIdInvalid);

/** A page cursor's time is a date that exists: month 13 fits the pattern but fails in the store. */
export const CURSOR_INVALID = 'This page cursor is not valid.';
export const isCursorTime = (cursor: string | undefined): boolean =>
  cursor === undefined || !Number.isNaN(Date.parse(cursor.split('|')[0]!));

const userFields = {
  displayName: yup
    .string()
    .trim()
    .max(FIELD_MAX, `Name must be at most ${FIELD_MAX} characters`)
    .required('Name is required'),
  points: yup
    .number()
    .typeError(ADMIN_MESSAGES.pointsNumeric)
    .integer(ADMIN_MESSAGES.pointsWhole)
    .min(0, ADMIN_MESSAGES.pointsMin)
    // Far above any balance, and a safe integer: 1e308 is whole too.
    .max(ADMIN_POINTS_MAX, ADMIN_MESSAGES.pointsMax)
    .required(ADMIN_MESSAGES.pointsNumeric),
  isAdmin: yup.boolean().required(),
  disabled: yup.boolean().required(),
};

/** The admin's edit dialog for a member: display name, tokens, admin, disabled. */
export const adminUserFormSchema = yup.object(userFields);
export type AdminUserFormValues = yup.InferType<typeof adminUserFormSchema>;

/** What the dialog sends: the member, and only the fields the admin changed. */
export const adminUpdateUserSchema = yup.object({
  uid: uidSchema,
  displayName: userFields.displayName.optional(),
  points: userFields.points.optional(),
  isAdmin: userFields.isAdmin.optional(),
  disabled: userFields.disabled.optional(),
});
export type AdminUpdateUserInput = yup.InferType<typeof adminUpdateUserSchema>;

/** Delete a member: the same deletion and purge as their own, with the removal record naming the admin. */
export const adminDeleteUserSchema = yup.object({
  uid: uidSchema,
});
export type AdminDeleteUserInput = yup.InferType<typeof adminDeleteUserSchema>;

export const ADMIN_PAGE_SIZE = 20;
/** The PWA Tools tab's Check for Updates button comes back this long after a check (spec 2 section 9). */
export const PWA_UPDATE_CHECK_RESET_MS = 2000;
export const ADMIN_USER_SORTS = ['points', 'displayName', 'lastVotedAt'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/**
 * A page of members for the Users tab: by a sort field, descending, 20 at a time after the cursor (the
 * last row's value of that field); or a search, two prefix queries (display name, e-mail) merged.
 */
export const adminListUsersSchema = yup.object({
  search: yup.string().trim().max(FIELD_MAX, `Search must be at most ${FIELD_MAX} characters`).optional(),
  sort: yup.mixed<AdminUserSort>().oneOf(ADMIN_USER_SORTS, 'Unknown sort').required('Unknown sort'),
  /** `{uid}|{value}`: the last row's member and sort value, so members with the same value are not skipped. */
  cursor: yup
    .string()
    .max(FIELD_MAX + 200)
    .optional(),
});
export type AdminListUsersInput = yup.InferType<typeof adminListUsersSchema>;

/** A member as the Users tab shows them. */
export interface AdminUserRow {
  uid: string;
  displayName: string;
  email: string | null;
  photoURL: string | null;
  points: number;
  isAdmin: boolean;
  disabled: boolean;
  /** ISO text: dates travel as text in a callable's answer. */
  lastVotedAt: string | null;
}

export interface AdminUserPage {
  users: AdminUserRow[];
  /** What to send for the next page; null at the end, and for a search. */
  cursor: string | null;
}

/** The fields of a member an admin may change, as the audit log records them. */
export type AdminUserChanges = Partial<AdminUserFormValues>;

/** What an admin did, as the audit log names it. */
export const ADMIN_ACTIONS = [
  'updateUser',
  'deleteUser',
  'saveFeature',
  'saveAbTest',
  'deleteFeature',
  'startAbTest',
  'stopAbTest',
  'updatePhoto',
  'deletePhoto',
  'addBotVote',
  'generateComments',
  'restorePhoto',
  'removeReportedPhoto',
  'approveHeldPhoto',
  'removeHeldPhoto',
  'saveArticle',
  'deleteArticle',
  'markMessageHandled',
  'reopenMessage',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** One admin write, kept for admins to read: who, what, when, the record before and after. */
export interface AdminLogEntry {
  adminId: string;
  action: AdminAction;
  targetPath: string;
  at: Date;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export const adminLogPath = (id: string) => `adminLog/${id}`;

/** The audit log, newest first, 20 a page after a cursor (`{at}|{id}`: the last entry's time and id, so entries of the same instant are not skipped). */
export const adminListLogSchema = yup.object({
  cursor: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z(\|[A-Za-z0-9_-]{1,64})?$/, CURSOR_INVALID)
    .test('date', CURSOR_INVALID, isCursorTime)
    .optional(),
});
export type AdminListLogInput = yup.InferType<typeof adminListLogSchema>;

/** A member as admin lists name them; none where the member's record is gone. */
export interface AdminMemberName {
  displayName: string;
  email: string | null;
}

/** An audit entry as the Audit log tab shows it: dates as ISO text, within the records too. */
export interface AdminLogRow {
  id: string;
  adminId: string;
  /** The admin's display name now; null once their record is gone. */
  adminName: string | null;
  action: AdminAction;
  targetPath: string;
  at: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface AdminLogPage {
  entries: AdminLogRow[];
  cursor: string | null;
}
