/**
 * An input every callable takes, with the schema it is checked against: the hostile-input suite
 * makes one bad thing at a time from these, and the disabled-member test sends them as they are.
 * The ids name a photo `p1` of a member `owner` and a vote by `hostile`.
 */
import type { AnyObjectSchema } from 'yup';
import {
  adminDeleteUserSchema,
  adminListLogSchema,
  adminListUsersSchema,
  adminUpdateUserSchema,
} from '../../../src/domain/admin';
import {
  articleIdSchema,
  articlePageSchema,
  genArticleSchema,
  saveArticleSchema,
  searchArticleImagesSchema,
} from '../../../src/domain/articles';
import type { CallableName } from '../../../src/domain/callables';
import {
  featureRefSchema,
  saveAbTestSchema,
  saveFeatureSchema,
  setAbTestActiveSchema,
} from '../../../src/domain/experiments';
import {
  adminAddBotVoteSchema,
  adminDeletePhotoSchema,
  adminListPhotosSchema,
  adminListReportsSchema,
  adminListVotesSchema,
  adminResolveReportSchema,
  adminUpdatePhotoSchema,
  generateGenCommentsSchema,
} from '../../../src/domain/admin-photos';
import { blockMemberSchema, unblockMemberSchema } from '../../../src/domain/block-schemas';
import {
  adminListInboxSchema,
  adminMarkMessageSchema,
  contactSchema,
  feedbackSchema,
} from '../../../src/domain/contact';
import { cookieConsentSchema } from '../../../src/domain/consent-schema';
import { billingPortalSchema, checkoutSchema, subscribeCheckoutSchema } from '../../../src/domain/payments';
import { REPORT_REASONS } from '../../../src/domain/rating';
import { adminDecideHeldSchema, adminListHeldSchema } from '../../../src/domain/screening-schemas';
import {
  activatePhotosSchema,
  avatarSchema,
  colorModeSchema,
  createPhotoSchema,
  deleteAccountSchema,
  deleteReplySchema,
  ensureUserSchema,
  FEED_POSITION_LENGTH,
  feedPageSchema,
  flagPhotoSchema,
  leaderboardSchema,
  messagingTokenSchema,
  noInputSchema,
  photoIdSchema,
  photoRefSchema,
  reactToInsightsSchema,
  profileSchema,
  reactionSchema,
  recordLoginSchema,
  replySchema,
  setPhotoActiveSchema,
  sharedPhotoSchema,
  startComparingSchema,
  submitRatingSchema,
} from '../../../src/domain/schemas';

const ref = { ownerId: 'owner', photoId: 'p1' };
const conversation = { ...ref, voteId: 'hostile' };
/** The app's address the test server allows by default: a checkout may return there. */
export const APP_ORIGIN = 'http://localhost:5173';

/** Each callable's schema and an input it takes, from which one bad thing at a time is made. */
export const CALLABLES: Record<CallableName, { schema: AnyObjectSchema; valid: Record<string, unknown> }> = {
  ensureUser: { schema: ensureUserSchema, valid: { referrerId: 'owner' } },
  completeProfile: {
    schema: profileSchema,
    valid: { displayName: 'Hostile', age: 30, gender: 'male', showGender: 'both' },
  },
  finishOnboarding: { schema: noInputSchema, valid: {} },
  createPhoto: {
    schema: createPhotoSchema,
    valid: { caption: 'Hi', showTo: 'both', ageRange: [18, 37], fileName: 'a.jpg' },
  },
  setPhotoActive: { schema: setPhotoActiveSchema, valid: { photoId: 'h1', active: false } },
  activatePhotos: { schema: activatePhotosSchema, valid: { photoIds: ['h1'] } },
  deletePhoto: { schema: photoIdSchema, valid: { photoId: 'h1' } },
  markVotesSeen: { schema: noInputSchema, valid: {} },
  markNotificationsSeen: { schema: noInputSchema, valid: {} },
  saveMessagingToken: { schema: messagingTokenSchema, valid: { token: 'device-token' } },
  saveColorMode: { schema: colorModeSchema, valid: { colorMode: 'dark' } },
  saveCookieConsent: {
    schema: cookieConsentSchema,
    valid: { preferences: { necessary: true, analytics: true, marketing: false, functional: false } },
  },
  sharePhoto: { schema: photoIdSchema, valid: { photoId: 'h1' } },
  getSharedPhoto: { schema: sharedPhotoSchema, valid: ref },
  replyToComment: { schema: replySchema, valid: { ...conversation, text: 'Thanks' } },
  deleteReply: { schema: deleteReplySchema, valid: { ...conversation, replyId: 'r1' } },
  reactToComment: { schema: reactionSchema, valid: { ...conversation, emoji: '👍' } },
  getPhotos: { schema: feedPageSchema, valid: { startAfter: 'A'.repeat(FEED_POSITION_LENGTH), limit: 2 } },
  startComparing: { schema: startComparingSchema, valid: { photoIds: ['h1', 'h2'] } },
  submitRating: {
    schema: submitRatingSchema,
    valid: { ...ref, rate: 4, comment: 'Nice', chips: [], seconds: 5 },
  },
  undoVote: { schema: photoRefSchema, valid: ref },
  viewRating: { schema: photoRefSchema, valid: ref },
  flagPhoto: { schema: flagPhotoSchema, valid: { ...ref, reason: REPORT_REASONS[0] } },
  recordLogin: { schema: recordLoginSchema, valid: { timeZone: 'UTC' } },
  updateAvatar: { schema: avatarSchema, valid: { fileName: 'a.jpg' } },
  deleteAccount: { schema: deleteAccountSchema, valid: { reason: 'Leaving for a while now' } },
  getLeaderboard: { schema: leaderboardSchema, valid: { gender: 'female' } },
  getAdvancedAnalytics: { schema: photoIdSchema, valid: { photoId: 'h1' } },
  getPhotoStanding: { schema: photoIdSchema, valid: { photoId: 'h1' } },
  createSubscribeCheckoutSession: {
    schema: subscribeCheckoutSchema,
    valid: { product: 'monthly', redirectUrl: APP_ORIGIN, clientReferenceId: 'hostile' },
  },
  createCheckoutSession: {
    schema: checkoutSchema,
    valid: { product: 'Tokens', amount: 100, redirectUrl: APP_ORIGIN, clientReferenceId: 'hostile' },
  },
  createBillingPortalSession: { schema: billingPortalSchema, valid: { redirectUrl: APP_ORIGIN } },
  adminUpdateUser: { schema: adminUpdateUserSchema, valid: { uid: 'owner', points: 5 } },
  adminListUsers: { schema: adminListUsersSchema, valid: { sort: 'points' } },
  adminDeleteUser: { schema: adminDeleteUserSchema, valid: { uid: 'owner' } },
  adminListLog: { schema: adminListLogSchema, valid: {} },
  getFeatures: { schema: noInputSchema, valid: {} },
  startAbTestSession: { schema: noInputSchema, valid: {} },
  adminListFeatures: { schema: noInputSchema, valid: {} },
  adminSaveFeature: {
    schema: saveFeatureSchema,
    valid: { create: true, id: 'darkMode', name: 'Dark mode', type: 'boolean', value: true },
  },
  adminSaveAbTest: {
    schema: saveAbTestSchema,
    valid: {
      create: true,
      id: 'heroTest',
      name: 'Hero',
      variants: [{ id: 'a', name: 'A', trafficPercentage: 100 }],
    },
  },
  adminDeleteFeature: { schema: featureRefSchema, valid: { id: 'darkMode' } },
  adminSetAbTestActive: { schema: setAbTestActiveSchema, valid: { id: 'heroTest', active: true } },
  adminAbTestResults: { schema: noInputSchema, valid: {} },
  adminListPhotos: { schema: adminListPhotosSchema, valid: { userId: 'owner', active: 'active' } },
  adminUpdatePhoto: {
    schema: adminUpdatePhotoSchema,
    valid: { userId: 'owner', photoId: 'p1', caption: 'Hi', active: false, labels: ['portrait'] },
  },
  adminDeletePhoto: { schema: adminDeletePhotoSchema, valid: { userId: 'owner', photoId: 'p1' } },
  adminListVotes: { schema: adminListVotesSchema, valid: { userId: 'owner', photoId: 'p1' } },
  adminAddBotVote: {
    schema: adminAddBotVoteSchema,
    valid: { userId: 'owner', photoId: 'p1', rate: 4, comment: 'Nice', chips: [], age: 30, gender: 'male' },
  },
  generateGenComments: {
    schema: generateGenCommentsSchema,
    valid: { userId: 'owner', photoId: 'p1', count: 30, mode: 'replace' },
  },
  adminListReports: { schema: adminListReportsSchema, valid: {} },
  adminResolveReport: {
    schema: adminResolveReportSchema,
    valid: { userId: 'owner', photoId: 'p1', decision: 'restore' },
  },
  adminListHeld: { schema: adminListHeldSchema, valid: {} },
  adminDecideHeld: {
    schema: adminDecideHeldSchema,
    valid: { userId: 'owner', photoId: 'p1', decision: 'approve' },
  },
  getArticles: { schema: articlePageSchema, valid: { page: 1 } },
  getArticleIndex: { schema: noInputSchema, valid: {} },
  getArticle: { schema: articleIdSchema, valid: { id: 'a1' } },
  saveArticle: {
    schema: saveArticleSchema,
    valid: { id: 'a1', headline: 'Hostile', content: '<p>Taken over</p>', rate: 4 },
  },
  deleteArticle: { schema: articleIdSchema, valid: { id: 'a1' } },
  genArticle: { schema: genArticleSchema, valid: { prompt: 'Smiles in profile photos' } },
  searchArticleImages: { schema: searchArticleImagesSchema, valid: { query: 'mountains' } },
  sendContactMessage: {
    schema: contactSchema,
    valid: { email: 'visitor@example.com', message: 'Hello, I have a question for you.' },
  },
  sendFeedback: { schema: feedbackSchema, valid: { rate: 7, message: 'Nice app' } },
  adminListInbox: { schema: adminListInboxSchema, valid: { kind: 'contact' } },
  adminMarkMessage: { schema: adminMarkMessageSchema, valid: { kind: 'contact', id: 'm1', handled: true } },
  blockMember: { schema: blockMemberSchema, valid: { ownerId: 'owner', photoId: 'p1', from: 'photo' } },
  unblockMember: { schema: unblockMemberSchema, valid: { blockId: 'b1' } },
  reactToInsights: { schema: reactToInsightsSchema, valid: { photoId: 'p1', reaction: 'like' } },
  adminInsightsReactions: { schema: noInputSchema, valid: {} },
  getMyComment: { schema: photoRefSchema, valid: { ownerId: 'owner', photoId: 'p1' } },
};

export { VISITOR_CALLABLES } from '../../../src/domain/callables';
