/**
 * The deploy artifact, built as the README says and loaded by plain Node with nothing installed but
 * what functions/package.json lists, as Cloud Build installs it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionsDir, versionMismatches } from '../../../scripts/build-functions';
import { FUNCTIONS_REGION } from '../../../src/domain/functions-region';
import { handlers } from '../handlers';
import { samplePhoto } from '../testing';
import {
  analyzeWithStagedBundle,
  DEFAULT_BUCKET,
  describeBundle,
  firstFileOperation,
  packagesLoadedByBundle,
  postAfterLoad,
  preflightAllowedOrigin,
  PROJECT_ID,
  regionsOfExports,
  secretsOfExports,
  stageFunctions,
  WITHOUT_DEFAULT_BUCKET,
} from './deploy-check';

const staging = mkdtempSync(path.join(tmpdir(), 'photorater-functions-'));
let entry = '';

beforeAll(async () => {
  entry = await stageFunctions(path.join(staging, 'functions'));
}, 120_000);

afterAll(() => rmSync(staging, { recursive: true, force: true }));

/** Every export, as the Functions runtime and firebase-tools' discovery see it. */
const EXPORTS = {
  ...Object.fromEntries(Object.keys(handlers).map((name) => [name, { kind: 'callable' }])),
  leaderboardDaily: { kind: 'schedule' },
  purgeDeletedAccounts: { kind: 'schedule' },
  cleanUpAbandonedUploads: { kind: 'schedule' },
  renewPremiumMonths: { kind: 'schedule' },
  endExpiredComparisons: { kind: 'schedule' },
  stripeWebhook: { kind: 'https' },
  abTestEvent: { kind: 'https' },
  publicPages: { kind: 'https' },
  reportClientError: { kind: 'https' },
  limitWaitingUploads: { kind: 'trigger', eventType: 'google.cloud.storage.object.v1.finalized' },
  writePhotoInsights: { kind: 'trigger', eventType: 'google.cloud.firestore.document.v1.created' },
  pushNotification: { kind: 'trigger', eventType: 'google.cloud.firestore.document.v1.created' },
  pushVotes: { kind: 'trigger', eventType: 'google.cloud.firestore.document.v1.created' },
  foldPendingVotes: { kind: 'trigger', eventType: 'google.cloud.firestore.document.v1.created' },
  mirrorPresence: { kind: 'trigger', eventType: 'google.firebase.database.ref.v1.written' },
};

describe('the Functions bundle', () => {
  it('loads in Node and exports every handler as a callable, the webhook, the schedules and the triggers', async () => {
    expect(await describeBundle(entry)).toEqual(EXPORTS);
  }, 60_000);

  it('loads and is discovered in a project without a default bucket', async () => {
    expect(await describeBundle(entry, WITHOUT_DEFAULT_BUCKET)).toEqual(EXPORTS);
  }, 60_000);

  it('finds its bucket at the first file operation', async () => {
    expect(await firstFileOperation(entry)).toEqual({ buckets: [DEFAULT_BUCKET], error: null });
    const withoutBucket = await firstFileOperation(entry, WITHOUT_DEFAULT_BUCKET);
    expect(withoutBucket.buckets).toEqual([]);
    expect(withoutBucket.error).toMatch(/bucket name/i);
  }, 60_000);

  it("lets only the app's own addresses post error reports across origins", async () => {
    const hosting = `https://${PROJECT_ID}.web.app`;
    expect(await preflightAllowedOrigin(entry, 'reportClientError', hosting)).toBe(hosting);
    expect(await preflightAllowedOrigin(entry, 'reportClientError', 'https://elsewhere.example')).toBeNull();
    const listed = { APP_ORIGINS: 'https://photos.example, https://www.photos.example' };
    expect(
      await preflightAllowedOrigin(entry, 'reportClientError', 'https://www.photos.example', listed),
    ).toBe('https://www.photos.example');
    expect(await preflightAllowedOrigin(entry, 'reportClientError', hosting, listed)).toBeNull();
  }, 60_000);

  it('deploys every function to the one region the client calls', async () => {
    const regions = await regionsOfExports(entry);
    expect(Object.keys(regions).sort()).toEqual(Object.keys(EXPORTS).sort());
    for (const [name, region] of Object.entries(regions)) expect(region, name).toEqual([FUNCTIONS_REGION]);
  }, 60_000);

  it('loads neither TensorFlow, face-api, nsfwjs, sharp nor Stripe until a function needs them', async () => {
    const loaded = await packagesLoadedByBundle(entry);
    expect(loaded).toContain('firebase-functions');
    for (const heavy of [
      '@tensorflow/tfjs',
      '@tensorflow/tfjs-backend-wasm',
      '@vladmandic/face-api',
      'nsfwjs',
      'sharp',
      'stripe',
    ]) {
      expect(loaded, heavy).not.toContain(heavy);
    }
  }, 60_000);

  it('binds each secret only to the functions that use it', async () => {
    const stripe = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
    expect(await secretsOfExports(entry)).toEqual({
      stripeWebhook: stripe,
      createCheckoutSession: stripe,
      createSubscribeCheckoutSession: stripe,
      // The Customer Portal, where a member manages Premium.
      createBillingPortalSession: stripe,
      // Deleting an account ends its subscriptions at Stripe.
      deleteAccount: stripe,
      adminDeleteUser: stripe,
      writePhotoInsights: ['AI_API_KEY'],
      generateGenComments: ['AI_API_KEY'],
      genArticle: ['AI_API_KEY'],
      searchArticleImages: ['UNSPLASH_ACCESS_KEY'],
    });
  }, 60_000);

  it("reads Stripe's secrets when an event comes, not when the bundle loads", async () => {
    const request = { headers: { 'stripe-signature': 't=1,v1=forged' }, body: '{}' };
    const secrets = { STRIPE_SECRET_KEY: 'sk_test_late', STRIPE_WEBHOOK_SECRET: 'whsec_late' };
    expect(await postAfterLoad(entry, 'stripeWebhook', request, {})).toMatchObject({ status: 503 });
    expect(await postAfterLoad(entry, 'stripeWebhook', request, secrets)).toEqual({
      status: 400,
      body: { error: 'The signature does not match this webhook, or it is too old.' },
    });
  }, 60_000);

  it('finds the face and screening models and WASM files among the installed packages, and detects a face with them', async () => {
    const fromBundle = createRequire(entry);
    for (const file of [
      '@vladmandic/face-api/model/ssd_mobilenetv1_model.bin',
      '@vladmandic/face-api/model/face_landmark_68_model.bin',
      '@vladmandic/face-api/model/age_gender_model.bin',
      '@vladmandic/face-api/model/face_expression_model.bin',
      '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm',
      '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm',
      'nsfwjs/core',
    ]) {
      expect(() => fromBundle.resolve(file), file).not.toThrow();
    }
    // The screening model's graph and weights, read as nsfwjs reads them at the first upload.
    const { MobileNetV2MidModel: screening } = fromBundle('nsfwjs/models/mobilenet_v2_mid') as {
      MobileNetV2MidModel: { modelJson(): Promise<unknown>; weightBundles: Array<() => Promise<unknown>> };
    };
    await expect(screening.modelJson()).resolves.toBeTruthy();
    for (const bundle of screening.weightBundles) await expect(bundle()).resolves.toBeTruthy();
    const photo = path.join(staging, 'sample.jpg');
    writeFileSync(photo, samplePhoto(2));
    const detail = (await analyzeWithStagedBundle(entry, photo)) as {
      Gender?: { Value?: string };
      Emotions?: unknown[];
    } | null;
    expect(['Female', 'Male']).toContain(detail?.Gender?.Value);
    expect(detail?.Emotions).toHaveLength(7);
  }, 90_000);
});

describe('functions/package.json', () => {
  const manifest = JSON.parse(readFileSync(path.join(functionsDir, 'package.json'), 'utf8')) as {
    main: string;
  };

  it("asks for each runtime dependency at the root's version", () => {
    expect(versionMismatches()).toEqual([]);
  });

  it('points at the bundle', () => {
    expect(manifest.main).toBe('lib/index.js');
  });
});
