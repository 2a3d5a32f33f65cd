/**
 * The admin area, as an admin runs the community: a member is refused /admin; the demo admin finds
 * that member by e-mail prefix, changes their tokens, disables them (their next sign-in fails) and
 * enables them; restores a photo reported three times; adds a bot vote and AI comments to a photo;
 * creates a feature and an A/B test, starts and stops it; writes an article with AI generation and
 * publishes it on the blog.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { AdminLogEntry } from '../../src/domain/admin';
import { BLOG_MESSAGES } from '../../src/domain/articles';
import type { AppFeature } from '../../src/domain/experiments';
import type { AppNotification } from '../../src/domain/notifications';
import type { Photo } from '../../src/domain/photo';
import type { User } from '../../src/domain/user';
import type { StoredVote } from '../../functions/src/handlers/vote-keys';
import { encodeDocument } from '../../src/domain/wire';
import { browserForFile } from './support/browser';
import {
  Member,
  changeDocument,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocument,
  readDocuments,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

/** The demo admin a new local data folder has (README, "Admins"). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'photorater-admin' };

async function signedInAdmin(): Promise<Member> {
  const admin = await Member.open(browser(), DEMO_ADMIN.email);
  await admin.signIn(DEMO_ADMIN.password);
  // Signed in once the login page has sent the admin on; /admin loaded earlier would find nobody signed in.
  await admin.page.waitForURL((url) => url.pathname !== '/login');
  await admin.visit('/admin');
  await admin.page.getByRole('tablist', { name: 'Admin area' }).waitFor();
  return admin;
}

/** Three members' reports on a photo, as flagPhoto leaves them, written from outside the app. */
function reportThreeTimes(ownerId: string, photoId: string): void {
  const db = new Database(path.join(inject('dataDir'), 'store.sqlite'));
  try {
    const parent = `users/${ownerId}/photos/${photoId}/reports`;
    const insert = db.prepare(
      'INSERT INTO documents (path, parent, collection_id, data) VALUES (?, ?, ?, ?)',
    );
    for (const [n, reason] of ['Inappropriate photo', 'Inappropriate photo', 'Fake profile/Spam'].entries())
      insert.run(
        `${parent}/reporter${n}`,
        parent,
        'reports',
        encodeDocument({ userId: `reporter${n}`, reason, reporteddAt: new Date() }),
      );
  } finally {
    db.close();
  }
  changeDocument(`users/${ownerId}/photos/${photoId}`, { reportsCount: 3, eligible: false });
}

describe('the admin area', () => {
  it('is refused to a member, who is sent home', async () => {
    const { member } = await joinedMember(browser(), { name: 'Nosy Member' });
    await member.visit('/admin');
    await member.page.waitForURL((url) => url.pathname === '/');
    expect(await member.page.getByRole('tablist', { name: 'Admin area' }).count()).toBe(0);
    await member.close();
  });

  it('finds a member by e-mail prefix, changes their tokens, disables and enables them', async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Dana Example' });
    await member.signOut();
    const admin = await signedInAdmin();
    const { page } = admin;
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByLabel('Search by display name or e-mail').fill(member.email.slice(0, 14));
    const table = page.getByRole('table', { name: 'Users' });
    await table.getByText(member.email).waitFor();

    await page.getByRole('button', { name: 'Edit Dana Example' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Dana Example' });
    await dialog.getByLabel('Tokens').fill('42');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await eventually(
      () => readDocument<User>(`users/${uid}`),
      (user) => user?.points === 42,
    );

    await page.getByRole('button', { name: 'Edit Dana Example' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Dana Example' });
    await dialog.getByLabel('Disabled').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await table.getByText('Disabled').waitFor();

    await member.signIn();
    await member.page
      .getByText('This account has been disabled. Contact us if you think this is a mistake.')
      .waitFor();

    await page.getByRole('button', { name: 'Edit Dana Example' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Dana Example' });
    await dialog.getByLabel('Disabled').uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await member.signIn();
    await member.page.waitForURL((url) => url.pathname !== '/login');

    const log = readDocuments<AdminLogEntry>('adminLog').filter(
      (entry) => entry.targetPath === `users/${uid}`,
    );
    expect(log.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([{ points: 42 }, { disabled: true }, { disabled: false }]),
    );
    await admin.page.getByRole('tab', { name: 'Audit log' }).click();
    await admin.page.getByRole('table', { name: 'Audit log' }).getByText(`users/${uid}`).first().waitFor();
    await member.close();
    await admin.close();
  });

  it('restores a photo reported three times, back in the feeds, its owner told', async () => {
    const { member, uid, photo } = await memberWithPhoto(
      browser(),
      { name: 'Owen Reported' },
      samplePhotoPath(2),
      'Reported one',
    );
    reportThreeTimes(uid, photo.id);
    const admin = await signedInAdmin();
    await admin.page.getByRole('tab', { name: 'Reports' }).click();
    const card = admin.page.getByRole('article', { name: `Reported photo ${photo.id}` });
    await card.getByText('Inappropriate photo × 2').waitFor();
    await card.getByText(/3 reporters/).waitFor();
    await card.getByRole('button', { name: `Restore photo ${photo.id}` }).click();
    await card.waitFor({ state: 'detached' });

    const restored = readDocument<Photo>(`users/${uid}/photos/${photo.id}`);
    expect(restored).toMatchObject({ eligible: true, reportsCount: 0 });
    expect(readDocuments(`users/${uid}/photos/${photo.id}/reports`)).toEqual([]);
    expect(readDocuments<AppNotification>(`users/${uid}/notifications`).map((note) => note.body)).toContain(
      'We reviewed your photo and it is back in the rating feed.',
    );
    await member.close();
    await admin.close();
  });

  it("adds a bot vote and AI comments to a member's photo", async () => {
    const { member, uid, photo } = await memberWithPhoto(
      browser(),
      { name: 'Owen Voted' },
      samplePhotoPath(3),
      'Rate me',
    );
    const admin = await signedInAdmin();
    const { page } = admin;
    // The uploader is picked by name or e-mail, never by a raw uid.
    await page.getByLabel('Uploader (name or e-mail)').fill(member.email);
    await page.getByRole('option', { name: `Owen Voted (${member.email})` }).click();
    // Filtered to this member's photo: other journeys' photos on this stack are captioned alike.
    const photos = page.getByRole('table', { name: 'Photos' });
    await expect
      .poll(() => photos.getByRole('button', { name: /^Votes of photo / }).count(), { timeout: 10_000 })
      .toBe(1);
    await photos.getByText('Rate me', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Votes of photo ${photo.id}` }).click();
    const votes = page.getByRole('dialog', { name: 'Votes' });
    await votes.getByText('No votes found for this photo.').waitFor();
    await votes.getByRole('button', { name: 'Add bot vote' }).click();
    await votes.getByText('Photo and rating are required').waitFor();
    await votes.getByLabel('Rating (hearts)').click();
    await page.getByRole('option', { name: '4.5' }).click();
    await votes.getByLabel('Comment').fill('Great light in this one');
    await votes.getByRole('button', { name: 'friendly', exact: true }).click();
    await votes.getByRole('button', { name: 'Add bot vote' }).click();
    await votes.getByRole('table', { name: 'Votes' }).getByText('Great light in this one').waitFor();
    await votes.getByRole('button', { name: 'Close' }).click();

    const [vote] = readDocuments<StoredVote>(`users/${uid}/photos/${photo.id}/votes`);
    expect(vote).toMatchObject({ rate: 4.5, chips: ['friendly'], viewingTimeSeconds: 5, sealedVoter: null });
    expect(readDocument<Photo>(`users/${uid}/photos/${photo.id}`)).toMatchObject({
      votesCount: 1,
      rate: 4.5,
    });
    // The owner, on My Photos, sees the photo's new score (4.5 hearts, 9.0 on the ten-point scale).
    await member.page.getByText('9.0').first().waitFor();

    await page.getByRole('button', { name: `Edit photo ${photo.id}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit photo' });
    await edit.getByRole('button', { name: 'Generate AI comments' }).click();
    await edit.getByText('30 AI comments saved.').or(page.getByText('30 AI comments saved.')).waitFor();
    expect(readDocument<Photo>(`users/${uid}/photos/${photo.id}`)?.genComments).toHaveLength(30);
    // The owner sees them on the photo's detail, with the bot's vote.
    await member.page.getByRole('button', { name: 'Open Rate me' }).click();
    const detail = member.page.getByRole('dialog', { name: 'Rate me' });
    await detail.getByRole('list', { name: 'AI comments' }).getByRole('listitem').nth(29).waitFor();
    await detail.getByText('Great light in this one').waitFor();
    await member.close();
    await admin.close();
  });

  it('creates a feature and an A/B test, starts and stops the test', async () => {
    const admin = await signedInAdmin();
    const { page } = admin;
    await page.getByRole('tab', { name: 'Features' }).click();
    await page.getByRole('button', { name: 'New feature' }).click();
    const feature = page.getByRole('dialog', { name: 'New feature' });
    await feature.getByLabel('Feature ID').fill('priceBanner');
    await feature.getByLabel('Name').fill('Price banner');
    await feature.getByLabel('Enabled').check();
    await feature.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Features' }).getByText('Price banner').waitFor();

    await page.getByRole('tab', { name: 'AB Tests' }).click();
    await page.getByRole('button', { name: 'New A/B test' }).click();
    const test = page.getByRole('dialog', { name: 'New A/B test' });
    await test.getByLabel('Test ID', { exact: true }).fill('heroCopyTest');
    await test.getByLabel('Name', { exact: true }).fill('Hero copy');
    await test.getByLabel('Traffic %').first().fill('60');
    await test.getByText('Traffic percentages must sum to 100%').waitFor();
    expect(await test.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await test.getByLabel('Traffic %').nth(1).fill('40');
    await test.getByRole('button', { name: 'Save' }).click();
    const table = page.getByRole('table', { name: 'A/B tests' });
    await table.getByText('Control 60%, Variant A 40%').waitFor();

    await table.getByRole('button', { name: 'Start Hero copy' }).click();
    await table.getByRole('button', { name: 'Stop Hero copy' }).waitFor();
    const started = readDocument<AppFeature>('appFeatures/heroCopyTest');
    expect(started?.abTestConfig).toMatchObject({ isActive: true });
    expect(started?.abTestConfig?.startDate).toBeInstanceOf(Date);
    await table.getByRole('button', { name: 'Stop Hero copy' }).click();
    await table.getByRole('button', { name: 'Start Hero copy' }).waitFor();
    expect(readDocument<AppFeature>('appFeatures/heroCopyTest')?.abTestConfig).toMatchObject({
      isActive: false,
      startDate: started?.abTestConfig?.startDate,
    });
    await admin.close();
  });

  it('writes an article with AI generation and publishes it on the blog', async () => {
    const admin = await signedInAdmin();
    const { page } = admin;
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'New article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New article' });
    await dialog.getByRole('button', { name: 'Generate' }).click();
    await dialog.getByText(BLOG_MESSAGES.ideaRequired).waitFor();
    expect(await dialog.getByLabel('Headline').inputValue()).toBe('');

    await dialog.getByLabel('Idea for the article').fill('Why window light flatters a portrait');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const title = await eventually(
      () => dialog.getByLabel('Headline').inputValue(),
      (value) => value !== '',
    );
    expect(await dialog.getByLabel('Content (HTML)').inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Articles' }).getByText(title).waitFor();

    await admin.visit('/blog');
    await page.getByRole('link', { name: title }).first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await admin.close();
  });
});
