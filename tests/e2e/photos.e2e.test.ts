/** Photos journeys: upload with crop and caption, see it in My Photos, switch it off and on, delete; refusals. */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import type { User } from '../../src/domain/user';
import { browserForFile } from './support/browser';
import {
  Member,
  changeDocument,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocuments,
  readUserByEmail,
  samplePhotoPath,
} from './support/member';

const samplePhoto = samplePhotoPath(2);
const scratch = mkdtempSync(path.join(tmpdir(), 'photorater-photos-'));
const browser = browserForFile();

async function newMember(): Promise<{ member: Member; uid: string }> {
  return joinedMember(browser(), { name: 'Robin', age: 29, gender: 'Female', showMe: 'Men' });
}

describe('My Photos', () => {
  it('uploads a cropped photo with a caption, shows it, switches it off and on, and deletes it', async () => {
    const { member, uid } = await newMember();
    const { page } = member;
    await page.getByRole('button', { name: /Add New Photo/ }).click();
    const form = page.getByRole('dialog', { name: 'New Photo' });
    await form.getByLabel('Photo file').setInputFiles(samplePhoto);
    await form.locator('.reactEasyCrop_Container').waitFor();
    await form.getByLabel('Caption (optional)').fill('Sunday at the lake');
    await form.getByRole('radio', { name: 'Men', exact: true }).check();
    await form.getByRole('button', { name: 'Post' }).click();
    await form.waitFor({ state: 'detached', timeout: 60_000 });

    await member.closeHooray();
    const card = page.getByRole('article', { name: 'Sunday at the lake' });
    await card.waitFor();
    const [photo] = await eventually(
      () => readDocuments<Photo>(`users/${uid}/photos`),
      (photos) => photos.length === 1,
    );
    expect(photo).toMatchObject({
      caption: 'Sunday at the lake',
      showTo: 'male',
      ageRange: [18, 37],
      active: true,
      evaluated: true,
    });
    expect(photo?.faceDetail?.AgeRange.Low).toBeGreaterThan(0);
    // The grid's small variant, kept beside the display image, which the card offers by srcset.
    expect(photo?.smallImageUrl).toMatch(/_small\.webp\?token=/);
    expect(photo?.imageWidth).toBeGreaterThan(0);
    const smallFile = path.join(inject('dataDir'), 'files', 'images', uid, 'resized', photo!.smallImageName!);
    expect(existsSync(smallFile)).toBe(true);
    expect(await card.getByRole('img').getAttribute('srcset')).toContain(photo!.smallImageUrl!);
    // 2 to start, 5 for the first day of the login streak, 10 for the first photo.
    expect(readUserByEmail<User>(member.email)?.points).toBe(17);
    // AI insights follow the upload, written by the trigger.
    const [withInsights] = await eventually(
      () => readDocuments<Photo>(`users/${uid}/photos`),
      ([found]) => Boolean(found?.aiInsights),
    );
    expect(withInsights?.aiInsights?.personalityTraits.length).toBeGreaterThan(0);
    // The display image is a WebP the browser could load, cropped to 13:14.
    const size = await card
      .getByRole('img')
      .evaluate((image: HTMLImageElement) => ({ width: image.naturalWidth, height: image.naturalHeight }));
    expect(size.width).toBeGreaterThan(0);
    expect(size.width / size.height).toBeCloseTo(13 / 14, 1);

    // The owner's detail: no ratings yet, AI insights, the face analysis, the lightbox.
    await card.getByRole('button', { name: 'Open Sunday at the lake' }).click();
    const detail = page.getByRole('dialog', { name: 'Sunday at the lake' });
    await detail.getByText('No ratings yet').waitFor();
    await detail.getByRole('region', { name: 'AI Insights' }).getByText('Zodiac vibe:').waitFor();
    await detail.getByRole('button', { name: 'Face analysis' }).click();
    await detail.getByText('Age range').waitFor();
    await detail.getByRole('button', { name: 'Show photo' }).click();
    await detail.getByRole('button', { name: 'View full screen' }).click();
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Photo viewer' }).waitFor({ state: 'detached' });
    await detail.getByRole('button', { name: 'Close' }).click();
    await detail.waitFor({ state: 'detached' });

    await card.getByRole('switch', { name: 'Active: Sunday at the lake' }).click();
    await card.getByText('This photo is not active').waitFor();
    expect(
      (
        await eventually(
          () => readDocuments<Photo>(`users/${uid}/photos`),
          ([found]) => found?.active === false,
        )
      )[0]?.active,
    ).toBe(false);
    await card.getByRole('switch', { name: 'Active: Sunday at the lake' }).click();
    await card.getByText('This photo is not active').waitFor({ state: 'detached' });

    await card.getByRole('button', { name: 'Delete Sunday at the lake' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this photo?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card.waitFor({ state: 'detached' });
    expect(
      await eventually(
        () => readDocuments<Photo>(`users/${uid}/photos`),
        (photos) => photos.length === 0,
      ),
    ).toEqual([]);
    expect(existsSync(smallFile)).toBe(false);
    await member.close();
  }, 120_000);

  it('refuses a photo without a face, and a file that is not an image', async () => {
    const { member, uid } = await newMember();
    const { page } = member;
    const sky = path.join(scratch, 'sky.jpg');
    writeFileSync(
      sky,
      await sharp({ create: { width: 900, height: 700, channels: 3, background: '#5b8fd6' } })
        .jpeg()
        .toBuffer(),
    );
    const notes = path.join(scratch, 'notes.txt');
    writeFileSync(notes, 'not a photo');
    // Named like a photo, so the browser calls it image/jpeg: only drawing it shows what it is.
    const renamed = path.join(scratch, 'notes.jpg');
    writeFileSync(renamed, 'not a photo either');

    await page.getByRole('button', { name: /Add New Photo/ }).click();
    const form = page.getByRole('dialog', { name: 'New Photo' });
    await form.getByLabel('Photo file').setInputFiles(notes);
    await form.getByText('This file is not an image').waitFor();
    await form.getByLabel('Photo file').setInputFiles(renamed);
    await form.getByText('This file is not an image').waitFor();
    expect(await form.getByText('Photo is required').count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Post' }).isDisabled()).toBe(true);
    await form.getByLabel('Photo file').setInputFiles(sky);
    await form.locator('.reactEasyCrop_Container').waitFor();
    await form.getByRole('button', { name: 'Post' }).click();
    await form
      .getByText('No face detected, please consider trying with another photo')
      .waitFor({ timeout: 60_000 });
    expect(readDocuments(`users/${uid}/photos`)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await member.close();
  }, 120_000);

  it('keeps the shared photo page still while its photo loads', async () => {
    const { member, uid, photo } = await memberWithPhoto(
      browser(),
      { name: 'Noor', age: 31, gender: 'Female', showMe: 'Both' },
      samplePhoto,
      'Seaside',
    );
    changeDocument(`users/${uid}/photos/${photo.id}`, { votesCount: 1, rate: 4, sharedAt: new Date() });
    const visitor = await Member.open(browser());
    const { page } = visitor;
    await page.setViewportSize({ width: 412, height: 915 });
    // The preview's answer comes late, as on a slow phone, so the page shows its placeholder first.
    await page.route('**/getSharedPhoto', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
          shifts.total += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await visitor.visit(`/photo/${photo.id}?referrer=${uid}`);
    const join = page.getByRole('button', { name: 'Get your photos rated' });
    await page.getByRole('progressbar', { name: 'Loading' }).waitFor();
    const before = await join.boundingBox();
    const image = page.getByRole('article', { name: 'Shared photo' }).getByRole('img');
    await image.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('article img')?.complete);
    const after = await join.boundingBox();
    // Only the caption's line comes in above the invitation; the photo's box was there all along.
    expect(after!.y - before!.y).toBeLessThan(40);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total,
    );
    expect(shifts).toBeLessThan(0.1);
    await visitor.close();
    await member.close();
  }, 120_000);

  it('shows a visitor of a share link only photos that can be shared, and invites them to join', async () => {
    const visitor = await Member.open(browser());
    const { page } = visitor;
    await visitor.visit('/photo/noSuchPhoto?referrer=someMember');
    await page.getByText('This photo is not shared anymore.').waitFor();
    await page.getByRole('button', { name: 'Get your photos rated' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('photorater.referrer'))).toBe('someMember');
    await visitor.close();
  });
});
