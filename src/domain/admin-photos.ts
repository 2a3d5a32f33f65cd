/**
 * The admin's Photos and Reports tabs (spec 2, "Admin area"): every photo by uploader and active state,
 * the edit (caption, active, labels), archive and delete, a photo's votes, bot votes, AI comments, and
 * the reported photos. The schemas are the forms' and the handlers'.
 */
import * as yup from 'yup';
import { CURSOR_INVALID, isCursorTime, type AdminMemberName } from './admin';
import { CAPTION_MAX } from './limits';
import { COMMENT_MAX, isHalfStep, TAGS, type ReportReason, type Tag } from './rating';
import { GENDERS, type Gender } from './user';

export const ADMIN_PHOTO_MESSAGES = {
  userIdToUpdate: 'User ID is required to update a photo.',
  userIdToDelete: 'User ID is required to delete a photo.',
  userIdToGenerate: 'User ID is required to generate comments.',
  noPhotoId: 'No photo ID provided to fetch votes.',
  loadVotesFailed: 'Failed to load votes.',
  refreshVotesFailed: 'Failed to refresh votes.',
  botVoteFailed: 'Failed to add bot vote. Check console for details.',
  noVotes: 'No votes found for this photo.',
  noPhotos: 'No photos found.',
  photoAndRating: 'Photo and rating are required',
  botAge: 'Voter age must be between 13 and 100',
  photoGone: 'This photo no longer exists.',
  noReports: 'No reported photos.',
  notReported: 'This photo has no reports.',
  commentsFailed: 'Failed to generate comments. Please try again.',
  tooManyComments: 'This photo has as many AI comments as it can keep. Replace them instead.',
} as const;

/** What the owner of a reported photo is told: when it leaves the feeds, and when an admin decides. */
export const REPORT_NOTICES = {
  underReview:
    'Your photo is under review: other members reported it, so it is out of the rating feed until we have looked at it.',
  restored: 'We reviewed your photo and it is back in the rating feed.',
  removed: 'We reviewed your photo and removed it, as it goes against our terms.',
} as const;

/** Bot votes (spec 2 section 9): the viewing time they record, the voter ages they take. */
export const BOT_VOTER_ID = 'bot';
export const BOT_VIEWING_SECONDS = 5;
export const BOT_AGE_MIN = 13;
export const BOT_AGE_MAX = 100;
/** AI comments per photo (spec 2 section 9). */
export const GEN_COMMENTS_DEFAULT = 30;
export const GEN_COMMENTS_MAX = 100;
/** AI comments a photo keeps in all: Add again and again would grow its record past what the store takes. */
export const GEN_COMMENTS_KEPT_MAX = 300;
export const GEN_COMMENT_MODES = ['replace', 'add'] as const;
export type GenCommentMode = (typeof GEN_COMMENT_MODES)[number];

export const LABEL_MAX = 40;
export const LABELS_MAX = 20;

/**
 * The admin's tags input: a comma or a space ends a label (spec 2 section 5). Labels are kept as
 * typed, trimmed, each once.
 */
export function parseLabels(text: string): string[] {
  const labels = text
    .split(/[,\s]+/)
    .map((label) => label.trim())
    .filter((label) => label.length > 0);
  return [...new Set(labels)];
}

const id = (required: string) =>
  yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, { message: 'The ID is not valid', excludeEmptyString: true })
    .required(required);

const photoId = (required: string) =>
  yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'Photo is not valid', excludeEmptyString: true })
    .required(required);

export const ADMIN_PHOTO_ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;
export type AdminPhotoActiveFilter = (typeof ADMIN_PHOTO_ACTIVE_FILTERS)[number];

/** A page of photos: newest first, by uploader and active state, 20 after the cursor (an upload time). */
export const adminListPhotosSchema = yup.object({
  userId: id('User ID is required').optional(),
  active: yup
    .mixed<AdminPhotoActiveFilter>()
    .oneOf(ADMIN_PHOTO_ACTIVE_FILTERS, 'Choose all, active or inactive')
    .default('all'),
  /** `{uploadedAt}|{photo path}`: where the last page ended, so photos uploaded in the same instant are not skipped. */
  cursor: yup
    .string()
    .matches(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z(\|users\/[A-Za-z0-9_-]{1,128}\/photos\/[A-Za-z0-9_-]{1,64})?$/,
      CURSOR_INVALID,
    )
    .test('date', CURSOR_INVALID, isCursorTime)
    .optional(),
});
export type AdminListPhotosInput = yup.InferType<typeof adminListPhotosSchema>;

export const labelsSchema = yup
  .array(
    yup
      .string()
      .trim()
      .max(LABEL_MAX, `A label is at most ${LABEL_MAX} characters`)
      .matches(/^[^,\s]+$/, 'A label has no commas or spaces')
      .required(),
  )
  .max(LABELS_MAX, `At most ${LABELS_MAX} labels`);

/** The edit dialog: caption, active, labels. */
export const adminPhotoFormSchema = yup.object({
  caption: yup.string().trim().max(CAPTION_MAX, `Caption must be at most ${CAPTION_MAX} characters`),
  active: yup.boolean(),
  labels: labelsSchema,
});

/** What the dialog sends: the photo, and only the fields that changed. */
export const adminUpdatePhotoSchema = adminPhotoFormSchema.shape({
  userId: id(ADMIN_PHOTO_MESSAGES.userIdToUpdate),
  photoId: photoId('Photo is required'),
});
export type AdminUpdatePhotoInput = yup.InferType<typeof adminUpdatePhotoSchema>;

export const adminDeletePhotoSchema = yup.object({
  userId: id(ADMIN_PHOTO_MESSAGES.userIdToDelete),
  photoId: photoId('Photo is required'),
});
export type AdminDeletePhotoInput = yup.InferType<typeof adminDeletePhotoSchema>;

export const adminListVotesSchema = yup.object({
  userId: id('User ID is required'),
  photoId: photoId(ADMIN_PHOTO_MESSAGES.noPhotoId),
});
export type AdminListVotesInput = yup.InferType<typeof adminListVotesSchema>;

/** The bot vote form: the photo and a rating are required; the voter 13 to 100. */
export const botVoteFormSchema = yup.object({
  rate: yup
    .number()
    .typeError(ADMIN_PHOTO_MESSAGES.photoAndRating)
    .required(ADMIN_PHOTO_MESSAGES.photoAndRating)
    .min(0.5, 'Rating must be 0.5 to 5 hearts')
    .max(5, 'Rating must be 0.5 to 5 hearts')
    .test('half-steps', 'Rating must be 0.5 to 5 hearts', (rate) => isHalfStep(rate)),
  comment: yup
    .string()
    .trim()
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`)
    .default(''),
  chips: yup
    .array(yup.mixed<Tag>().oneOf(TAGS, 'Choose tags from the list').required())
    .max(TAGS.length)
    .test('distinct', 'Each tag counts once', (chips) => !chips || new Set(chips).size === chips.length)
    .default([]),
  age: yup
    .number()
    .typeError(ADMIN_PHOTO_MESSAGES.botAge)
    .integer(ADMIN_PHOTO_MESSAGES.botAge)
    .min(BOT_AGE_MIN, ADMIN_PHOTO_MESSAGES.botAge)
    .max(BOT_AGE_MAX, ADMIN_PHOTO_MESSAGES.botAge)
    .required(ADMIN_PHOTO_MESSAGES.botAge),
  gender: yup.mixed<Gender>().oneOf(GENDERS, 'Choose female or male').required('Choose female or male'),
});
export type BotVoteFormValues = yup.InferType<typeof botVoteFormSchema>;

export const adminAddBotVoteSchema = botVoteFormSchema.shape({
  userId: id(ADMIN_PHOTO_MESSAGES.photoAndRating),
  photoId: photoId(ADMIN_PHOTO_MESSAGES.photoAndRating),
});
export type AdminAddBotVoteInput = yup.InferType<typeof adminAddBotVoteSchema>;

export const generateGenCommentsSchema = yup.object({
  userId: id(ADMIN_PHOTO_MESSAGES.userIdToGenerate),
  photoId: photoId('Photo is required'),
  count: yup
    .number()
    .integer('Count must be a whole number')
    .min(1, `Count must be 1 to ${GEN_COMMENTS_MAX}`)
    .max(GEN_COMMENTS_MAX, `Count must be 1 to ${GEN_COMMENTS_MAX}`)
    .default(GEN_COMMENTS_DEFAULT),
  mode: yup.mixed<GenCommentMode>().oneOf(GEN_COMMENT_MODES, 'Choose replace or add').default('replace'),
});
export type GenerateGenCommentsInput = yup.InferType<typeof generateGenCommentsSchema>;

/** Restore (eligible again, reports cleared) or remove a reported photo; the owner is told either way. */
export const REPORT_DECISIONS = ['restore', 'remove'] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];
export const adminResolveReportSchema = yup.object({
  userId: id('User ID is required'),
  photoId: photoId('Photo is required'),
  decision: yup
    .mixed<ReportDecision>()
    .oneOf(REPORT_DECISIONS, 'Choose restore or remove')
    .required('Choose restore or remove'),
});
export type AdminResolveReportInput = yup.InferType<typeof adminResolveReportSchema>;

/** The reported photos are few: most reported first, one page. */
export const adminListReportsSchema = yup.object({});
export type AdminListReportsInput = yup.InferType<typeof adminListReportsSchema>;

/** A photo as the Photos tab shows it; dates as ISO text, as a callable's answer carries them. */
export interface AdminPhotoRow {
  id: string;
  userId: string;
  imageUrl: string;
  /** The small variant the table shows; null on photos made before it was. */
  smallImageUrl: string | null;
  caption: string;
  active: boolean;
  eligible: boolean;
  labels: string[];
  rate: number;
  votesCount: number;
  reportsCount: number;
  genComments: string[];
  error: string | null;
  uploadedAt: string;
}

/** A row of the Photos tab: the photo and who uploaded it, by name and e-mail rather than by uid. */
export interface AdminListedPhoto extends AdminPhotoRow {
  uploader: AdminMemberName | null;
}

export interface AdminPhotoPage {
  photos: AdminListedPhoto[];
  cursor: string | null;
}

export interface AdminVoteRow {
  id: string;
  /** Who gave it, for moderation (the owner never reads it): BOT_VOTER_ID for a bot, null once purged. */
  userId: string | null;
  rate: number;
  comment: string;
  chips: string[];
  ageDecade: number;
  gender: Gender;
  viewingTimeSeconds: number;
  ratedAt: string;
}

export interface AdminReportedPhoto extends AdminPhotoRow {
  reporters: number;
  reasons: Array<{ reason: ReportReason; count: number }>;
}
