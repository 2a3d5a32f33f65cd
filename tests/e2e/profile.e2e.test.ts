/**
 * The profile dashboard as a member uses it: username, the edit-profile form, a new profile photo;
 * and deleting the account, after which the member's photos leave everyone's feed.
 */
import { describe, expect, it } from 'vitest';
import type { Photo } from '../../src/domain/photo';
import type { User } from '../../src/domain/user';
import { browserForFile } from './support/browser';
import {
  eventually,
  joinedMember,
  Member,
  memberWithPhoto,
  readDocument,
  readUserByEmail,
  samplePhotoPath,
} from './support/member';

const browser = browserForFile();

describe('the profile dashboard', () => {
  it('renames, edits the profile, changes the photo, and deletes the account out of every feed', async () => {
    const a = await memberWithPhoto(
      browser(),
      { name: 'Dana', age: 26, gender: 'Female', showMe: 'Both' },
      samplePhotoPath(4),
      'Leaving soon',
    );
    const { photo } = a;

    const b = await joinedMember(browser(), { name: 'Eli', age: 31, gender: 'Male', showMe: 'Both' });
    await b.member.openInFeed(photo);
    await b.member.page.getByText('Leaving soon').waitFor();

    const { page } = a.member;
    await a.member.visit('/profile');
    await page.getByRole('heading', { name: 'Dana' }).waitFor();
    await page.getByLabel('Login streak').getByText('1-day streak · Building momentum').waitFor();
    await page.getByRole('button', { name: 'Edit username' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill('Dana Q');
    await page.getByRole('button', { name: 'Save username' }).click();
    await page.getByText('Username has been updated!').waitFor();
    await page.getByRole('heading', { name: 'Dana Q' }).waitFor();

    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Age').fill('27');
    await form.getByRole('radio', { name: 'Men', exact: true }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile has been saved!').waitFor();
    expect(readUserByEmail<User>(a.member.email)).toMatchObject({
      displayName: 'Dana Q',
      age: 27,
      showGender: 'male',
    });

    await page.getByLabel('Profile photo file').setInputFiles(samplePhotoPath(1));
    await page.getByText('Profile photo has been updated!').waitFor();
    const withAvatar = readUserByEmail<User>(a.member.email)!;
    expect(withAvatar.photoURL).toMatch(/avatar_/);
    const avatar = page.getByRole('region', { name: 'Your profile' }).getByRole('img', { name: 'Dana Q' });
    const width = await eventually(
      () => avatar.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)),
      (loaded) => loaded > 0,
    );
    expect(width).toBe(256);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    await page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('button', { name: 'Continue' })
      .click();
    const why = page.getByRole('form', { name: 'Why are you leaving?' });
    await why.getByLabel('Reason').fill('Found what I came for, thank you');
    await why.getByRole('button', { name: 'Delete my account' }).click();
    await page
      .getByText('Your account has been deleted. Removing your data may take up to 24 hours.')
      .waitFor();
    await page.getByRole('button', { name: 'Get started' }).waitFor();

    expect(readDocument(`removals/${a.uid}`)).toMatchObject({ message: 'Found what I came for, thank you' });
    // The hourly purge may already have run; either way the photo is out of every feed.
    const gone = readDocument<Photo>(`users/${a.uid}/photos/${photo.id}`);
    expect(gone === undefined || (gone.active === false && gone.error === 'User deleted')).toBe(true);
    await b.member.page.reload();
    await b.member.page.getByRole('heading', { name: 'Rate' }).waitFor();
    await b.member.page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(await b.member.page.getByText('Leaving soon').count()).toBe(0);
    await a.member.close();
    await b.member.close();
  }, 180_000);

  it("keeps the light or dark choice on the member's record: their other device follows", async () => {
    const { member, uid } = await joinedMember(browser(), { name: 'Faye' });
    const other = await Member.open(browser(), member.email);
    await other.signIn(member.password);
    await other.page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();

    await member.page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await member.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(
      await eventually(
        () => readDocument<User>(`users/${uid}`)?.colorMode,
        (mode) => mode === 'dark',
      ),
    ).toBe('dark');
    // The other device turns dark as the record changes, and stays so after a reload.
    await other.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await other.page.reload();
    await other.page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await member.close();
    await other.close();
  }, 120_000);
});
