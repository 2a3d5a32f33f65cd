/** The callable functions: the name the client calls, what it sends and what it gets back. Both hosts serve these. */
import type { AbTestVariantResult } from './ab-test-events';
import type {
  ArticleIdInput,
  ArticleImage,
  ArticleIndex,
  ArticlePage,
  ArticlePageInput,
  ArticleView,
  GenArticleInput,
  GeneratedArticle,
  SaveArticleInput,
  SearchArticleImagesInput,
} from './articles';
import type { BlockMemberInput, UnblockMemberInput } from './block-schemas';
import type {
  AdminListInboxInput,
  AdminMarkMessageInput,
  ContactInput,
  FeedbackInput,
  InboxPage,
} from './contact';
import type { CookieConsentInput } from './consent-schema';
import type {
  AdminDeleteUserInput,
  AdminListLogInput,
  AdminListUsersInput,
  AdminLogPage,
  AdminUpdateUserInput,
  AdminUserChanges,
  AdminUserPage,
} from './admin';
import type {
  AdminFeatureRow,
  FeatureRefInput,
  PublicFeature,
  SaveAbTestInput,
  SaveFeatureInput,
  SetAbTestActiveInput,
} from './experiments';
import type {
  AdminAddBotVoteInput,
  AdminDeletePhotoInput,
  AdminListPhotosInput,
  AdminListReportsInput,
  AdminListVotesInput,
  AdminReportedPhoto,
  AdminResolveReportInput,
  AdminPhotoPage,
  AdminUpdatePhotoInput,
  AdminVoteRow,
  GenerateGenCommentsInput,
} from './admin-photos';
import type { BillingPortalInput, CheckoutInput, CheckoutSession, SubscribeCheckoutInput } from './payments';
import type { PhotoRefusal } from './limits';
import type { AdminHeldPhoto, ReviewDecision, ReviewReason } from './screening';
import type { AdminDecideHeldInput, AdminListHeldInput } from './screening-schemas';
import type { AiReaction, InsightsReactions, SharedPhoto } from './photo';
import type { PhotoStanding } from './photo-standing';
import type { FeedPhoto, LeaderboardPhoto } from './rating';
import type {
  AvatarInput,
  ColorModeInput,
  CreatePhotoInput,
  DeleteAccountInput,
  DeleteReplyInput,
  EnsureUserInput,
  FeedPageInput,
  FlagPhotoInput,
  LeaderboardInput,
  MessagingTokenInput,
  PhotoRefInput,
  RecordLoginInput,
  StartComparingInput,
  SubmitRatingInput,
  ProfileValues,
  ReactionInput,
  ReplyInput,
} from './schemas';
import type { ColorMode } from './user';
import type { AdvancedAnalytics, MyComment } from './vote';

export interface Callables {
  ensureUser: { input: EnsureUserInput; result: { created: boolean } };
  completeProfile: { input: ProfileValues; result: { birthyear: number } };
  finishOnboarding: { input: Record<string, never>; result: { onBoarding: true } };
  createPhoto: {
    input: CreatePhotoInput;
    /**
     * firstPhoto: this upload earned the first-photo bonus; inactiveReason: why it is not live, if not;
     * review: why the screening holds it for a moderator, if it does.
     */
    result: {
      photoId: string;
      firstPhoto: boolean;
      active: boolean;
      inactiveReason: PhotoRefusal | null;
      review: ReviewReason | null;
    };
  };
  setPhotoActive: { input: { photoId: string; active: boolean }; result: { active: boolean } };
  reactToInsights: {
    input: { photoId: string; reaction: AiReaction | null };
    result: { reaction: AiReaction | null };
  };
  adminInsightsReactions: { input: Record<string, never>; result: InsightsReactions };
  activatePhotos: { input: { photoIds: string[] }; result: { activated: number } };
  deletePhoto: { input: { photoId: string }; result: { deleted: true } };
  markVotesSeen: { input: Record<string, never>; result: { newVotes: 0 } };
  markNotificationsSeen: { input: Record<string, never>; result: { seen: true } };
  saveMessagingToken: { input: MessagingTokenInput; result: { saved: true } };
  saveColorMode: { input: ColorModeInput; result: { colorMode: ColorMode } };
  saveCookieConsent: { input: CookieConsentInput; result: { timestamp: string } };
  sharePhoto: { input: { photoId: string }; result: { shared: true } };
  getSharedPhoto: { input: { ownerId: string; photoId: string }; result: SharedPhoto };
  replyToComment: { input: ReplyInput; result: { replyId: string } };
  getMyComment: { input: PhotoRefInput; result: MyComment };
  deleteReply: { input: DeleteReplyInput; result: { deleted: true } };
  reactToComment: { input: ReactionInput; result: { emoji: string | null } };
  getPhotos: { input: FeedPageInput; result: { photos: FeedPhoto[]; next: string | null } };
  /** comparing: the photos the feed now brings votes to, until comparingUntil (ISO time). */
  startComparing: {
    input: StartComparingInput;
    result: { comparing: string[]; comparingUntil: string | null };
  };
  /** Only what the voter earned: the photo's new average is View Rating's, a Premium feature. */
  submitRating: { input: SubmitRatingInput; result: { tokensEarned: number } };
  /** The caller's latest vote, taken back within `UNDO_WINDOW_MS`. */
  undoVote: { input: PhotoRefInput; result: { undone: true } };
  viewRating: { input: PhotoRefInput; result: { rate: number; votesCount: number } };
  flagPhoto: { input: FlagPhotoInput; result: { reported: true } };
  recordLogin: {
    input: RecordLoginInput;
    result: { loginStreak: number; tokens: number; milestone: boolean };
  };
  updateAvatar: { input: AvatarInput; result: { photoURL: string } };
  deleteAccount: { input: DeleteAccountInput; result: { deleted: true } };
  getLeaderboard: { input: LeaderboardInput; result: { photos: LeaderboardPhoto[] } };
  getAdvancedAnalytics: { input: { photoId: string }; result: AdvancedAnalytics };
  /** The owner's photo among all photos and its owner's peers, and the site's average for its fair score. */
  getPhotoStanding: { input: { photoId: string }; result: PhotoStanding };
  createSubscribeCheckoutSession: { input: SubscribeCheckoutInput; result: CheckoutSession };
  createCheckoutSession: { input: CheckoutInput; result: CheckoutSession };
  /** The payment provider's page where a member cancels, resumes or pays Premium with another card. */
  createBillingPortalSession: { input: BillingPortalInput; result: { url: string } };
  adminUpdateUser: { input: AdminUpdateUserInput; result: { updated: Array<keyof AdminUserChanges> } };
  adminListUsers: { input: AdminListUsersInput; result: AdminUserPage };
  adminDeleteUser: { input: AdminDeleteUserInput; result: { deleted: true } };
  adminListLog: { input: AdminListLogInput; result: AdminLogPage };
  getFeatures: { input: Record<string, never>; result: { features: PublicFeature[] } };
  startAbTestSession: { input: Record<string, never>; result: { sessionId: string } };
  adminListFeatures: { input: Record<string, never>; result: { features: AdminFeatureRow[] } };
  adminSaveFeature: { input: SaveFeatureInput; result: { id: string } };
  adminSaveAbTest: { input: SaveAbTestInput; result: { id: string } };
  adminDeleteFeature: { input: FeatureRefInput; result: { deleted: true } };
  adminSetAbTestActive: { input: SetAbTestActiveInput; result: { active: boolean } };
  adminAbTestResults: { input: Record<string, never>; result: { variants: AbTestVariantResult[] } };
  adminListPhotos: { input: AdminListPhotosInput; result: AdminPhotoPage };
  adminUpdatePhoto: { input: AdminUpdatePhotoInput; result: { updated: string[] } };
  adminDeletePhoto: { input: AdminDeletePhotoInput; result: { deleted: true } };
  adminListVotes: { input: AdminListVotesInput; result: { votes: AdminVoteRow[] } };
  adminAddBotVote: {
    input: AdminAddBotVoteInput;
    result: { voteId: string; rate: number; votesCount: number };
  };
  generateGenComments: { input: GenerateGenCommentsInput; result: { genComments: string[] } };
  adminListReports: { input: AdminListReportsInput; result: { photos: AdminReportedPhoto[] } };
  adminResolveReport: {
    input: AdminResolveReportInput;
    result: { decision: AdminResolveReportInput['decision'] };
  };
  adminListHeld: { input: AdminListHeldInput; result: { photos: AdminHeldPhoto[] } };
  /** active: whether an approved photo went live at once (its owner's tokens and active maximum decide). */
  adminDecideHeld: { input: AdminDecideHeldInput; result: { decision: ReviewDecision; active?: boolean } };
  getArticles: { input: ArticlePageInput; result: ArticlePage };
  getArticleIndex: { input: Record<string, never>; result: ArticleIndex };
  getArticle: { input: ArticleIdInput; result: ArticleView };
  saveArticle: { input: SaveArticleInput; result: { id: string } };
  deleteArticle: { input: ArticleIdInput; result: { deleted: true } };
  genArticle: { input: GenArticleInput; result: GeneratedArticle };
  searchArticleImages: { input: SearchArticleImagesInput; result: { images: ArticleImage[] } };
  sendContactMessage: { input: ContactInput; result: { sent: true } };
  sendFeedback: { input: FeedbackInput; result: { sent: true } };
  adminListInbox: { input: AdminListInboxInput; result: InboxPage };
  adminMarkMessage: { input: AdminMarkMessageInput; result: { handled: boolean } };
  blockMember: { input: BlockMemberInput; result: { blockId: string } };
  unblockMember: { input: UnblockMemberInput; result: { unblocked: true } };
}

export type CallableName = keyof Callables;

/**
 * The callables a visitor (not signed in) may make: the shared photo's preview, the blog, Contact us,
 * and the enabled features, running A/B tests and A/B session the landing page reads. On Firebase these are the
 * ones App Check guards.
 */
export const VISITOR_CALLABLES: readonly CallableName[] = [
  'getSharedPhoto',
  'getFeatures',
  'getArticles',
  'getArticleIndex',
  'getArticle',
  'sendContactMessage',
  'startAbTestSession',
];

/** Calls that only read: one whose request may not have reached the server can be sent again. */
export const READ_CALLABLES: ReadonlySet<CallableName> = new Set<CallableName>([
  'adminAbTestResults',
  'adminListFeatures',
  'adminListHeld',
  'adminListInbox',
  'adminListLog',
  'adminListPhotos',
  'adminListReports',
  'adminListUsers',
  'adminListVotes',
  'adminInsightsReactions',
  'getMyComment',
  'getAdvancedAnalytics',
  'getArticle',
  'getArticleIndex',
  'getArticles',
  'getFeatures',
  'getLeaderboard',
  'getPhotos',
  'getSharedPhoto',
]);
