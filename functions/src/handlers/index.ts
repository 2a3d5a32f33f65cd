/** Every callable handler by the name the client calls it with; both hosts expose exactly these. */
import type { CallableName, Callables } from '../../../src/domain/callables';
import type { User } from '../../../src/domain/user';
import { startAbTestSession } from './ab-test-sessions';
import { getAdvancedAnalytics } from './advanced-analytics';
import {
  adminDeleteFeature,
  adminListFeatures,
  adminSaveAbTest,
  adminSaveFeature,
  adminSetAbTestActive,
  getFeatures,
} from './admin-features';
import { adminListUsers } from './admin-list-users';
import { adminAbTestResults } from './ab-test-results';
import {
  adminAddBotVote,
  adminDeletePhoto,
  adminListPhotos,
  adminListVotes,
  adminUpdatePhoto,
  generateGenComments,
} from './admin-photos';
import { adminListReports, adminResolveReport } from './admin-reports';
import { adminDecideHeld, adminListHeld } from './admin-review';
import { adminDeleteUser, adminListLog, adminUpdateUser } from './admin-users';
import { deleteArticle, getArticle, getArticleIndex, getArticles, saveArticle } from './articles';
import { blockMember, unblockMember } from './blocks';
import { adminInsightsReactions, reactToInsights } from './insights-reactions';
import { deleteReply, getMyComment, reactToComment, replyToComment } from './comments';
import { createCheckoutSession, createSubscribeCheckoutSession } from './create-checkout-session';
import { createBillingPortalSession } from './billing-portal';
import { deleteAccount } from './delete-account';
import { completeProfile } from './complete-profile';
import { adminListInbox, adminMarkMessage, sendContactMessage, sendFeedback } from './contact';
import { createPhoto } from './create-photo';
import { deletePhoto } from './delete-photo';
import { ensureUser } from './ensure-user';
import { finishOnboarding } from './finish-onboarding';
import { genArticle, searchArticleImages } from './gen-article';
import { getSharedPhoto, sharePhoto } from './get-shared-photo';
import type { Handler } from './handler';
import { getLeaderboard } from './leaderboard';
import { addressKey } from './rate-limit';
import { markNotificationsSeen } from './mark-notifications-seen';
import { markVotesSeen } from './mark-votes-seen';
import { getPhotoStanding } from './photo-standing';
import { saveColorMode } from './save-color-mode';
import { saveCookieConsent } from './save-cookie-consent';
import { saveMessagingToken } from './save-messaging-token';
import { flagPhoto, getPhotos, submitRating, viewRating } from './rating';
import { startComparing } from './start-comparing';
import { undoVote } from './undo-vote';
import { recordLogin } from './streak';
import { updateAvatar } from './update-avatar';
import { activatePhotos, setPhotoActive } from './set-photo-active';
import { assertNotDisabled, userPath } from './users';

/**
 * Callables whose handlers read the caller's record through `assertMember` (or `ensureUser`'s own
 * check), which refuses a disabled member after the input is validated. The others are refused here,
 * so every callable refuses a disabled member without a second read where one is already made.
 */
const CHECKS_ITS_MEMBER = new Set<CallableName>([
  'ensureUser',
  'completeProfile',
  'finishOnboarding',
  'createPhoto',
  'setPhotoActive',
  'activatePhotos',
  'deletePhoto',
  'markVotesSeen',
  'markNotificationsSeen',
  'saveMessagingToken',
  'saveColorMode',
  'saveCookieConsent',
  'sharePhoto',
  'getPhotos',
  'startComparing',
  'submitRating',
  'viewRating',
  'recordLogin',
  'getAdvancedAnalytics',
  'getPhotoStanding',
  'sendFeedback',
  'blockMember',
  'unblockMember',
  'reactToInsights',
]);

/**
 * Counts the call against the sender's limit for it (a member by uid, a visitor by network address), and
 * refuses a disabled member, before the handler runs.
 */
function limited(name: CallableName, handler: Handler<unknown>): Handler<unknown> {
  return {
    async run(data, context) {
      // A visitor whose address the host could not tell shares one count: never unlimited.
      const sender = context.caller?.uid ?? `address:${addressKey(context.senderAddress ?? 'unknown')}`;
      if (context.limits) await context.limits.take(sender, name);
      if (context.caller && !CHECKS_ITS_MEMBER.has(name))
        assertNotDisabled(await context.store.get<User>(userPath(context.caller.uid)));
      return handler.run(data, context);
    },
  };
}

const unlimited = {
  ensureUser,
  completeProfile,
  finishOnboarding,
  createPhoto,
  setPhotoActive,
  activatePhotos,
  deletePhoto,
  markVotesSeen,
  markNotificationsSeen,
  saveMessagingToken,
  saveColorMode,
  saveCookieConsent,
  sharePhoto,
  getSharedPhoto,
  replyToComment,
  getMyComment,
  deleteReply,
  reactToComment,
  getPhotos,
  startComparing,
  submitRating,
  undoVote,
  viewRating,
  flagPhoto,
  recordLogin,
  getLeaderboard,
  deleteAccount,
  updateAvatar,
  getAdvancedAnalytics,
  getPhotoStanding,
  createSubscribeCheckoutSession,
  createCheckoutSession,
  createBillingPortalSession,
  adminUpdateUser,
  adminListUsers,
  adminDeleteUser,
  adminListLog,
  getFeatures,
  startAbTestSession,
  adminListFeatures,
  adminSaveFeature,
  adminSaveAbTest,
  adminDeleteFeature,
  adminSetAbTestActive,
  adminAbTestResults,
  adminListPhotos,
  adminUpdatePhoto,
  adminDeletePhoto,
  adminListVotes,
  adminAddBotVote,
  generateGenComments,
  adminListReports,
  adminResolveReport,
  adminListHeld,
  adminDecideHeld,
  getArticles,
  getArticleIndex,
  getArticle,
  saveArticle,
  deleteArticle,
  genArticle,
  searchArticleImages,
  sendContactMessage,
  sendFeedback,
  adminListInbox,
  adminMarkMessage,
  blockMember,
  unblockMember,
  reactToInsights,
  adminInsightsReactions,
} satisfies { [Name in CallableName]: Handler<Callables[Name]['result']> };

// Each entry keeps its handler's result type: the wrapper returns what the handler returns.
export const handlers = Object.fromEntries(
  (Object.keys(unlimited) as CallableName[]).map((name) => [
    name,
    limited(name, unlimited[name] as Handler<unknown>),
  ]),
) as unknown as typeof unlimited;
