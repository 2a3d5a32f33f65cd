/**
 * The app as it is deployed to Firebase, driven in Chromium as members drive it: the client built for the
 * `firebase` backend, served by the Hosting emulator with firebase.json's rewrites, talking to the Auth,
 * Functions (the bundle `npm run build:functions` makes), Firestore and Pub/Sub emulators
 * (tests/e2e/support/firebase-build.ts). A newcomer signs up, completes the profile, rates a photo of the
 * feed, looks at the leaderboard and is credited a token pack once by a signed Stripe webhook delivered
 * twice; a new photo gets its AI insights from its Firestore trigger; a visitor opens an article that
 * publicPages makes behind Hosting's rewrite, and the blog; the first admin, made with
 * `npm run admin -- grant EMAIL --project`, reads the Users, Photos and Audit log lists past their first
 * page, to the end (every next page was refused on Firestore before the store ordered by the document).
 *
 * Uploads need the Storage emulator, which this machine lacks: the community's photos are written through
 * the Admin SDK in the shape the upload pipeline (createPhoto) writes them, their images the portraits the
 * built app serves from its own `images/`. Presence needs the Realtime Database emulator, also absent: the
 * build points it at a port nothing listens on, and the app carries on without it. Skipped, saying why,
 * where the Firestore emulator or a Java for firebase-tools is missing.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ARTICLES, seedDemoArticles } from '../../functions/src/local/demo-articles';
import { checkoutMetadata } from '../../functions/src/payments/payment-provider';
import { ADMIN_PAGE_SIZE, adminLogPath, type AdminLogEntry } from '../../src/domain/admin';
import { orderFor, TOKENS_PRODUCT } from '../../src/domain/payments';
import { newPhoto, photoPath, type FaceDetail, type Photo } from '../../src/domain/photo';
import { checkoutAmount, TOKEN_PACKS } from '../../src/domain/plans';
import { LEADERBOARD_SIZE } from '../../src/domain/rating';
import { formatScore } from '../../src/domain/scores';
import { newUser, type Gender, type User } from '../../src/domain/user';
import type { Vote } from '../../src/domain/vote';
import { browserForFile } from './support/browser';
import {
  firebaseBuildMissing,
  PROJECT_ID,
  startFirebaseBuild,
  type FirebaseBuild,
} from './support/firebase-build';
import { eventually, Member } from './support/member';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const missing = firebaseBuildMissing();
const browser = browserForFile();
let stack: FirebaseBuild;

/** A member of the community, written as the app's own sign-up and profile completion leave them. */
interface Neighbour {
  uid: string;
  name: string;
  gender: Gender;
  age: number;
}

/** A document to write from outside the app: its path and fields. */
type Seed = [path: string, fields: Record<string, unknown>];

/** Writes documents through the Admin SDK, in one transaction. */
async function seed(documents: Seed[]): Promise<void> {
  await stack.store.runTransaction(async (tx) => {
    for (const [documentPath, fields] of documents) tx.set(documentPath, fields);
  });
}

function memberSeed(member: Neighbour, fields: Partial<User> = {}): Seed {
  const createdAt = new Date(Date.now() - 30 * 86_400_000);
  const user = newUser({
    uid: member.uid,
    email: `${member.uid}@example.com`,
    displayName: member.name,
    emailVerified: true,
    providers: ['password'],
    age: member.age,
    birthyear: createdAt.getUTCFullYear() - member.age,
    gender: member.gender,
    showGender: 'both',
    complete: true,
    onBoarding: true,
    createdAt,
    ...fields,
  });
  return [`users/${member.uid}`, { ...user }];
}

/** The portraits the app ships (public/images), which the Hosting emulator serves from the build. */
const PORTRAITS = ['maya', 'leo', 'aiko'] as const;

async function portraitSize(portrait: string): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(
    path.join(root, 'public', 'images', `portrait-${portrait}.webp`),
  ).metadata();
  return { width: width!, height: height! };
}

function faceDetailOf(member: Neighbour): FaceDetail {
  return {
    AgeRange: { Low: member.age - 3, High: member.age + 3 },
    Gender: { Value: member.gender === 'female' ? 'Female' : 'Male', Confidence: 99 },
    Smile: { Value: true, Confidence: 95 },
    Emotions: [{ Type: 'HAPPY', Confidence: 92 }],
    Pose: { Roll: 0 },
    Quality: { Brightness: 80, Sharpness: 85 },
    Beard: { Value: false, Confidence: 90 },
  };
}

/**
 * A photo as createPhoto writes it once its files are stored: the display, small and original images
 * (here one portrait served by Hosting), their size, the face analysis, and the votes it had so far.
 */
async function photoSeed(
  owner: Neighbour,
  photo: { id: string; caption: string; portrait: string; uploadedAt: Date; active?: boolean } & Partial<
    Pick<Photo, 'rate' | 'votesCount'>
  >,
): Promise<Seed> {
  const { width, height } = await portraitSize(photo.portrait);
  const image = `${stack.appUrl}/images/portrait-${photo.portrait}.webp`;
  const votes = photo.votesCount ?? 0;
  const rate = photo.rate ?? 0;
  const record = newPhoto({
    id: photo.id,
    userId: owner.uid,
    imageName: `${photo.id}.jpg`,
    resizedImageName: `${photo.id}.webp`,
    imageUrl: image,
    originalUrl: image,
    smallImageName: `${photo.id}_small.webp`,
    smallImageUrl: image,
    imageWidth: width,
    imageHeight: height,
    showTo: 'both',
    gender: owner.gender,
    ageRange: [18, 60],
    caption: photo.caption,
    active: photo.active ?? true,
    uploadedAt: photo.uploadedAt,
    faceDetail: faceDetailOf(owner),
    rate,
    votesCount: votes,
    // Its votes so far, as the vote path tallies them.
    qualityVotes: votes,
    qualitySum: rate * votes,
    qualitySquares: rate * rate * votes,
  });
  return [photoPath(owner.uid, photo.id), { ...record }];
}

/** The community a newcomer finds: three members, each with a rated photo in the feed and on the board. */
const COMMUNITY: Array<Neighbour & { caption: string; rate: number; votesCount: number }> = [
  { uid: 'maya', name: 'Maya', gender: 'female', age: 27, caption: 'Sunday hike', rate: 4.2, votesCount: 9 },
  { uid: 'leo', name: 'Leo', gender: 'male', age: 31, caption: 'New haircut', rate: 3.8, votesCount: 6 },
  {
    uid: 'aiko',
    name: 'Aiko',
    gender: 'female',
    age: 29,
    caption: 'Coffee break',
    rate: 4.6,
    votesCount: 12,
  },
];

/** The newcomer of these journeys: signed up in the first, or by the first that needs them when run alone. */
let newcomer: { member: Member; uid: string } | undefined;

/** What the pages said in their consoles, and threw, beyond the absent Realtime Database. */
const pageErrors: string[] = [];

/** A browser of its own on the Firebase build, whose page's errors and warnings are kept. */
async function openApp(): Promise<Member> {
  const member = await Member.open(browser(), undefined, { baseUrl: stack.appUrl });
  member.page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    pageErrors.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  member.page.on('pageerror', (error) => pageErrors.push(`thrown: ${error.stack ?? error.message}`));
  return member;
}

async function signUp(): Promise<{ member: Member; uid: string; user: User }> {
  const member = await openApp();
  await member.register();
  await member.completeProfile({ name: 'Robin', age: 30, gender: 'Male', showMe: 'Both' });
  await member.finishOnboarding();
  const user = await eventually(
    () => userByEmail(member.email),
    (found) => found?.complete === true && found.loginStreak === 1,
  );
  newcomer = { member, uid: user!.uid };
  return { ...newcomer, user: user! };
}

async function joined(): Promise<{ member: Member; uid: string }> {
  return newcomer ?? (await signUp());
}

async function userByEmail(email: string): Promise<User | undefined> {
  const [found] = await stack.store.query<User>('users', { where: [{ field: 'email', equals: email }] });
  return found?.data;
}

/** Posts a Stripe event to the stripeWebhook function, signed with its secret as Stripe signs them. */
async function deliverStripeEvent(
  id: string,
  type: string,
  object: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const created = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: stack.webhookSecret,
    timestamp: created,
  });
  const response = await fetch(stack.webhookUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  return { status: response.status, body: await response.json() };
}

const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

/** The rows of an admin list's table, past its header. */
const tableRows = (member: Member, name: string) =>
  member.page.getByRole('table', { name }).locator('tbody tr');

/**
 * Opens an admin tab and reads its list past the first page with Load more, until there is no more:
 * says how many rows it shows then. A read the server refuses is said in a toast, which fails here.
 */
async function readWholeList(admin: Member, tab: string, table: string): Promise<number> {
  const { page } = admin;
  await page.getByRole('tab', { name: tab }).click();
  const rows = tableRows(admin, table);
  await rows.first().waitFor();
  const loadMore = page.getByRole('button', { name: 'Load more' });
  const alerts = page.getByRole('alert');
  for (;;) {
    const shown = await rows.count();
    if ((await loadMore.count()) === 0) return shown;
    const alerted = await alerts.count();
    await loadMore.click();
    // The next page's rows, or a new alert saying why there are none.
    await page.waitForFunction(
      ({ table, shown, alerted }) =>
        document.querySelectorAll(`table[aria-label="${table}"] tbody tr`).length > shown ||
        document.querySelectorAll('[role="alert"]').length > alerted,
      { table, shown, alerted },
    );
    if ((await rows.count()) === shown)
      throw new Error(`The next page of ${tab} was refused: ${await alerts.last().innerText()}`);
  }
}

/** The admin lists of these journeys: tab, table, and the collection each lists. */
const ADMIN_LISTS = [
  ['Users', 'Users', 'users'],
  ['Photos', 'Photos', 'photos'],
  ['Audit log', 'Audit log', 'adminLog'],
] as const;

async function count(collection: (typeof ADMIN_LISTS)[number][2]): Promise<number> {
  return collection === 'photos'
    ? (await stack.store.queryGroup('photos', {})).length
    : (await stack.store.query(collection, {})).length;
}

/**
 * More than a page of each admin list: members who ran out of tokens (their photos gone inactive, so
 * the feed is the community's), and the writes an earlier admin made.
 */
async function seedCrowd(): Promise<void> {
  const started = Date.now() - 20 * 86_400_000;
  const documents: Seed[] = [];
  for (let n = 1; n <= ADMIN_PAGE_SIZE + 1; n++) {
    const at = new Date(started + n * 3_600_000);
    const neighbour: Neighbour = {
      uid: `member-${String(n).padStart(2, '0')}`,
      name: `Member ${n}`,
      gender: n % 2 ? 'female' : 'male',
      age: 20 + n,
    };
    const entry: AdminLogEntry = {
      adminId: COMMUNITY[0]!.uid,
      action: 'updateUser',
      targetPath: `users/${neighbour.uid}`,
      at,
      before: { points: 5 },
      after: { points: 0 },
    };
    documents.push(
      memberSeed(neighbour, { points: 0, firstPhotoBonus: true }),
      await photoSeed(neighbour, {
        id: `photo-${neighbour.uid}`,
        caption: `Photo of member ${n}`,
        portrait: PORTRAITS[n % PORTRAITS.length]!,
        uploadedAt: at,
        active: false,
      }),
      [adminLogPath(`earlier-${n}`), { ...entry }],
    );
  }
  await seed(documents);
}

let madeAdmin: Member | undefined;

/**
 * The newcomer made the project's first admin as the README says (`npm run admin -- grant EMAIL
 * --project`, here against the emulators), signed in again so it takes effect, at /admin.
 */
async function adminArea(): Promise<Member> {
  const { member, uid } = await joined();
  if (madeAdmin !== member) {
    await seedCrowd();
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'grant', member.email, '--project', PROJECT_ID],
      {
        cwd: root,
        env: {
          ...process.env,
          FIRESTORE_EMULATOR_HOST: `127.0.0.1:${stack.ports.firestore}`,
          FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${stack.ports.auth}`,
        },
      },
    );
    expect(stdout).toContain(`${member.email} is now an admin`);
    expect((await stack.store.get<User>(`users/${uid}`))?.isAdmin).toBe(true);
    await member.signOut();
    await member.signIn();
    await member.page.waitForURL((url) => url.pathname !== '/login');
    madeAdmin = member;
  }
  await member.visit('/admin');
  await member.page.getByRole('tablist', { name: 'Admin area' }).waitFor();
  return member;
}

describe.skipIf(missing)('the Firebase build on the emulators', () => {
  beforeAll(async () => {
    stack = await startFirebaseBuild();
    const uploadedAt = Date.now() - 86_400_000;
    const documents: Seed[] = [];
    for (const [index, neighbour] of COMMUNITY.entries())
      documents.push(
        memberSeed(neighbour, { points: 50, firstPhotoBonus: true }),
        await photoSeed(neighbour, {
          id: `photo-${neighbour.uid}`,
          caption: neighbour.caption,
          portrait: PORTRAITS[index]!,
          uploadedAt: new Date(uploadedAt + index * 60_000),
          rate: neighbour.rate,
          votesCount: neighbour.votesCount,
        }),
      );
    await seed(documents);
    await seedDemoArticles(stack.store, new Date());
  }, 400_000);

  // A journey's pages say nothing went wrong (the absent Realtime Database's connection aside).
  afterEach(() => {
    const said = pageErrors.splice(0).filter((line) => !line.includes(`:${stack.ports.database}/`));
    expect(said, 'what the pages said').toEqual([]);
  });

  afterAll(async () => {
    await newcomer?.member.close();
    await stack?.stop();
  }, 60_000);

  it('a newcomer signs up, completes the profile, is shown around and counted for the day', async () => {
    await newcomer?.member.close();
    const { member, user } = await signUp();
    expect(user).toMatchObject({ displayName: 'Robin', age: 30, gender: 'male', showGender: 'both' });
    // Their tokens, as their profile shows them from Firestore.
    await member.visit('/profile');
    await member.page
      .getByRole('region', { name: 'Tokens' })
      .getByText(String(user.points), { exact: true })
      .waitFor();
  });

  it("the newcomer rates the feed's first photo, and the vote is kept on that photo", async () => {
    const { member, uid } = await joined();
    const { page } = member;
    const given = (await stack.store.get<User>(`users/${uid}`))?.votesGiven ?? 0;
    await member.visit('/rate');
    await page
      .getByRole('dialog', { name: 'How rating works' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const rate = page.getByRole('button', { name: 'Rate', exact: true });
    await rate.waitFor();
    // The photo shown is the screen's one image with a name: its caption.
    const caption = await page.getByRole('img').getAttribute('alt');
    const rated = COMMUNITY.find((neighbour) => neighbour.caption === caption);
    expect(rated, `the feed shows ${caption}`).toBeDefined();
    const before = (await stack.store.get<Photo>(photoPath(rated!.uid, `photo-${rated!.uid}`)))!;

    await page.keyboard.press('4');
    await page.getByLabel('Comment (optional)').fill('Great light');
    await rate.click();
    await page.getByRole('img', { name: caption! }).waitFor({ state: 'detached' });

    // Kept under an id that does not name the voter, with the voter's age by decade.
    const vote = await eventually(
      async () =>
        (await stack.store.query<Vote>(`${photoPath(rated!.uid, before.id)}/votes`)).find(
          (found) => found.data.comment === 'Great light',
        ),
      (found) => found !== undefined,
    );
    expect(vote?.data).toMatchObject({ rate: 4, comment: 'Great light', ageDecade: 30 });
    expect(JSON.stringify(vote)).not.toContain(uid);
    await eventually(
      () => stack.store.get<Photo>(photoPath(rated!.uid, before.id)),
      (after) => after?.votesCount === before.votesCount + 1,
    );
    expect((await stack.store.get<User>(`users/${uid}`))?.votesGiven).toBe(given + 1);
  });

  it('a new photo gets its AI insights from its Firestore trigger', async () => {
    // The community's photos were written at the start: the trigger follows each.
    for (const neighbour of COMMUNITY) {
      const photo = await eventually(
        () => stack.store.get<Photo>(photoPath(neighbour.uid, `photo-${neighbour.uid}`)),
        (found) => found?.aiInsights !== undefined,
        30_000,
      );
      expect(photo?.aiInsights?.photoVibe).toEqual(expect.any(String));
    }
  });

  it('the newcomer finds the best-scored photos of five votes or more on the leaderboard, in order', async () => {
    const { member } = await joined();
    const { page } = member;
    const photos = await stack.store.queryGroup<Photo>('photos', {});
    const expected = photos
      .map(({ data }) => data)
      .filter((photo) => photo.active && photo.eligible && photo.leaderboardScore > 0)
      .sort((a, b) => b.leaderboardScore - a.leaderboardScore)
      .slice(0, LEADERBOARD_SIZE);
    expect(expected.length).toBeGreaterThan(1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await member.visit('/leaderboard');
    await page.getByRole('heading', { name: 'The top rated photos of all time' }).waitFor();
    for (const [place, photo] of expected.entries()) {
      const item = page.getByRole('listitem', { name: `Place ${place + 1}` });
      await item.getByLabel(`Score ${formatScore(photo.rate)}`).waitFor();
      await item.getByRole('img', { name: photo.caption }).waitFor();
    }
    expect(await page.getByRole('listitem', { name: /^Place \d+$/ }).count()).toBe(expected.length);
  });

  it("a token pack paid for is credited once, though Stripe's signed webhook arrives twice, and the profile shows it", async () => {
    const { member, uid } = await joined();
    const { page } = member;
    const before = (await stack.store.get<User>(`users/${uid}`))!.points;
    await member.visit('/profile');
    const tokens = page.getByRole('region', { name: 'Tokens' });
    await tokens.getByText(String(before), { exact: true }).waitFor();

    const pack = TOKEN_PACKS.find((each) => each.isPopular)!;
    const order = orderFor(TOKENS_PRODUCT, checkoutAmount(pack))!;
    const session = {
      id: newId('cs_test_'),
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: uid,
      customer_email: member.email,
      amount_total: order.amountCents,
      currency: order.currency,
      metadata: checkoutMetadata(uid, order),
      subscription: null,
    };
    const event = newId('evt_test_');
    const first = await deliverStripeEvent(event, 'checkout.session.completed', session);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: `fulfilled ${order.kind}` } });
    // Stripe delivers again when it is unsure the first arrived.
    const again = await deliverStripeEvent(event, 'checkout.session.completed', session);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });

    await tokens.getByText(String(before + pack.tokens), { exact: true }).waitFor();
    expect((await stack.store.get<User>(`users/${uid}`))?.points).toBe(before + pack.tokens);
    expect(await stack.store.get(`paymentEvents/${event}`)).toMatchObject({ uid, sessionId: session.id });
  });

  it("a visitor opens an article, made by publicPages behind Hosting's rewrite with the build's template, and goes on to the blog", async () => {
    const [article] = [...DEMO_ARTICLES].sort((a, b) => a.daysAgo - b.daysAgo);
    // As Hosting answers it, before any script: the function's page, naming the build's own scripts.
    const response = await fetch(`${stack.appUrl}/article/${article!.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>${article!.seoTitle} | Photorater</title>`);
    const template = await (await fetch(`${stack.appUrl}/app-template.html`)).text();
    const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+)"/.exec(template)?.[1];
    expect(entry).toBeDefined();
    expect(html).toContain(entry);

    const visitor = await openApp();
    const { page } = visitor;
    await visitor.visit(`/article/${article!.id}`);
    await page.getByRole('heading', { level: 1, name: article!.headline }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    for (const each of DEMO_ARTICLES)
      await page.getByRole('heading', { level: 2, name: each.headline }).waitFor();
    await page.getByRole('link', { name: DEMO_ARTICLES.at(-1)!.headline }).click();
    await page.getByRole('heading', { level: 1, name: DEMO_ARTICLES.at(-1)!.headline }).waitFor();
    await visitor.close();
  });

  it('the first admin, made with npm run admin, finds the Users, Photos and Audit log a page long with more to load', async () => {
    const admin = await adminArea();
    for (const [tab, table] of ADMIN_LISTS) {
      await admin.page.getByRole('tab', { name: tab }).click();
      await tableRows(admin, table)
        .nth(ADMIN_PAGE_SIZE - 1)
        .waitFor();
      expect(await tableRows(admin, table).count(), tab).toBe(ADMIN_PAGE_SIZE);
      await admin.page.getByRole('button', { name: 'Load more' }).waitFor();
    }
  });

  for (const [tab, table, collection] of ADMIN_LISTS)
    it(`the admin reads ${tab} past its first page, to the end`, async () => {
      const admin = await adminArea();
      const total = await count(collection);
      expect(total).toBeGreaterThan(ADMIN_PAGE_SIZE);
      expect(await readWholeList(admin, tab, table)).toBe(total);
    });
});
