/**
 * The Yup schemas shared by the forms and the server handlers, so a message the form shows
 * is the message the handler answers with.
 */
import * as yup from 'yup';
import { ACCOUNT_DELETION, DELETION_REASON_MAX, DELETION_REASON_MIN } from './account';
import { isCaptionPositiveEnough } from './caption';
import { isAbusive } from './comment-filter';
import { COMPARE_MESSAGES, COMPARE_MIN_PHOTOS } from './compare';
import { AGE_MAX, AGE_MIN, FIELD_MAX, PUSH_TOKEN_MAX, SIGN_UP_PASSWORD_MIN } from './constants';
import { AI_REACTIONS, INSIGHTS_MESSAGES, type AiReaction } from './photo';
import {
  AGE_RANGE_GAP,
  AGE_RANGE_MAX,
  AGE_RANGE_MIN,
  CAPTION_MAX,
  PHOTO_MESSAGES,
  PREMIUM_MAX_PHOTOS,
} from './limits';
import {
  COMMENT_MAX,
  FEED_PAGE_SIZE,
  isHalfStep,
  RATING_MESSAGES,
  REPORT_REASONS,
  TAGS,
  type ReportReason,
  type Tag,
} from './rating';
import { isTimeZone } from './streak';
import { COLOR_MODES, GENDERS, SHOW_GENDERS, type ColorMode, type Gender, type ShowGender } from './user';
import { REPLY_MAX } from './vote';
import { REACTION_EMOJIS, type ReactionEmoji } from './vote';

const email = yup
  .string()
  .trim()
  .email('Must be a valid email')
  .max(FIELD_MAX, `Email must be at most ${FIELD_MAX} characters`)
  .required('Email is required');

const password = yup
  .string()
  .max(FIELD_MAX, `Password must be at most ${FIELD_MAX} characters`)
  .required('Password is required');

export const signInSchema = yup.object({ email, password });
export type SignInValues = yup.InferType<typeof signInSchema>;

export const signUpSchema = yup.object({
  email,
  password: password.min(
    SIGN_UP_PASSWORD_MIN,
    `Password must be at least ${SIGN_UP_PASSWORD_MIN} characters`,
  ),
});
export type SignUpValues = yup.InferType<typeof signUpSchema>;

export const forgotPasswordSchema = yup.object({ email });
export type ForgotPasswordValues = yup.InferType<typeof forgotPasswordSchema>;

export const resetPasswordSchema = yup.object({
  password,
  confirmPassword: yup
    .string()
    .required("Passwords don't match")
    .oneOf([yup.ref('password')], "Passwords don't match"),
});
export type ResetPasswordValues = yup.InferType<typeof resetPasswordSchema>;

export const profileSchema = yup.object({
  displayName: yup
    .string()
    .trim()
    .max(FIELD_MAX, `Name must be at most ${FIELD_MAX} characters`)
    .required('Name is required'),
  age: yup
    .number()
    .typeError('Age is required')
    .integer('Age must be a whole number')
    .min(AGE_MIN, `You must be at least ${AGE_MIN} years old`)
    .max(AGE_MAX, `Age must be ${AGE_MAX} or less`)
    .required('Age is required'),
  gender: yup.mixed<Gender>().oneOf(GENDERS, 'Gender is required').required('Gender is required'),
  showGender: yup
    .mixed<ShowGender>()
    .oneOf(SHOW_GENDERS, 'Show gender is required')
    .required('Show gender is required'),
});
export type ProfileValues = yup.InferType<typeof profileSchema>;

/** What the client sends on every sign-in so the server can create or refresh the member's record. */
export const ensureUserSchema = yup.object({
  referrerId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Referrer is not valid')
    .optional(),
});
export type EnsureUserInput = yup.InferType<typeof ensureUserSchema>;

/** Callables that take nothing: an empty object (or nothing at all), and no field may be added. */
export const noInputSchema = yup.object({});

/** Returns the first message of each invalid field, for handlers that answer with them all. */
export function fieldErrors(error: yup.ValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const inner of error.inner.length ? error.inner : [error]) {
    const key = inner.path ?? '';
    if (!(key in fields)) fields[key] = inner.message;
  }
  return fields;
}

/** The New Photo form, and what `createPhoto` takes besides the uploaded file's name. */
export const newPhotoSchema = yup.object({
  caption: yup
    .string()
    .trim()
    .max(CAPTION_MAX, `Caption must be at most ${CAPTION_MAX} characters`)
    .test('positive', PHOTO_MESSAGES.negativeCaption, (caption) => isCaptionPositiveEnough(caption))
    .default(''),
  showTo: yup.mixed<ShowGender>().oneOf(SHOW_GENDERS, 'Choose who sees your photo').default('both'),
  ageRange: yup
    .tuple([
      yup.number().integer().min(AGE_RANGE_MIN).max(AGE_RANGE_MAX).required(),
      yup.number().integer().min(AGE_RANGE_MIN).max(AGE_RANGE_MAX).required(),
    ])
    .test('gap', `The age range must span at least ${AGE_RANGE_GAP} years`, (range) =>
      Boolean(range && range[1] - range[0] >= AGE_RANGE_GAP),
    )
    .required('Choose an age range'),
});
export type NewPhotoValues = yup.InferType<typeof newPhotoSchema>;

export const createPhotoSchema = newPhotoSchema.shape({
  fileName: yup
    .string()
    .matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, PHOTO_MESSAGES.photoRequired)
    .required(PHOTO_MESSAGES.photoRequired),
});
export type CreatePhotoInput = yup.InferType<typeof createPhotoSchema>;

export const photoIdSchema = yup.object({
  photoId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, 'Photo is not valid')
    .required('Photo is required'),
});

export const setPhotoActiveSchema = photoIdSchema.shape({ active: yup.boolean().required() });

/** The owner's thumb on a photo's AI insights; null takes it back. */
export const reactToInsightsSchema = photoIdSchema.shape({
  reaction: yup
    .mixed<AiReaction>()
    .nullable()
    .oneOf([...AI_REACTIONS, null], INSIGHTS_MESSAGES.reaction)
    .defined(INSIGHTS_MESSAGES.reaction),
});
export type ReactToInsightsInput = yup.InferType<typeof reactToInsightsSchema>;

export const activatePhotosSchema = yup.object({
  photoIds: yup
    .array(
      yup
        .string()
        .matches(/^[A-Za-z0-9_-]{1,64}$/, 'Photo is not valid')
        .required(),
    )
    .min(1, 'Choose photos to activate')
    .max(99)
    .required(),
});

/** Opening Compare: the photos it shows, which the feed then brings the votes they need. */
export const startComparingSchema = yup.object({
  photoIds: yup
    .array(
      yup
        .string()
        // Not of the form __name__: Firestore keeps those ids for itself and refuses a read of one.
        .matches(/^(?!__.*__$)[A-Za-z0-9_-]{1,64}$/, COMPARE_MESSAGES.photoNotValid)
        .required(COMPARE_MESSAGES.photoNotValid),
    )
    .min(COMPARE_MIN_PHOTOS, COMPARE_MESSAGES.choosePhotos)
    .max(PREMIUM_MAX_PHOTOS, COMPARE_MESSAGES.tooMany)
    .test('distinct', COMPARE_MESSAGES.twice, (ids) => !ids || new Set(ids).size === ids.length)
    .required(COMPARE_MESSAGES.choosePhotos),
});
export type StartComparingInput = yup.InferType<typeof startComparingSchema>;

export const sharedPhotoSchema = photoIdSchema.shape({
  ownerId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Photo is not valid')
    .required('Photo is required'),
});

const commentRef = {
  ownerId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Comment is not valid')
    .required('Comment is not valid'),
  photoId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,64}$/, 'Comment is not valid')
    .required('Comment is not valid'),
  /** The owner names the vote by its id; a voter may leave it out, as their vote on the photo is one. */
  voteId: yup
    .string()
    .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Comment is not valid')
    .optional(),
};

export const replySchema = yup.object({
  ...commentRef,
  text: yup
    .string()
    .trim()
    .required('Reply cannot be empty')
    .max(REPLY_MAX, `Reply must be at most ${REPLY_MAX} characters`),
});
export type ReplyInput = yup.InferType<typeof replySchema>;

const replyId = yup.string().matches(/^[A-Za-z0-9_-]{1,64}$/, 'Reply is not valid');

export const deleteReplySchema = yup.object({
  ...commentRef,
  replyId: replyId.required('Reply is not valid'),
});
export type DeleteReplyInput = yup.InferType<typeof deleteReplySchema>;

export const reactionSchema = yup.object({
  ...commentRef,
  replyId: replyId.optional(),
  emoji: yup
    .mixed<ReactionEmoji>()
    .oneOf(REACTION_EMOJIS, 'Choose one of the reactions')
    .required('Choose one of the reactions'),
});
export type ReactionInput = yup.InferType<typeof reactionSchema>;

const ownerId = yup
  .string()
  .matches(/^[A-Za-z0-9_-]{1,128}$/, 'Photo is not valid')
  .required('Photo is required');

/** The rating form, and what `submitRating` takes besides the photo. */
export const ratingFormSchema = yup.object({
  rate: yup
    .number()
    .typeError(RATING_MESSAGES.required)
    .required(RATING_MESSAGES.required)
    .test('half-steps', RATING_MESSAGES.halfSteps, (rate) => isHalfStep(rate)),
  comment: yup
    .string()
    .trim()
    .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`)
    .test('respectful', RATING_MESSAGES.abusiveComment, (comment) => !comment || !isAbusive(comment))
    .default(''),
  chips: yup
    .array(yup.mixed<Tag>().oneOf(TAGS, 'Choose tags from the list').required())
    .max(TAGS.length)
    .test('distinct', 'Each tag counts once', (chips) => !chips || new Set(chips).size === chips.length)
    .default([]),
});
export type RatingFormValues = yup.InferType<typeof ratingFormSchema>;

/** Seconds on one photo count up to 10 minutes; a tab left open says nothing about the photo. */
export const MAX_VIEWING_SECONDS = 600;

export const submitRatingSchema = ratingFormSchema.concat(photoIdSchema).shape({
  ownerId,
  seconds: yup
    .number()
    .min(0)
    .default(0)
    .transform((seconds: number) => (Number.isFinite(seconds) ? Math.min(seconds, MAX_VIEWING_SECONDS) : 0)),
});
export type SubmitRatingInput = yup.InferType<typeof submitRatingSchema>;

/** Another member's photo: its owner and id. */
export const photoRefSchema = photoIdSchema.shape({ ownerId });
export type PhotoRefInput = yup.InferType<typeof photoRefSchema>;

export const flagPhotoSchema = photoRefSchema.shape({
  reason: yup
    .mixed<ReportReason>()
    .oneOf(REPORT_REASONS, RATING_MESSAGES.reasonRequired)
    .required(RATING_MESSAGES.reasonRequired),
});
export type FlagPhotoInput = yup.InferType<typeof flagPhotoSchema>;

/** The feed's cursor is the last photo's feed order (`0-0000012-0001234567890-{photoId}`). */
/** The leaderboard's optional filter: only women's or only men's photos. */
export const leaderboardSchema = yup.object({
  gender: yup.mixed<Gender>().oneOf(GENDERS, 'Choose female or male').optional(),
});
export type LeaderboardInput = yup.InferType<typeof leaderboardSchema>;

export const FEED_MESSAGES = { position: 'The feed position is not valid' } as const;
/** A page position as the server seals it (functions/src/handlers/feed-cursor.ts): 116 bytes, base64url. */
export const FEED_POSITION_LENGTH = 155;

export const feedPageSchema = yup.object({
  startAfter: yup
    .string()
    .matches(new RegExp(`^[A-Za-z0-9_-]{${FEED_POSITION_LENGTH}}$`), FEED_MESSAGES.position)
    .optional(),
  /** Fewer than a page: the first batch is 2, so the first photo shows sooner. */
  limit: yup
    .number()
    .integer('The page size is not valid')
    .min(1, 'The page size is not valid')
    .max(FEED_PAGE_SIZE, 'The page size is not valid')
    .optional(),
});
export type FeedPageInput = yup.InferType<typeof feedPageSchema>;

export const recordLoginSchema = yup.object({
  timeZone: yup
    .string()
    .max(64, 'Time zone is not valid')
    .test('time-zone', 'Time zone is not valid', (zone) => zone === undefined || isTimeZone(zone))
    .default('UTC'),
});
export type RecordLoginInput = yup.InferType<typeof recordLoginSchema>;

export const deleteAccountSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required(ACCOUNT_DELETION.reasonRequired)
    .min(DELETION_REASON_MIN, `reason must be at least ${DELETION_REASON_MIN} characters`)
    .max(DELETION_REASON_MAX, `reason must be at most ${DELETION_REASON_MAX} characters`),
});
export type DeleteAccountInput = yup.InferType<typeof deleteAccountSchema>;

/** The profile photo the member uploaded to their own folder. */
export const avatarSchema = yup.object({
  fileName: yup
    .string()
    .matches(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'Please choose an image.')
    .required('Please choose an image.'),
});
export type AvatarInput = yup.InferType<typeof avatarSchema>;

/** The light or dark choice, kept on the member's record. */
export const colorModeSchema = yup.object({
  colorMode: yup
    .mixed<ColorMode>()
    .oneOf(COLOR_MODES, 'Choose light or dark')
    .required('Choose light or dark'),
});
export type ColorModeInput = yup.InferType<typeof colorModeSchema>;

/** The device's push token, stored on the member's record for the server's notifications. */
export const messagingTokenSchema = yup.object({
  token: yup.string().trim().min(1).max(PUSH_TOKEN_MAX).required(),
});
export type MessagingTokenInput = yup.InferType<typeof messagingTokenSchema>;
