/**
 * The loop's missing pieces, as people meet them: a visitor writes to the team with a reply address and
 * an admin reads it in the Inbox and marks it handled; an owner blocks a commenter from their photo's
 * detail and the comment leaves their view.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminLogEntry } from '../../src/domain/admin';
import type { ContactMessage } from '../../src/domain/contact';
import type { Vote } from '../../src/domain/vote';
import { browserForFile } from './support/browser';
import {
  Member,
  eventually,
  joinedMember,
  memberWithPhoto,
  readDocuments,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

/** The demo admin a new local data folder has (README, "Admins"). */
const DEMO_ADMIN = { email: 'admin@example.com', password: 'photorater-admin' };

describe("the loop's missing pieces", () => {
  it('a visitor writes with a reply address; an admin reads it in the Inbox and marks it handled', async () => {
    const words = `Where do my tokens go? ${randomUUID().slice(0, 8)}`;
    const visitor = await Member.open(browser());
    await visitor.visit('/contact');
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    await visitor.page.getByText('Please give an e-mail address we can reply to').waitFor();
    await visitor.page.getByLabel(/Your e-mail/).fill('curious.visitor@example.com');
    await visitor.page.getByLabel(/Your message/).fill(words);
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    await visitor.page.getByText("Thank you for your message! We'll get back to you soon.").waitFor();
    await visitor.close();

    const admin = await Member.open(browser(), DEMO_ADMIN.email);
    await admin.signIn(DEMO_ADMIN.password);
    await admin.page.waitForURL((url) => url.pathname !== '/login');
    await admin.visit('/admin');
    await admin.page.getByRole('tab', { name: 'Inbox' }).click();
    const row = admin.page
      .getByRole('table', { name: 'Contact us messages' })
      .getByRole('row')
      .filter({ hasText: words });
    await row.getByText('Visitor <curious.visitor@example.com>').waitFor();
    await row.getByRole('button', { name: 'Read message from Visitor' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Message from Visitor' });
    await dialog.getByRole('link', { name: 'curious.visitor@example.com' }).waitFor();
    await dialog.getByRole('button', { name: 'Mark message from Visitor handled' }).click();
    await dialog.getByText('Handled').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Handled').waitFor();

    const [stored] = readDocuments<ContactMessage & { id?: string }>('contact').filter(
      (message) => message.message === words,
    );
    expect(stored).toMatchObject({ email: 'curious.visitor@example.com', uid: null });
    expect(stored?.handledAt).toBeTruthy();
    const marks = readDocuments<AdminLogEntry>('adminLog').filter(
      (entry) => entry.action === 'markMessageHandled' && entry.targetPath.startsWith('contact/'),
    );
    expect(marks.length).toBeGreaterThan(0);
    await admin.close();
  });

  it("an owner blocks a commenter from the photo's detail, and the comment leaves the view", async () => {
    const owner = await memberWithPhoto(
      browser(),
      { name: 'Olga', age: 31, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(3),
      'Block test',
    );
    const voter = await joinedMember(browser(), { name: 'Vic', age: 35, gender: 'Male', showMe: 'Both' });
    const { page } = voter.member;
    await voter.member.openInFeed(owner.photo);
    await page.getByText('Block test').waitFor();
    await page.keyboard.press('3');
    await page.getByLabel('Comment (optional)').fill('Try another angle');
    await page.getByRole('button', { name: 'Rate', exact: true }).click();
    await page.getByText('Block test').waitFor({ state: 'detached' });
    const votesOnPhoto = `users/${owner.uid}/photos/${owner.photo.id}/votes`;
    await eventually(
      () => readDocuments<Vote>(votesOnPhoto)[0],
      (found) => found?.comment === 'Try another angle',
    );

    const card = owner.member.page.getByRole('article', { name: 'Block test' });
    await card.getByText('1 vote').waitFor();
    await card.getByRole('button', { name: 'Open Block test' }).click();
    const detail = owner.member.page.getByRole('dialog', { name: 'Block test' });
    const comment = detail.getByRole('listitem', { name: 'Comment: Try another angle' });
    await comment.getByRole('button', { name: 'More about this comment' }).click();
    await owner.member.page.getByRole('menuitem', { name: 'Block this member' }).click();
    await owner.member.page.getByRole('button', { name: 'Block', exact: true }).click();
    await comment.waitFor({ state: 'detached' });
    await detail.getByText('No comments yet.').waitFor();
    const [blocked] = readDocuments<Vote>(votesOnPhoto);
    expect(blocked?.blocked).toBe(true);
    await owner.member.close();
    await voter.member.close();
  });
});
