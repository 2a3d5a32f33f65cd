/**
 * Per-member rate limits on the callables, so one member (or one stolen token) cannot flood the
 * server. Counted in the memory of each host process: exact on the local server, per instance on
 * Cloud Functions, which is enough to stop a flood without a shared counter on every call.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { CallableName } from '../../../src/domain/callables';

export const RATE_LIMIT_MESSAGE = "You're going too fast. Please wait a moment and try again.";

/** Calls a member may make per minute, by callable. Image work is dear; rating is what members do most. */
export const CALLS_PER_MINUTE: Record<CallableName, number> = {
  ensureUser: 30,
  completeProfile: 30,
  finishOnboarding: 30,
  createPhoto: 10,
  setPhotoActive: 60,
  activatePhotos: 30,
  deletePhoto: 60,
  markVotesSeen: 60,
  markNotificationsSeen: 60,
  saveMessagingToken: 10,
  saveColorMode: 20,
  saveCookieConsent: 10,
  sharePhoto: 30,
  getSharedPhoto: 60,
  replyToComment: 30,
  deleteReply: 30,
  reactToComment: 60,
  getPhotos: 60,
  // Once each time Compare opens; it reads the member's photos and the site's shards.
  startComparing: 20,
  submitRating: 120,
  // One for each vote at most: the Undo after it.
  undoVote: 120,
  viewRating: 30,
  flagPhoto: 30,
  recordLogin: 30,
  updateAvatar: 10,
  deleteAccount: 10,
  getLeaderboard: 60,
  getAdvancedAnalytics: 30,
  // The photo detail asks again as its photo's votes arrive (at most every 10 s), Compare once it opens.
  getPhotoStanding: 60,
  // Each opens a session at the payment provider.
  createSubscribeCheckoutSession: 10,
  createCheckoutSession: 10,
  createBillingPortalSession: 10,
  adminUpdateUser: 60,
  adminListUsers: 120,
  adminDeleteUser: 10,
  adminListLog: 60,
  adminListInbox: 60,
  adminMarkMessage: 60,
  blockMember: 20,
  reactToInsights: 30,
  adminInsightsReactions: 60,
  getMyComment: 60,
  unblockMember: 20,
  // Anyone's, signed in or not: the landing page reads it once a visit.
  getFeatures: 60,
  // Once a browser session, when the landing page's test is running.
  startAbTestSession: 10,
  adminListFeatures: 120,
  adminSaveFeature: 60,
  adminSaveAbTest: 60,
  adminDeleteFeature: 60,
  adminSetAbTestActive: 60,
  adminAbTestResults: 120,
  adminListPhotos: 120,
  adminUpdatePhoto: 60,
  adminDeletePhoto: 30,
  adminListVotes: 120,
  adminAddBotVote: 60,
  // Each may ask the AI text service for a batch.
  generateGenComments: 10,
  adminListReports: 60,
  adminResolveReport: 60,
  adminListHeld: 60,
  adminDecideHeld: 60,
  getArticles: 60,
  getArticleIndex: 30,
  getArticle: 60,
  saveArticle: 30,
  deleteArticle: 30,
  // Each may call a paid AI or image service.
  genArticle: 10,
  searchArticleImages: 20,
  // Only adds a document, but a flood of them would fill the store: a few a minute is plenty for a person.
  sendContactMessage: 3,
  sendFeedback: 3,
};

export class RateLimiter {
  private readonly limiters = new Map<CallableName, RateLimiterMemory>();

  /** `scale` multiplies every limit (tests that make many calls on purpose raise it). */
  constructor(private readonly scale = 1) {}

  /** Counts one call of `name` by `uid`, or refuses it with `resource-exhausted`. */
  async take(uid: string, name: CallableName): Promise<void> {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      const points = Math.max(1, Math.floor(CALLS_PER_MINUTE[name] * this.scale));
      limiter = new RateLimiterMemory({ points, duration: 60 });
      this.limiters.set(name, limiter);
    }
    try {
      await limiter.consume(uid);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      throw new HttpsError('resource-exhausted', RATE_LIMIT_MESSAGE, {
        retryAfterSeconds: Math.ceil(refusal.msBeforeNext / 1000),
      });
    }
  }
}

/**
 * The key a visitor's network address is limited by. One IPv6 subscriber holds a whole /64 (2^64
 * addresses to rotate through), so the /64 is one sender; an IPv4 address mapped into IPv6 is that
 * IPv4 address. Anything that is not an address is kept as it is.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0]!.toLowerCase();
  const halves = bare.split('::');
  if (halves.length > 2) return address;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return address;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
