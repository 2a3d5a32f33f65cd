/**
 * The Cloud Functions host: every handler exported as a v2 callable over Firestore, the payment
 * provider's webhook as an HTTPS function, the schedules, and the triggers (among them the one that
 * mirrors Realtime Database presence onto the member's record).
 */
import { createRequire } from 'node:module';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getAppCheck } from 'firebase-admin/app-check';
import { getAuth } from 'firebase-admin/auth';
import { getMessaging } from 'firebase-admin/messaging';
import { getStorage } from 'firebase-admin/storage';
import { onValueWritten } from 'firebase-functions/v2/database';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { write as writeLog } from 'firebase-functions/logger';
import { onObjectFinalized } from 'firebase-functions/v2/storage';
import { storageBucket } from 'firebase-functions/params';
import { errorReportLogEntry } from '../../../src/domain/error-report';
import { FUNCTIONS_REGION } from '../../../src/domain/functions-region';
import type { AppNotification } from '../../../src/domain/notifications';
import type { RenderPage } from '../../../src/domain/public-pages';
import type { PresenceState } from '../../../src/domain/user';
import { appOriginsFromEnv } from '../app-origins';
import { adminClaims } from '../handlers/admin-role';
import { handlers } from '../handlers';
import { cleanUpUploads, enforceUploadQuota } from '../handlers/clean-up-uploads';
import { addressKey, RateLimiter } from '../handlers/rate-limit';
import { systemClock } from '../handlers/handler';
import { purgeDeletedMembers } from '../handlers/delete-account';
import { backfillVoteTotals, markPendingPurges } from '../handlers/earlier-data';
import { foldVotes } from '../handlers/vote-fold';
import { recordLeaderboardDay } from '../handlers/leaderboard';
import { renewPremium } from '../handlers/premium';
import { receiveStripeWebhook } from '../handlers/stripe-webhook';
import { abTestLimiter, receiveAbTestEvent } from '../handlers/ab-test-events';
import { hostingTemplate, kept, publicPagesHandler } from '../handlers/public-pages';
import { endComparisons } from '../handlers/start-comparing';
import { receiveErrorReport, reporterOf, reportLimiter } from '../handlers/report-client-error';
import { setPresence } from '../handlers/presence';
import { CloudFileStore } from '../files/cloud-file-store';
import { createContentClassifier } from '../photos/content-screening';
import { createFaceAnalyzer } from '../photos/face-analysis';
import { insightsWriterFromEnv } from '../photos/insights';
import { commentWriterFromEnv } from '../photos/gen-comments';
import { generateGenCommentsHandler } from '../handlers/admin-photos';
import {
  articleWriterFromEnv,
  genArticleHandler,
  imageSearchFromEnv,
  searchArticleImagesHandler,
} from '../handlers/gen-article';
import { writeInsights } from '../handlers/write-insights';
import { pushNotification as pushNotificationFor, pushVote } from '../handlers/push';
import { appCheckEnforced, behindAppCheck } from './app-check';
import { callableHost } from './callable-host';
import { frontEndAddress } from './front-end-address';
import { fcmSender } from './fcm-sender';
import { FirestoreStore } from '../store/firestore-store';
import {
  aiApiKey,
  envWithSecrets,
  paymentsFromSecrets,
  STRIPE_SECRETS,
  stripeSecretKey,
  unsplashAccessKey,
} from './secrets';

// Every function in the one region the client calls (src/domain/functions-region.ts).
setGlobalOptions({ region: FUNCTIONS_REGION });
initializeApp();
const firestore = getFirestore();
firestore.settings({ ignoreUndefinedProperties: true });
const store = new FirestoreStore(firestore);
const files = new CloudFileStore(() => getStorage().bucket());
const faces = createFaceAnalyzer();
// Its model loads at the first upload only, as face analysis's do.
const screening = createContentClassifier();
const accounts = {
  deleteUser: (uid: string) => getAuth().deleteUser(uid),
  setDisabled: async (uid: string, disabled: boolean) => void (await getAuth().updateUser(uid, { disabled })),
  setAdminClaim: (uid: string, admin: boolean) => adminClaims(getAuth()).setAdminClaim(uid, admin),
  revokeRefreshTokens: (uid: string) => getAuth().revokeRefreshTokens(uid),
};
// Counted per instance: enough to stop one member's flood without a shared counter on every call.
const limits = new RateLimiter();

const appCheck = { enforced: appCheckEnforced(process.env) };
const callable = callableHost(
  {
    store,
    clock: systemClock,
    files,
    faces,
    screening,
    accounts,
    limits,
    // Stripe only where its secrets are bound (secrets.ts), read at the call.
    paymentsFor: async (options) =>
      options.secrets?.includes(stripeSecretKey) ? paymentsFromSecrets() : undefined,
  },
  appCheck,
);

export const ensureUser = callable(handlers.ensureUser);
export const completeProfile = callable(handlers.completeProfile);
export const finishOnboarding = callable(handlers.finishOnboarding);
// Decoding, resizing and face analysis want memory and a few seconds.
export const createPhoto = callable(handlers.createPhoto, { memory: '1GiB', timeoutSeconds: 120 });
export const setPhotoActive = callable(handlers.setPhotoActive);
export const activatePhotos = callable(handlers.activatePhotos);
export const deletePhoto = callable(handlers.deletePhoto);
export const markVotesSeen = callable(handlers.markVotesSeen);
export const saveMessagingToken = callable(handlers.saveMessagingToken);
export const saveColorMode = callable(handlers.saveColorMode);
export const saveCookieConsent = callable(handlers.saveCookieConsent);
export const markNotificationsSeen = callable(handlers.markNotificationsSeen);
export const sharePhoto = callable(handlers.sharePhoto);
export const getSharedPhoto = callable(handlers.getSharedPhoto);
export const replyToComment = callable(handlers.replyToComment);
export const deleteReply = callable(handlers.deleteReply);
export const reactToComment = callable(handlers.reactToComment);
export const getPhotos = callable(handlers.getPhotos);
export const submitRating = callable(handlers.submitRating);
export const undoVote = callable(handlers.undoVote);
export const viewRating = callable(handlers.viewRating);
export const flagPhoto = callable(handlers.flagPhoto);
export const startComparing = callable(handlers.startComparing);
export const recordLogin = callable(handlers.recordLogin);
export const getLeaderboard = callable(handlers.getLeaderboard);
export const deleteAccount = callable(handlers.deleteAccount, { secrets: STRIPE_SECRETS });
export const updateAvatar = callable(handlers.updateAvatar, { memory: '512MiB' });

export const getAdvancedAnalytics = callable(handlers.getAdvancedAnalytics);
export const getPhotoStanding = callable(handlers.getPhotoStanding);
export const createSubscribeCheckoutSession = callable(handlers.createSubscribeCheckoutSession, {
  secrets: STRIPE_SECRETS,
});
export const createCheckoutSession = callable(handlers.createCheckoutSession, { secrets: STRIPE_SECRETS });
export const createBillingPortalSession = callable(handlers.createBillingPortalSession, {
  secrets: STRIPE_SECRETS,
});
export const adminUpdateUser = callable(handlers.adminUpdateUser);
export const adminListUsers = callable(handlers.adminListUsers);
export const adminDeleteUser = callable(handlers.adminDeleteUser, { secrets: STRIPE_SECRETS });
export const adminListLog = callable(handlers.adminListLog);
export const getFeatures = callable(handlers.getFeatures);
export const startAbTestSession = callable(handlers.startAbTestSession);
export const adminListFeatures = callable(handlers.adminListFeatures);
export const adminSaveFeature = callable(handlers.adminSaveFeature);
export const adminSaveAbTest = callable(handlers.adminSaveAbTest);
export const adminDeleteFeature = callable(handlers.adminDeleteFeature);
export const adminSetAbTestActive = callable(handlers.adminSetAbTestActive);
export const adminAbTestResults = callable(handlers.adminAbTestResults);
export const adminListPhotos = callable(handlers.adminListPhotos);
export const adminUpdatePhoto = callable(handlers.adminUpdatePhoto);
export const adminDeletePhoto = callable(handlers.adminDeletePhoto);
export const adminListVotes = callable(handlers.adminListVotes);
export const adminAddBotVote = callable(handlers.adminAddBotVote);
// A chat model may take a while to write 30 comments.
export const generateGenComments = callable(
  generateGenCommentsHandler(() => commentWriterFromEnv(envWithSecrets(aiApiKey))),
  { timeoutSeconds: 120, secrets: [aiApiKey] },
);
export const adminListReports = callable(handlers.adminListReports);
export const adminResolveReport = callable(handlers.adminResolveReport);
export const adminListHeld = callable(handlers.adminListHeld);
export const adminDecideHeld = callable(handlers.adminDecideHeld);
export const adminListInbox = callable(handlers.adminListInbox);
export const adminMarkMessage = callable(handlers.adminMarkMessage);
export const blockMember = callable(handlers.blockMember);
export const reactToInsights = callable(handlers.reactToInsights);
export const adminInsightsReactions = callable(handlers.adminInsightsReactions);
export const getMyComment = callable(handlers.getMyComment);
export const unblockMember = callable(handlers.unblockMember);
export const getArticles = callable(handlers.getArticles);
export const getArticleIndex = callable(handlers.getArticleIndex);
export const getArticle = callable(handlers.getArticle);
export const saveArticle = callable(handlers.saveArticle);
export const deleteArticle = callable(handlers.deleteArticle);
// A chat model may take a while to write a whole article.
export const genArticle = callable(
  genArticleHandler(() => articleWriterFromEnv(envWithSecrets(aiApiKey))),
  { timeoutSeconds: 120, secrets: [aiApiKey] },
);
export const searchArticleImages = callable(
  searchArticleImagesHandler(() => imageSearchFromEnv(envWithSecrets(unsplashAccessKey))),
  { secrets: [unsplashAccessKey] },
);
export const sendContactMessage = callable(handlers.sendContactMessage);
export const sendFeedback = callable(handlers.sendFeedback);

/** Stripe's events, verified by their signature over the raw body. */
export const stripeWebhook = onRequest({ secrets: STRIPE_SECRETS }, async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).json({ error: 'Stripe posts its events.' });
    return;
  }
  const answer = await receiveStripeWebhook(request.rawBody, request.get('stripe-signature'), {
    store,
    clock: systemClock,
    payments: await paymentsFromSecrets(),
  });
  response.status(answer.status).json(answer.body);
});

const errorReports = reportLimiter();

/**
 * The app's error reports (spec 2 section 7), each written as a structured log entry of the
 * ReportedErrorEvent type, which Google Cloud Error Reporting groups. Visitors report too, so a sign-in
 * is not asked (a member's ID token, when sent, names them); each address is limited, and only a
 * report's shape is accepted. The app posts from its
 * own addresses (APP_ORIGINS, see app-origins.ts), so only those may post across origins.
 */
export const reportClientError = onRequest({ cors: appOriginsFromEnv() }, async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).json({ error: 'Reports are posted.' });
    return;
  }
  const answer = await receiveErrorReport(
    request.rawBody ?? '',
    addressKey(frontEndAddress(request) ?? 'unknown'),
    errorReports,
    (report) => {
      const entry = errorReportLogEntry(report);
      writeLog({ ...entry, severity: entry.severity as 'ERROR' | 'CRITICAL' });
    },
    () => reporterOf(request.get('authorization'), (token) => getAuth().verifyIdToken(token)),
  );
  response.status(answer.status).json(answer.body);
});

const abTestEvents = abTestLimiter();

/**
 * The app's A/B events (spec 2 section 7, `POST /api/analytics/ab-test`, a hosting rewrite of that
 * path on the app's own host), kept in `abTestEvents` for the admin. Visitors post them, so there is
 * no sign-in; App Check's token is (app-check.ts), and only the sessions the server started count,
 * each for the variant it was given.
 */
export const abTestEvent = onRequest(
  behindAppCheck(
    appCheck,
    (token) => getAppCheck().verifyToken(token),
    async (request) =>
      request.method === 'POST'
        ? receiveAbTestEvent(
            request.rawBody ?? '',
            { uid: null },
            { store, clock: systemClock, limiter: abTestEvents },
          )
        : { status: 405, body: { error: 'Events are posted.' } },
  ),
);

/** The renderer scripts/build-functions.ts bundles beside this file, loaded at the first page. */
const RENDERER_FILE = './public-pages/renderer.cjs';
const siteOrigin = appOriginsFromEnv()[0] ?? 'http://127.0.0.1:5000';
const publicPage = publicPagesHandler({
  store,
  renderer: kept(
    async () => (createRequire(import.meta.url)(RENDERER_FILE) as { prerender: RenderPage }).prerender,
  ),
  template: kept(() => hostingTemplate(siteOrigin)),
  origin: siteOrigin,
});

/**
 * Articles and the sitemap made on request (Hosting rewrites `/article/**` and `/sitemap.xml` here),
 * with the renderer the local preview server uses; cached by the CDN (src/domain/public-pages.ts) and
 * by each instance (a flood of uncached addresses, each miss and query its own CDN entry, is bounded).
 */
export const publicPages = onRequest({ memory: '512MiB', maxInstances: 10 }, async (request, response) => {
  const answer = await publicPage({ method: request.method, url: request.originalUrl || request.url });
  response.status(answer.status).set(answer.headers).send(answer.body);
});

// Photos whose 24 hours of comparing are over go back to their usual place in the feed.
export const endExpiredComparisons = onSchedule('every 1 hours', async () => {
  await endComparisons(store, systemClock);
});

export const renewPremiumMonths = onSchedule('every 1 hours', async () => {
  await renewPremium(store, systemClock);
});

export const leaderboardDaily = onSchedule('every day 00:05', async () => {
  await recordLeaderboardDay(store, systemClock);
});

export const cleanUpAbandonedUploads = onSchedule('every 1 hours', async () => {
  await cleanUpUploads(files, systemClock);
});

// The default bucket as a parameter firebase-tools fills in when it deploys: without one, the trigger
// reads it from the config at load, and the bundle does not load in a project without one.
export const limitWaitingUploads = onObjectFinalized({ bucket: storageBucket }, async (event) => {
  await enforceUploadQuota(files, event.data.name);
});

export const purgeDeletedAccounts = onSchedule('every 1 hours', async () => {
  // Once after the deploy that brings them: data from before vote totals and the purge's flag.
  await markPendingPurges(store);
  await backfillVoteTotals(store);
  await purgeDeletedMembers(store, files, accounts, systemClock);
});

export const writePhotoInsights = onDocumentCreated(
  { document: 'users/{uid}/photos/{photoId}', secrets: [aiApiKey] },
  async (event) => {
    const writer = insightsWriterFromEnv(envWithSecrets(aiApiKey));
    await writeInsights(store, writer, event.params.uid, event.params.photoId);
  },
);

// Push: a reaction or reply to the member's comment, and new votes on their photos (a burst is one).
const push = { store, clock: systemClock, sender: fcmSender(getMessaging()) };

export const pushNotification = onDocumentCreated('users/{uid}/notifications/{id}', async (event) => {
  await pushNotificationFor(push, event.params.uid, event.data?.data() as AppNotification | undefined);
});

export const pushVotes = onDocumentCreated('users/{uid}/photos/{photoId}/votes/{voteId}', async (event) => {
  await pushVote(push, { ownerId: event.params.uid, photoId: event.params.photoId });
});

// Votes pending on a photo, folded into it: the vote's handler folds at once, and this catches a fold
// lost to contention between instances; retried until it lands (a fold of nothing pending is a no-op).
export const foldPendingVotes = onDocumentCreated(
  { document: 'users/{uid}/photos/{photoId}/pendingVotes/{voterId}', retry: true },
  async (event) => {
    await foldVotes(store, systemClock, event.params.uid, event.params.photoId);
  },
);

export const mirrorPresence = onValueWritten('/status/{uid}', async (event) => {
  const value = event.data.after.val() as { state?: PresenceState } | null;
  await setPresence(
    store,
    event.params.uid,
    value?.state === 'online' ? 'online' : 'offline',
    systemClock.now(),
  );
});
