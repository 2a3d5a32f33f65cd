/**
 * The public face in Chromium: a visitor reads the landing page in each variant of 'landingHeroTest'
 * (forced through a session id the test starts in the store, as the server would) and follows Get Started, reads the blog's second page and an
 * article, is refused at 15 characters on Contact us and then sends a message; a member sends
 * feedback; the A/B events arrive at the endpoint; an article with a script shows its text and runs
 * nothing.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { abTestBucket } from '../../src/domain/experiments';
import type { StoredAbTestEvent } from '../../src/domain/ab-test-events';
import { browserForFile } from './support/browser';
import {
  addDocument,
  changeDocument,
  eventually,
  Member,
  readDocuments,
  readUserByEmail,
} from './support/member';

const browser = browserForFile();

/** The demo's split: control 34, original 33, social_proof 33 (functions/src/local/demo-experiments.ts). */
const VARIANTS = [
  { id: 'control', from: 0, to: 34, headline: 'Find your best photo', subline: 'Anonymous, honest and fast' },
  { id: 'original', from: 34, to: 67, headline: 'How do others see your photo?', subline: 'how it compares' },
  { id: 'social_proof', from: 67, to: 100, headline: 'Find your best photo', subline: 'Join 10k+ members' },
] as const;

function sessionIn(from: number, to: number, salt: string): string {
  for (let n = 0; ; n++) {
    const id = `e2e-${salt}-${n}`;
    const bucket = abTestBucket(id, 'landingHeroTest');
    if (bucket >= from && bucket < to) return id;
  }
}

/** A visitor who allowed analytics, with the A/B session given, as if the server had started it. */
async function visitorWithSession(sessionId: string): Promise<Member> {
  const startedAt = new Date();
  addDocument(`abTestSessions/${sessionId}`, {
    startedAt,
    expireAt: new Date(startedAt.getTime() + 2 * 24 * 60 * 60 * 1000),
    interactions: 0,
  });
  const visitor = await Member.open(browser(), undefined, { askConsent: true });
  await visitor.context.addInitScript(
    ([id]) => {
      sessionStorage.setItem('photorater.abSession', id!);
      const preferences = { necessary: true, analytics: true, marketing: false, functional: false };
      localStorage.setItem(
        'photorater.cookieConsent',
        JSON.stringify({ hasConsented: true, preferences, timestamp: new Date() }),
      );
    },
    [sessionId],
  );
  return visitor;
}

/** Signs in at the Auth emulator as the demo admin and calls a handler with that token. */
async function callAsAdmin(name: string, data: unknown): Promise<unknown> {
  const signIn = await fetch(
    `${inject('authUrl')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=local-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@example.com',
        password: 'photorater-admin',
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const response = await fetch(`${inject('serverUrl')}/${inject('projectId')}/us-central1/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data }),
  });
  const body = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (!response.ok) throw new Error(body.error?.message ?? `${name} answered ${response.status}`);
  return body.result;
}

/** The kinds of A/B event stored for a session. */
const eventsOf = (sessionId: string) =>
  readDocuments<StoredAbTestEvent>('abTestEvents')
    .filter((event) => event.sessionId === sessionId)
    .map((event) => event.eventType);

async function heroOf(page: Page): Promise<{ variant: string | null; text: string }> {
  const heading = page.getByRole('heading', { level: 1 });
  return { variant: await heading.getAttribute('data-variant'), text: await heading.innerText() };
}

describe('the public face', () => {
  it('shows each variant of the landing hero to its sessions; assignments and a Get Started conversion arrive', async () => {
    const sessions: string[] = [];
    for (const variant of VARIANTS) {
      const sessionId = sessionIn(variant.from, variant.to, variant.id);
      sessions.push(sessionId);
      const visitor = await visitorWithSession(sessionId);
      const { page } = visitor;
      await visitor.visit('/');
      await page.locator(`h1[data-variant="${variant.id}"]`).waitFor();
      expect((await heroOf(page)).text).toBe(variant.headline);
      await page.getByText(variant.subline).waitFor();
      await page.getByRole('img', { name: /score card/ }).waitFor();
      await eventually(
        () => eventsOf(sessionId),
        (events) => events.includes('assignment'),
      );
      if (variant.id === 'social_proof') {
        await page.getByRole('button', { name: 'Get Started' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).waitFor();
        await eventually(
          () => eventsOf(sessionId),
          (events) => events.includes('conversion'),
        );
      }
      // The variant is kept for the session: a reload shows the same one.
      await page.reload();
      await page.locator(`h1[data-variant="${variant.id}"]`).waitFor();
      await visitor.close();
    }
    const events = await eventually(
      () =>
        readDocuments<StoredAbTestEvent>('abTestEvents').filter((event) =>
          sessions.includes(event.sessionId),
        ),
      (found) => found.length >= 4,
    );
    expect(events.map((event) => [event.sessionId, event.variantId, event.eventType]).sort()).toEqual(
      [
        [sessions[0], 'control', 'assignment'],
        [sessions[1], 'original', 'assignment'],
        [sessions[2], 'social_proof', 'assignment'],
        [sessions[2], 'social_proof', 'conversion'],
      ].sort(),
    );
  });

  it("reads the blog's second page and an article", async () => {
    for (let n = 1; n <= 5; n++)
      await callAsAdmin('saveArticle', {
        headline: `Older article ${n}`,
        description: `An older article, number ${n}.`,
        content: `<p>Body of older article ${n}.</p>`,
        rate: 4,
      });
    const visitor = await Member.open(browser());
    const { page } = visitor;
    await visitor.visit('/blog');
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Older article 5' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(6);
    await page
      .getByRole('navigation', { name: 'Blog pages' })
      .getByRole('link', { name: 'Go to page 2' })
      .click();
    await page.waitForURL(/\/blog\?page=2$/);
    await page
      .getByRole('heading', { level: 2, name: 'Choosing your dating profile photo with honest feedback' })
      .waitFor();
    await page.getByRole('link', { name: /What the fair score means/ }).click();
    await page.waitForURL(/\/article\/what-the-fair-score-means$/);
    await page.getByRole('heading', { level: 1, name: /What the fair score means/ }).waitFor();
    await page.getByText('By Photorater Team').waitFor();
    await page.getByText("Editors' rating 9.2/10", { exact: true }).waitFor();
    expect(await page.title()).toBe('The fair score, explained | Photorater');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL(/\/blog$/);
    await visitor.close();
  });

  it('an article with a script shows its text and runs nothing', async () => {
    changeDocument('articles/choosing-your-dating-profile-photo', {
      content:
        '<p>Plain words stay.</p><script>window.__ran = "script"</script><img src="/nothing.png" onerror="window.__ran = \'onerror\'"><a href="javascript:window.__ran=\'link\'">a link</a>',
    });
    const visitor = await Member.open(browser());
    const { page } = visitor;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Straight from the server's HTML, then in the app after a move within it.
    await visitor.visit('/article/choosing-your-dating-profile-photo');
    await page.getByText('Plain words stay.').waitFor();
    // The link lost its javascript: address: a click goes nowhere.
    await page.getByText('a link').click();
    await visitor.visit('/blog?page=2');
    await page.getByRole('link', { name: /Choosing your dating profile photo/ }).click();
    await page.getByText('Plain words stay.').waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran)).toBeUndefined();
    expect(await page.locator('article script, article [onerror]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await visitor.close();
  });

  it('sends Contact us after being refused at 15 characters', async () => {
    const visitor = await Member.open(browser());
    const { page } = visitor;
    await visitor.visit('/contact');
    await page.getByLabel(/Your e-mail/).fill('visitor@example.com');
    const message = page.getByLabel(/Your message/);
    await message.fill('Fifteen chars!!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('message must be at least 16 characters').waitFor();
    await message.fill('Sixteen chars!!!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    const sent = readDocuments<{ message: string; email: string; uid: string | null }>('contact');
    expect(sent).toContainEqual(
      expect.objectContaining({ message: 'Sixteen chars!!!', email: 'visitor@example.com', uid: null }),
    );
    await visitor.close();
  });

  it('a member sends feedback from the drawer; the dialog thanks and closes, and their flag is set', async () => {
    const member = await Member.open(browser());
    const { page } = member;
    await member.register();
    await member.completeProfile();
    await member.finishOnboarding();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Please choose a score from 0 to 10').waitFor();
    await dialog.getByRole('button', { name: '8', exact: true }).click();
    await dialog.getByLabel(/Your feedback/).fill('Lovely app');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText('Thank you for your feedback!').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    const user = readUserByEmail<{ uid: string; feedback?: boolean }>(member.email);
    expect(user?.feedback).toBe(true);
    expect(readDocuments<{ uid: string; rate: number }>('feedback')).toContainEqual(
      expect.objectContaining({ uid: user?.uid, rate: 8, message: 'Lovely app' }),
    );
    await member.close();
  });
});
