/**
 * A photo the upload screening holds: its owner sees it In review, with the reason in plain words; the
 * demo admin finds it in the Review tab with the model's figures and approves it; it is live, its owner
 * told. The held state is the one createPhoto writes for the model's recorded borderline output
 * (src/domain/screening-measured.ts): no sample photo is borderline, as the screening's tests show.
 */
import { describe, expect, it } from 'vitest';
import type { AdminLogEntry } from '../../src/domain/admin';
import type { AppNotification } from '../../src/domain/notifications';
import type { Photo } from '../../src/domain/photo';
import { SCREENING_MESSAGES, screenUpload } from '../../src/domain/screening';
import { LOWER_HALF_OF_SAMPLE_3 } from '../../src/domain/screening-measured';
import { browserForFile } from './support/browser';
import {
  Member,
  changeDocument,
  memberWithPhoto,
  readDocument,
  readDocuments,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

/** The demo admin a new local data folder has (README, "Admins"). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'photorater-admin' };

describe('a held photo', () => {
  it('shows In review to its owner until an admin approves it', async () => {
    const { member, uid, photo } = await memberWithPhoto(
      browser(),
      { name: 'Hana Held' },
      samplePhotoPath(3),
      'Held one',
    );
    const verdict = screenUpload(LOWER_HALF_OF_SAMPLE_3, 27.2);
    if (verdict.verdict !== 'hold') throw new Error('The recorded output should be held');
    changeDocument(`users/${uid}/photos/${photo.id}`, {
      active: false,
      eligible: false,
      evaluated: false,
      review: {
        reason: verdict.reason,
        explicit: verdict.explicit,
        scores: verdict.scores,
        ageEstimate: verdict.ageEstimate,
        heldAt: new Date(),
      },
    });
    await member.visit('/photos');
    const card = member.page.getByRole('article', { name: 'Held one' });
    await card.getByText(SCREENING_MESSAGES.inReview).waitFor();
    await card.getByText(SCREENING_MESSAGES.reason.explicit).waitFor();
    await expect.poll(() => card.getByRole('switch').isDisabled()).toBe(true);

    const admin = await Member.open(browser(), DEMO_ADMIN.email);
    await admin.signIn(DEMO_ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname !== '/login');
    await admin.visit('/admin');
    await admin.page.getByRole('tab', { name: 'Review' }).click();
    const held = admin.page.getByRole('article', { name: `Held photo ${photo.id}` });
    await held.getByText('May be explicit').waitFor();
    await held.getByText(/Explicit score 49%/).waitFor();
    await held.getByRole('button', { name: `Approve photo ${photo.id}` }).click();
    await held.waitFor({ state: 'detached' });

    const approved = readDocument<Photo>(`users/${uid}/photos/${photo.id}`);
    expect(approved).toMatchObject({ active: true, eligible: true, evaluated: true });
    expect(approved?.review).toBeUndefined();
    expect(readDocuments<AppNotification>(`users/${uid}/notifications`).map((note) => note.body)).toContain(
      SCREENING_MESSAGES.approved,
    );
    expect(readDocuments<AdminLogEntry>('adminLog').map((entry) => entry.action)).toContain(
      'approveHeldPhoto',
    );

    await member.visit('/photos');
    await member.page.getByRole('article', { name: 'Held one' }).getByRole('switch').waitFor();
    await expect
      .poll(() => member.page.getByText(SCREENING_MESSAGES.inReview).count(), { timeout: 10_000 })
      .toBe(0);
    await member.close();
    await admin.close();
  });
});
