/**
 * A member driving the app in a real browser, in the product's words:
 * `await member.register()`, `await member.completeProfile()`, `await member.signOut()`.
 */
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Photo } from '../../../src/domain/photo';
import type { User } from '../../../src/domain/user';
import { inject } from 'vitest';
import { decodeDocument, encodeDocument } from '../../../src/domain/wire';
import { storageKeys } from '../../../src/lib/storage';

export const appUrl = () => inject('appUrl');

export function newEmail(): string {
  return `member-${randomUUID().slice(0, 8)}@example.com`;
}

export interface ProfileAnswers {
  name?: string;
  age?: number;
  gender?: 'Female' | 'Male';
  showMe?: 'Both' | 'Women' | 'Men';
}

/**
 * Answers the cookie banner 'Necessary only' in every page of a browser context before the app starts,
 * unless the page already holds a choice, so the banner covers no journey's buttons.
 */
export async function answerCookieBanner(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    if (localStorage.getItem(key)) return;
    const preferences = { necessary: true, analytics: false, marketing: false, functional: false };
    localStorage.setItem(key, JSON.stringify({ hasConsented: true, preferences, timestamp: new Date() }));
  }, storageKeys.cookieConsent);
}

export class Member {
  readonly email: string;
  password = 'correct horse 1';

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
    email?: string,
    /** The app's address, when not the suite's stack (a journey with a stack of its own). */
    private readonly baseUrl?: string,
  ) {
    this.email = email ?? newEmail();
  }

  /**
   * A browser of its own. The cookie banner is answered 'Necessary only' beforehand, so it covers no
   * journey's buttons; `askConsent` leaves it to the journey (the consent journeys).
   */
  static async open(
    browser: Browser,
    email?: string,
    { askConsent = false, baseUrl }: { askConsent?: boolean; baseUrl?: string } = {},
  ): Promise<Member> {
    const context = await browser.newContext();
    if (!askConsent) await answerCookieBanner(context);
    const page = await context.newPage();
    return new Member(context, page, email, baseUrl);
  }

  async visit(pathname: string): Promise<void> {
    await this.page.goto(`${this.baseUrl ?? appUrl()}${pathname}`);
  }

  async fillCredentials(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
  }

  async register(): Promise<void> {
    await this.visit('/register');
    await this.fillCredentials(this.email, this.password);
    await this.page.getByRole('button', { name: 'Create Account' }).click();
    await this.page.getByRole('heading', { name: 'Complete your profile' }).waitFor();
  }

  async completeProfile(answers: ProfileAnswers = {}): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Complete your profile' });
    await form.getByLabel('Name').fill(answers.name ?? 'Alex');
    await form.getByLabel('Age').fill(String(answers.age ?? 27));
    await form.getByRole('radio', { name: answers.gender ?? 'Female', exact: true }).check();
    await form.getByRole('radio', { name: answers.showMe ?? 'Both', exact: true }).check();
    await form.getByRole('button', { name: 'Continue' }).click();
  }

  async finishOnboarding(): Promise<void> {
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Get started' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  async signIn(password = this.password): Promise<void> {
    await this.visit('/login');
    await this.fillCredentials(this.email, password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Posts a photo from a file through the New Photo form and waits until My Photos shows it. */
  async postPhoto(file: string, caption: string): Promise<void> {
    await this.page.getByRole('button', { name: /Add New Photo/ }).click();
    const form = this.page.getByRole('dialog', { name: 'New Photo' });
    await form.getByLabel('Photo file').setInputFiles(file);
    await form.locator('.reactEasyCrop_Container').waitFor();
    await form.getByLabel('Caption (optional)').fill(caption);
    await form.getByRole('button', { name: 'Post' }).click();
    await form.waitFor({ state: 'detached', timeout: 60_000 });
  }

  /**
   * Opens the rating feed at a photo by its link, `/rate/{photoId}`, closing the first-time tutorial
   * when asked, and waits until the photo is the one shown. The feed starts there only when the photo
   * is in its first batch, else at the first photo (spec 1, Rating flow): photos other journeys left
   * ahead of it in the shared stack (a Premium owner's, photos being compared) are skipped, as a member
   * would skip them, until it shows.
   */
  async openInFeed(
    photo: Pick<Photo, 'id' | 'imageUrl' | 'originalUrl'>,
    { closeTutorial = true }: { closeTutorial?: boolean } = {},
  ): Promise<void> {
    await this.visit(`/rate/${photo.id}`);
    if (closeTutorial)
      await this.page
        .getByRole('dialog', { name: 'How rating works' })
        .getByRole('button', { name: 'Got it' })
        .click();
    const rate = this.page.getByRole('button', { name: 'Rate', exact: true });
    // The photo shown is the screen's one image with a name: the one under it waits unnamed.
    const shown = this.page.getByRole('img');
    for (let skipped = 0; skipped <= FEED_SKIPS_MAX; skipped++) {
      await rate.waitFor();
      const image = await shown.elementHandle();
      const src = await image?.getAttribute('src');
      // Its display image, or the original where that failed to load.
      if (src === photo.imageUrl || src === photo.originalUrl) {
        await this.page.waitForURL((url) => url.pathname === `/rate/${photo.id}`);
        return;
      }
      await this.page.getByRole('button', { name: 'Skip', exact: true }).click();
      // Each photo keeps its own element: the one skipped leaves the page.
      await this.page.waitForFunction((element) => !element?.isConnected, image);
    }
    throw new Error(`Photo ${photo.id} did not show within ${FEED_SKIPS_MAX} skips of the feed.`);
  }

  /** Closes the first-photo celebration. */
  async closeHooray(): Promise<void> {
    await this.page.getByRole('dialog', { name: 'Hooray!!' }).getByRole('button', { name: 'Got it' }).click();
  }

  /**
   * On the local test checkout page (the stand-in for the payment provider's): pays with a card
   * number, as a member types it, and presses Pay or Subscribe.
   */
  async payAtCheckout(card: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    const form = this.page.getByRole('form', { name: 'Pay with card' });
    await form.getByLabel('Card number').fill(card);
    await form.getByLabel('Expiration').fill('12 / 34');
    await form.getByLabel('CVC').fill('123');
    await form.getByRole('button', { name: /^(Pay|Subscribe) \$/ }).click();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Open menu' }).click();
    await this.page.getByRole('button', { name: 'Sign out' }).click();
    await this.page.getByRole('button', { name: 'Get started' }).waitFor();
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

/**
 * A member who registered, completed the profile and finished onboarding, once the server has their
 * complete record and has counted their first day of the login streak.
 */
export async function joinedMember(
  browser: Browser,
  answers: ProfileAnswers,
): Promise<{ member: Member; uid: string }> {
  const member = await Member.open(browser);
  await member.register();
  await member.completeProfile(answers);
  await member.finishOnboarding();
  const user = await eventually(
    () => readUserByEmail<User>(member.email),
    (found) => found?.complete === true && found.loginStreak === 1,
  );
  return { member, uid: user!.uid };
}

/** A joined member who has posted their first photo (the celebration closed), with the photo as stored. */
export async function memberWithPhoto(
  browser: Browser,
  answers: ProfileAnswers,
  file: string,
  caption: string,
): Promise<{ member: Member; uid: string; photo: Photo }> {
  const joined = await joinedMember(browser, answers);
  await joined.member.postPhoto(file, caption);
  await joined.member.closeHooray();
  const [photo] = await eventually(
    () => readDocuments<Photo>(`users/${joined.uid}/photos`),
    (photos) => photos.length === 1,
  );
  return { ...joined, photo: photo! };
}

/** More than any journey leaves ahead of a fresh photo in the shared stack's feed. */
const FEED_SKIPS_MAX = 20;

const require = createRequire(import.meta.url);

/** One of the six photos with faces that @vladmandic/face-api ships for its demos, as a file path. */
export const samplePhotoPath = (n: number) =>
  path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', `sample${n}.jpg`);

/** Reads a document straight from the local backend's SQLite file, as a check from outside the app. */
export function readDocument<T>(documentPath: string): T | undefined {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'), { readonly: true });
  try {
    const row = db.prepare('SELECT data FROM documents WHERE path = ?').get(documentPath) as
      { data: string } | undefined;
    return row ? decodeDocument<T>(row.data) : undefined;
  } finally {
    db.close();
  }
}

/**
 * Changes fields of a stored document from outside the app: how a journey simulates what takes
 * time (yesterday's login, votes from many members) without waiting for it.
 */
export function changeDocument(documentPath: string, fields: Record<string, unknown>): void {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'));
  try {
    const row = db.prepare('SELECT data FROM documents WHERE path = ?').get(documentPath) as
      { data: string } | undefined;
    if (!row) throw new Error(`No document at ${documentPath}`);
    const data = { ...decodeDocument<Record<string, unknown>>(row.data), ...fields };
    db.prepare('UPDATE documents SET data = ? WHERE path = ?').run(encodeDocument(data), documentPath);
  } finally {
    db.close();
  }
}

/** Adds a document straight to the SQLite file, as the server would have written it. */
export function addDocument(documentPath: string, data: Record<string, unknown>): void {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'));
  try {
    const parts = documentPath.split('/');
    db.prepare('INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)').run(
      documentPath,
      parts.slice(0, -1).join('/'),
      parts.at(-2),
      encodeDocument(data),
    );
  } finally {
    db.close();
  }
}

/** The documents of a collection, straight from the SQLite file. */
export function readDocuments<T>(collectionPath: string): T[] {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare('SELECT data FROM documents WHERE parent = ? ORDER BY path')
      .all(collectionPath) as Array<{ data: string }>;
    return rows.map((row) => decodeDocument<T>(row.data));
  } finally {
    db.close();
  }
}

/** The member's record found by e-mail, straight from the SQLite file. */
export function readUserByEmail<T>(email: string): T | undefined {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'), { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT data FROM documents WHERE collection_id = 'users' AND json_extract(data, '$.email') = ?",
      )
      .get(email) as { data: string } | undefined;
    return row ? decodeDocument<T>(row.data) : undefined;
  } finally {
    db.close();
  }
}

/** The Auth emulator's out-of-band codes (password reset e-mails it would have sent). */
export async function passwordResetCode(email: string): Promise<string> {
  const response = await fetch(`${inject('authUrl')}/emulator/v1/projects/${inject('projectId')}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: Array<{ email: string; oobCode: string; requestType: string }>;
  };
  const code = oobCodes
    .filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!code) throw new Error(`No password reset code for ${email}.`);
  return code.oobCode;
}

/** Polls until a check passes, for state the app writes asynchronously. */
export async function eventually<T>(
  read: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
